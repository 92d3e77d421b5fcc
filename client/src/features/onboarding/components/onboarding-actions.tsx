import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { Button, buttonVariants } from '#client/components/ui/button.tsx';

interface Props {
  hasSkipped: boolean;
  busy: boolean;
  isSubmitting: boolean;
  onSkip: () => void;
}

/** Skip (first time) or "not now" (after a skip), and submit. */
export function OnboardingActions({ hasSkipped, busy, isSubmitting: isPending, onSkip }: Props) {
  const { t } = useTranslation('onboarding');
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
      {hasSkipped ? (
        <Link href="/dashboard" className={buttonVariants({ variant: 'ghost' })}>
          {t('notNow')}
        </Link>
      ) : (
        <div className="flex flex-col gap-1 sm:max-w-xs">
          <Button type="button" variant="ghost" className="sm:self-start" onClick={onSkip} disabled={busy}>
            {t('skip')}
          </Button>
          <p className="text-center text-xs text-muted-foreground sm:text-left">{t('skipHint')}</p>
        </div>
      )}
      <Button type="submit" size="lg" disabled={busy}>
        {isPending ? t('submitting') : t('submit')}
      </Button>
    </div>
  );
}
