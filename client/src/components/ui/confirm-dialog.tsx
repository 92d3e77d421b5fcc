import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from './button.tsx';
import {
  Dialog,
  DialogActions,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog.tsx';

export interface ConfirmDialogProps {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: string;
  description: string;
  /** The destructive action's label. */
  confirm: { label: string };
  /** The way out (default: "Cancel"). */
  cancelLabel?: string;
  /** While true the action button is disabled (a request is on its way). */
  isPending: boolean;
  /** Runs the action; call `close` once it succeeded (on failure the dialog stays open). */
  onConfirm: (close: () => void) => void;
  'data-testid'?: string;
  /** More about what happens, under the description (a list of consequences). */
  children?: ReactNode;
}

/** "Are you sure?" before an action that cannot be undone in one tap: a title, what happens, a way out and the action. */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirm,
  cancelLabel,
  isPending,
  onConfirm,
  'data-testid': testId,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent closeLabel={t('close')} data-testid={testId}>
        <DialogHeader>
          <DialogTitle className="[overflow-wrap:anywhere]">{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogActions>
          <DialogClose asChild>
            <Button variant="outline">{cancelLabel ?? t('cancel')}</Button>
          </DialogClose>
          <Button variant="destructive" disabled={isPending} onClick={() => onConfirm(() => setOpen(false))}>
            {confirm.label}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
