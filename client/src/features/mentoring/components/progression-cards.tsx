import { Award, CheckCircle2, Clock, Crown, Mail, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Badge } from '#client/components/ui/badge.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Card, CardContent, IconCardHeader } from '#client/components/ui/card.tsx';
import { Progress } from '#client/components/ui/progress.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { useDates } from '#client/lib/dates.ts';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { cn } from '#client/lib/utils.ts';
import type { Progression } from '#common/contracts/mentoring.ts';
import { AMBASSADOR_MIN_COMPLETED_DISCIPLES, COORDINATOR_MIN_DIRECT_DISCIPLES } from '#common/domain/eligibility.ts';

import { useApplyForAmbassador } from '../api/apply-ambassador.ts';

/** Coordinator (Level 2): 3 or more direct disciples; shows how many remain. */
export function CoordinatorCard({ progression }: { progression: Progression }) {
  const { t } = useTranslation('mentoring');
  const { directDisciples, isCoordinatorEligible, coordinatorRemaining } = progression;
  return (
    <Card data-testid="coordinator-card" className={isCoordinatorEligible ? 'border-success/50' : undefined}>
      <IconCardHeader
        icon={Crown}
        title={t('coordinator.title')}
        description={t('coordinator.rule', { count: COORDINATOR_MIN_DIRECT_DISCIPLES })}
        iconClassName="text-gold-foreground dark:text-gold"
      />
      <CardContent className="flex flex-col gap-2">
        <Progress
          value={(Math.min(directDisciples, COORDINATOR_MIN_DIRECT_DISCIPLES) / COORDINATOR_MIN_DIRECT_DISCIPLES) * 100}
          label={t('coordinator.title')}
        />
        <p className="text-sm text-muted-foreground">
          {directDisciples >= COORDINATOR_MIN_DIRECT_DISCIPLES
            ? t('coordinator.countReached', { count: directDisciples })
            : t('coordinator.count', { count: directDisciples, goal: COORDINATOR_MIN_DIRECT_DISCIPLES })}
        </p>
        {isCoordinatorEligible ? (
          <>
            <p className="flex items-center gap-1.5 font-semibold text-success" data-testid="coordinator-status">
              <CheckCircle2 className="size-4" aria-hidden />
              {t('coordinator.eligible')}
            </p>
            <CoordinatorNextStep role={progression.role} />
          </>
        ) : (
          <p className="font-semibold" data-testid="coordinator-status">
            {t('coordinator.remaining', { count: coordinatorRemaining })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * What happens next once eligible (decision 040): the team confirms coordinators after a
 * conversation, so the card says whom to write to, with a mail already addressed.
 */
function CoordinatorNextStep({ role }: { role: Progression['role'] }) {
  const { t } = useTranslation('mentoring');
  const { data: config } = usePublicConfig();
  if (role !== 'user' && role !== 'ambassador')
    return (
      <p className="text-sm text-muted-foreground" data-testid="coordinator-next">
        {t('coordinator.holds')}
      </p>
    );
  return (
    <div className="flex flex-col gap-2 rounded-lg border bg-muted/50 p-3 text-sm" data-testid="coordinator-next">
      <p>{t('coordinator.next')}</p>
      {config && (
        <a
          href={`mailto:${config.supportEmail}?subject=${encodeURIComponent(t('coordinator.mailSubject'))}`}
          className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'self-start')}
        >
          <Mail aria-hidden />
          {t('coordinator.write')}
        </a>
      )}
      {config && (
        <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
          {t('coordinator.contacts', { email: config.supportEmail, whatsapp: config.supportWhatsapp })}
        </p>
      )}
    </div>
  );
}

const statusLook = {
  pending: { variant: 'gold', icon: Clock },
  approved: { variant: 'success', icon: CheckCircle2 },
  declined: { variant: 'destructive', icon: XCircle },
} as const;

/** Ambassador: 3 or more disciples who completed the course; apply, then follow the application. */
export function AmbassadorCard({ progression }: { progression: Progression }) {
  const { t } = useTranslation(['mentoring', 'common']);
  const { date: formatDate } = useDates();
  const apply = useApplyForAmbassador();
  const { role, completedDisciples, isAmbassadorEligible, ambassadorRemaining, application, canApply } = progression;
  const isAlready = role !== 'user';
  const look = application ? statusLook[application.status] : null;

  const onApply = () =>
    apply.mutate(undefined, {
      onSuccess: () => toast({ title: t('ambassador.appliedTitle'), description: t('ambassador.appliedText') }),
    });

  return (
    <Card data-testid="ambassador-card" className={isAmbassadorEligible ? 'border-gold/60' : undefined}>
      <IconCardHeader
        icon={Award}
        title={t('ambassador.title')}
        description={t('ambassador.rule', { count: AMBASSADOR_MIN_COMPLETED_DISCIPLES })}
        iconClassName="text-gold-foreground dark:text-gold"
      />
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-col gap-2">
          <Progress
            value={(Math.min(completedDisciples, AMBASSADOR_MIN_COMPLETED_DISCIPLES) / AMBASSADOR_MIN_COMPLETED_DISCIPLES) * 100}
            label={t('ambassador.title')}
          />
          <p className="text-sm text-muted-foreground">
            {completedDisciples >= AMBASSADOR_MIN_COMPLETED_DISCIPLES
              ? t('ambassador.countReached', { count: completedDisciples })
              : t('ambassador.count', { count: completedDisciples, goal: AMBASSADOR_MIN_COMPLETED_DISCIPLES })}
          </p>
        </div>
        {isAlready ? (
          <p className="flex items-center gap-1.5 font-semibold text-success" data-testid="ambassador-status">
            <CheckCircle2 className="size-4" aria-hidden />
            {t('ambassador.holds', { role: t(`roles.${role}`) })}
          </p>
        ) : (
          <>
            {application && look && (
              <div className="flex flex-col gap-1" data-testid="ambassador-status">
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <span>{t('ambassador.applicationLabel')}</span>
                  <Badge variant={look.variant}>
                    <look.icon className="size-3.5" aria-hidden />
                    {t(`ambassador.status.${application.status}`)}
                  </Badge>
                </p>
                <p className="text-xs text-muted-foreground">
                  {application.decidedAt
                    ? t('ambassador.decidedOn', { date: formatDate(application.decidedAt) })
                    : t('ambassador.appliedOn', { date: formatDate(application.createdAt) })}
                </p>
                {application.status === 'declined' && <p className="text-sm text-muted-foreground">{t('ambassador.declinedHint')}</p>}
              </div>
            )}
            {isAmbassadorEligible ? (
              application?.status !== 'pending' && (
                <Button variant="gold" onClick={onApply} disabled={!canApply || apply.isPending} data-testid="apply-ambassador">
                  {apply.isPending ? t('ambassador.applying') : t('ambassador.apply')}
                </Button>
              )
            ) : (
              <>
                <Button variant="gold" disabled data-testid="apply-ambassador">
                  {t('ambassador.apply')}
                </Button>
                <p className="text-sm font-semibold">{t('ambassador.remaining', { count: ambassadorRemaining })}</p>
              </>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
