import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { cn } from '../../lib/utils.ts';
import { Button } from './button.tsx';

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

export function DialogContent({ className, children, closeLabel, ...p }: ComponentProps<typeof D.Content> & { closeLabel: string }) {
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-black/60 data-[state=open]:animate-in" />
      <D.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 flex max-h-[92dvh] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-2xl border bg-card p-5 shadow-xl sm:p-6',
          className,
        )}
        {...p}
      >
        {children}
        <D.Close
          className="absolute right-3 top-3 rounded-md p-1.5 opacity-70 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={closeLabel}
        >
          <X className="size-4" aria-hidden />
        </D.Close>
      </D.Content>
    </D.Portal>
  );
}

/** A dialog's buttons: side by side at the end on a wide screen, stacked with the main one on top on a phone. */
export const DialogActions = ({ className, ...p }: ComponentProps<'div'>) => (
  <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...p} />
);
/**
 * A form dialog's buttons: "Cancel" (`onCancel`, which closes the dialog) and the submit button, disabled
 * and reading `pendingLabel` while the request is on its way.
 */
export function DialogFormActions({
  onCancel,
  submitLabel,
  pendingLabel,
  isPending,
}: {
  onCancel: () => void;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <DialogActions>
      <Button type="button" variant="outline" onClick={onCancel}>
        {t('cancel')}
      </Button>
      <Button type="submit" disabled={isPending}>
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </DialogActions>
  );
}
export const DialogHeader = ({ children }: { children: ReactNode }) => <div className="flex flex-col gap-1.5 pr-8">{children}</div>;
export const DialogTitle = ({ className, ...p }: ComponentProps<typeof D.Title>) => (
  <D.Title className={cn('text-xl font-semibold', className)} {...p} />
);
export const DialogDescription = ({ className, ...p }: ComponentProps<typeof D.Description>) => (
  <D.Description className={cn('text-sm text-muted-foreground', className)} {...p} />
);
