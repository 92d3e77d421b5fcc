import { X } from 'lucide-react';
import { Toast as T } from 'radix-ui';
import { useTranslation } from 'react-i18next';

import { cn } from '../../lib/utils.ts';
import { dismiss, toastTiming, type ToastItem } from './toast.tsx';

/** The visible part of the one toast system (toast.tsx), loaded with the first toast. */
export default function ToastViewport({ items }: { items: ToastItem[] }) {
  const { t } = useTranslation();
  return (
    <T.Provider duration={toastTiming.duration} swipeDirection="right" swipeThreshold={50} label={t('notifications')}>
      {items.map((item) => (
        <T.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismiss(item.id)}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-9 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full',
            item.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'bg-card text-card-foreground',
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
