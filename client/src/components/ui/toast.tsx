import { lazy, Suspense, useSyncExternalStore } from 'react';

/** Spec: at most one toast, auto-dismissed after 5 s, swipe right (50 px) to dismiss, F8 focuses the viewport. */
const TOAST_LIMIT = 1;
/**
 * How long a toast stays (ms). Component tests set it to Infinity (client/src/test/setup.ts): the 5 s
 * run on the wall clock, which a loaded machine can spend between the answer and the test's look.
 */
export const toastTiming = { duration: 5000 };
const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}
export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

// Starts as the server's snapshot itself (useToasts): a screen the server rendered hydrates with no toast to add.
const noToasts: ToastItem[] = [];
let toasts: ToastItem[] = noToasts;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function dismiss(id: number) {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, TOAST_REMOVE_DELAY);
}

/** Shows a toast; the newest replaces any other. */
export function toast(input: ToastInput) {
  const id = nextId++;
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return { id, dismiss: () => dismiss(id) };
}

/** Removes every toast at once (the component tests' clean-up: nothing one test showed reaches the next). */
export function clearToasts() {
  toasts = noToasts;
  emit();
}

export function useToasts() {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
    // Rendered on the server (docs/decisions/084): none.
    () => noToasts,
  );
}

// Radix's toast (and its layers) loads with the first toast: most screens never show one.
const ToastViewport = lazy(() => import('./toast-viewport.tsx'));

/** Mounted once at the root; costs nothing until a toast is shown. */
export function Toaster() {
  const items = useToasts();
  if (items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport items={items} />
    </Suspense>
  );
}
