import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * Focus that goes back to the button that opened a form once the form closes: `returnFocus()` beside the state
 * change that closes it, and the button (rendered again in that same commit) takes focus after the commit.
 * A requestAnimationFrame can run before a render that React scheduled from an `await`, and find no button.
 */
export function useFocusReturn<T extends HTMLElement>(): [RefObject<T | null>, () => void] {
  const target = useRef<T>(null);
  const [returns, setReturns] = useState(0);
  useEffect(() => {
    if (returns) target.current?.focus();
  }, [returns]);
  return [target, () => setReturns((n) => n + 1)];
}
