import { useCallback, useMemo, useSyncExternalStore } from 'react';

/**
 * A set of small integers kept in this browser's localStorage under `key` (read sections of a
 * lesson, days of the 21-day challenge). Not sent to the server (spec section 4).
 */
const listeners = new Set<() => void>();
// Where values go when storage is unavailable (some private modes): they then last until the page closes.
const memory = new Map<string, string>();

function readRaw(key: string): string {
  try {
    return localStorage.getItem(key) ?? memory.get(key) ?? '[]';
  } catch {
    return memory.get(key) ?? '[]';
  }
}

function parse(raw: string): number[] {
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((n): n is number => Number.isInteger(n) && n >= 0) : [];
  } catch {
    return [];
  }
}

export const readLocalIndexes = (key: string): number[] => parse(readRaw(key));

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changing the same data updates this one too.
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useLocalIndexes(key: string) {
  const raw = useSyncExternalStore(subscribe, () => readRaw(key));
  const values = useMemo(() => new Set(parse(raw)), [raw]);
  const set = useCallback(
    (index: number, on: boolean) => {
      const next = new Set(readLocalIndexes(key));
      if (on) next.add(index);
      else next.delete(index);
      const value = JSON.stringify([...next].sort((a, b) => a - b));
      try {
        localStorage.setItem(key, value);
      } catch {
        memory.set(key, value);
      }
      listeners.forEach((l) => l());
    },
    [key],
  );
  return [values, set] as const;
}
