import { UserMinus } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { toast } from '#client/components/ui/toast.tsx';

import { useRemoveDisciple } from '../api/remove-disciple.ts';

/** "Remove from your tree" on a direct disciple's row, after a confirmation. */
export function RemoveDiscipleButton({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('mentoring');
  // The toast is the mutation's own: this row unmounts when the tree comes back without the disciple.
  const remove = useRemoveDisciple({
    onSuccess: () => toast({ title: t('links.leftTitle'), description: t('links.removedText', { name }) }),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="icon"
          className="size-8 shrink-0"
          aria-label={t('links.remove', { name })}
          title={t('links.remove', { name })}
        >
          <UserMinus aria-hidden />
        </Button>
      }
      title={t('links.removeTitle', { name })}
      description={t('links.removeText', { name })}
      confirm={{ label: t('links.removeConfirm') }}
      isPending={remove.isPending}
      onConfirm={(close) => remove.mutate(id, { onSuccess: close })}
      data-testid="remove-disciple-dialog"
    />
  );
}
