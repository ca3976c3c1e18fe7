/**
 * A value kept in localStorage and shared by every component through one small store (for
 * useSyncExternalStore): read once and cached, written through to storage, and refreshed when another tab
 * changes it (the storage event). `null` removes the key.
 */
export interface StoredValue<T> {
  read(): T;
  write(next: T | null): void;
  subscribe(listener: () => void): () => void;
}

/** Every store's refresh: drop the cached value and tell its listeners. */
const refreshes = new Set<() => void>();

/** Empties the whole of localStorage (account deletion), and every store with it. */
export function clearStoredValues(): void {
  try {
    window.localStorage.clear();
  } catch {
    // Storage blocked: the stores' values were only in memory, and go below.
  }
  refreshes.forEach((refresh) => refresh());
}

export function storedValue<T>(key: string, parse: (raw: string | null) => T, empty: T): StoredValue<T> {
  let cached: { value: T } | null = null;
  const listeners = new Set<() => void>();

  const read = (): T => {
    if (!cached) {
      try {
        cached = { value: parse(window.localStorage.getItem(key)) };
      } catch {
        cached = { value: empty };
      }
    }
    return cached.value;
  };

  const write = (next: T | null) => {
    cached = { value: next ?? empty };
    try {
      if (next === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, JSON.stringify(next));
    } catch {
      // Storage blocked or full: the value still holds for this page view.
    }
    listeners.forEach((l) => l());
  };

  const refresh = () => {
    cached = null;
    listeners.forEach((l) => l());
  };
  refreshes.add(refresh);

  const onStorage = (e: StorageEvent) => {
    if (e.key === key || e.key === null) refresh();
  };

  const subscribe = (listener: () => void) => {
    if (!listeners.size) window.addEventListener('storage', onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (!listeners.size) window.removeEventListener('storage', onStorage);
    };
  };

  return { read, write, subscribe };
}
