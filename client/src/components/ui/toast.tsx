import { X } from 'lucide-react';
import { Toast as T } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils.ts';

/** Spec: at most one toast, auto-dismissed after 5 s, swipe right (50 px) to dismiss, F8 focuses the viewport. */
const TOAST_LIMIT = 1;
const TOAST_DURATION = 5000;
const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}
interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function dismiss(id: number) {
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

function useToasts() {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
  );
}

export function Toaster() {
  const items = useToasts();
  const { t } = useTranslation();
  return (
    <T.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50} label={t('notifications')}>
      {items.map((item) => (
        <T.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismiss(item.id)}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-9 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full',
            item.variant === 'destructive' ? 'border-destructive bg-destructive text-destructive-foreground dark:border-red-700 dark:bg-red-700' : 'bg-card text-card-foreground',
          )}
        >
          <div className="grid gap-1">
            <T.Title className="text-sm font-semibold">{item.title}</T.Title>
            {item.description && <T.Description className="text-sm opacity-90">{item.description}</T.Description>}
          </div>
          <T.Close aria-label={t('close')} className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100">
            <X className="size-4" aria-hidden />
          </T.Close>
        </T.Root>
      ))}
      <T.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 md:max-w-[420px]" />
    </T.Provider>
  );
}
