import { currentUserId } from './learning-store.ts';

/**
 * A list kept in this browser's localStorage for the signed-in account (so two people sharing a
 * browser never mix theirs), read as the same array until its text changes so that
 * useSyncExternalStore can watch it. Used by the outboxes of things to send once back online.
 */
export function storedList<T>(name: string) {
  const listeners = new Set<() => void>();
  const storageKey = () => `learning:${name}:v1:${currentUserId() ?? 'local'}`;
  let cache: { key: string; raw: string | null; list: T[] } | undefined;
  /** On the server (a screen rendered per request, docs/decisions/084) nothing is kept: the browser's list shows once the app runs. */
  const none: T[] = [];
  const readOnServer = () => none;

  function read(): T[] {
    const key = storageKey();
    let raw: string | null = null;
    try {
      raw = localStorage.getItem(key);
    } catch {
      // storage unavailable: nothing kept
    }
    if (cache?.key !== key || cache.raw !== raw) {
      let list: T[];
      try {
        list = raw ? (JSON.parse(raw) as T[]) : [];
      } catch {
        list = [];
      }
      // An empty list is the server's own, so a screen it rendered hydrates without a change that is none.
      cache = { key, raw, list: list.length ? list : none };
    }
    return cache.list;
  }

  function write(list: T[]) {
    try {
      localStorage.setItem(storageKey(), JSON.stringify(list));
    } catch {
      // storage unavailable: the list lives on screen only
    }
    listeners.forEach((l) => l());
  }

  function subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }

  return { read, readOnServer, write, subscribe };
}
