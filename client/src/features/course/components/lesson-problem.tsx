import { FileQuestion, Lock, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { MessageCard } from '#client/components/layout/message-card.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { ApiRequestError } from '#client/lib/api.ts';

/**
 * The cards of spec section 8 for a lesson or assessment that cannot be shown: not found (404 or
 * a malformed id), locked (403), or any other failure.
 */
export function LessonProblem({ error, kind }: { error: unknown; kind: 'lesson' | 'assessment' }) {
  const { t } = useTranslation(['course', 'common']);
  const status = error instanceof ApiRequestError ? error.status : 0;
  const back = (
    <Link href="/dashboard" className={buttonVariants()}>
      {t('backToDashboard')}
    </Link>
  );
  if (status === 403)
    return (
      <MessageCard
        icon={<Lock className="size-10 text-muted-foreground" aria-hidden />}
        title={t('locked.title')}
        message={t('locked.text')}
        action={back}
      />
    );
  if (status === 404 || status === 400 || !error)
    return (
      <MessageCard
        icon={<FileQuestion className="size-10 text-muted-foreground" aria-hidden />}
        title={kind === 'lesson' ? t('notFound.lesson') : t('notFound.assessment')}
        message={kind === 'lesson' ? t('notFound.lessonText') : t('notFound.assessmentText')}
        action={back}
      />
    );
  return (
    <MessageCard
      icon={<TriangleAlert className="size-10 text-destructive" aria-hidden />}
      title={t('common:errors.title')}
      message={t('common:errors.generic')}
      action={back}
    />
  );
}
