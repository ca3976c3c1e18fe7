import { useCallback, useState } from 'react';

/**
 * Open or closed, closing by itself once `key` changes (a menu closes on another page): the state remembers
 * where it was opened, so nothing has to close it after the change.
 */
export function useOpenWhile(key: string): [open: boolean, setOpen: (open: boolean) => void] {
  const [openAt, setOpenAt] = useState<string | null>(null);
  const setOpen = useCallback((next: boolean) => setOpenAt(next ? key : null), [key]);
  return [openAt === key, setOpen];
}
