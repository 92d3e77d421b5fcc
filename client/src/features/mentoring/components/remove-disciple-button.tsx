import { UserMinus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useRemoveDisciple } from '../api/remove-disciple.ts';

/** "Remove from your tree" on a direct disciple's row, after a confirmation. */
export function RemoveDiscipleButton({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation(['mentoring', 'common']);
  const [open, setOpen] = useState(false);
  const remove = useRemoveDisciple();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8 shrink-0" aria-label={t('links.remove', { name })} title={t('links.remove', { name })}>
          <UserMinus aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:close')} data-testid="remove-disciple-dialog">
        <DialogHeader>
          <DialogTitle className="[overflow-wrap:anywhere]">{t('links.removeTitle', { name })}</DialogTitle>
          <DialogDescription>{t('links.removeText', { name })}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">{t('common:cancel')}</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(id, {
                onSuccess: () => {
                  setOpen(false);
                  toast({ title: t('links.leftTitle'), description: t('links.removedText', { name }) });
                },
                onError: (err) => toast({ variant: 'destructive', title: t('links.errorTitle'), description: describeError(t, err, { ns: 'mentoring' }) }),
              })
            }
          >
            {t('links.removeConfirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
