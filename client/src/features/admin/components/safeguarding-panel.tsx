import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import type { z } from 'zod';

import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { ErrorAlert } from '#client/components/ui/error-alert.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { FormRootError } from '#client/components/ui/form-root-error.tsx';
import { Input, Textarea } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useDates } from '#client/lib/dates.ts';
import { describeError, translateValidation } from '#client/lib/errors.ts';
import { formSpec, submitHandler, useSchemaForm } from '#client/lib/forms.ts';
import { approveMentorBody, type ConcernSummary, type SafeguardingMentor } from '#common/contracts/safeguarding.ts';

import {
  useAdultMinorLinks,
  useApproveMentor,
  useConcern,
  useConcerns,
  useMentors,
  usePauseLink,
  useResumeLink,
  useRevokeApproval,
  useSafeguardingAudit,
  useSetConcernStatus,
} from '../api/safeguarding.ts';

export const approveMentorFormSpec = formSpec(approveMentorBody, { email: '', checks: '', expiresOn: undefined });
type ApproveMentor = z.output<typeof approveMentorBody>;

function PauseResume({ discipleId, pausedAt }: { discipleId: string; pausedAt: string | null }) {
  const { t } = useTranslation('admin');
  const pause = usePauseLink();
  const resume = useResumeLink();
  return pausedAt ? (
    <Button size="sm" variant="outline" disabled={resume.isPending} onClick={() => resume.mutate(discipleId)} data-testid="resume-link">
      {t('safeguarding.links.resume')}
    </Button>
  ) : (
    <Button size="sm" variant="destructive" disabled={pause.isPending} onClick={() => pause.mutate(discipleId)} data-testid="pause-link">
      {t('safeguarding.links.pause')}
    </Button>
  );
}

function ConcernView({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const concern = useConcern(id);
  const setStatus = useSetConcernStatus();
  if (concern.isPending) return <Spinner />;
  if (concern.isError) return <ErrorAlert>{describeError(t, concern.error, { ns: 'admin' })}</ErrorAlert>;
  const c = concern.data;
  return (
    <div className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-3" data-testid="concern-detail">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">{t('safeguarding.concerns.raisedBy')}</dt>
        <dd className="[overflow-wrap:anywhere]">
          {c.raisedBy ? `${c.raisedBy.name} (${c.raisedBy.email})` : (c.contactEmail ?? t(`safeguarding.sources.${c.source}`))}
        </dd>
        <dt className="text-muted-foreground">{t('safeguarding.concerns.about')}</dt>
        <dd className="[overflow-wrap:anywhere]">{c.about ? `${c.about.name} (${c.about.email})` : c.aboutName}</dd>
        <dt className="text-muted-foreground">{t('safeguarding.concerns.received')}</dt>
        <dd>{dates.dateTime(c.createdAt)}</dd>
      </dl>
      {c.isAnonymous && <p className="text-sm font-medium">{t('safeguarding.concerns.anonymous')}</p>}
      <blockquote
        className="whitespace-pre-wrap rounded-md border bg-background p-3 text-sm [overflow-wrap:anywhere]"
        data-testid="concern-body"
      >
        {c.body}
      </blockquote>
      {c.links.length > 0 && (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-semibold">{t('safeguarding.concerns.links')}</p>
          <ul className="flex flex-col gap-2">
            {c.links.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border bg-background p-2 text-sm">
                <span className="[overflow-wrap:anywhere]">
                  {t('safeguarding.links.pair', { mentor: l.mentor.name, disciple: l.disciple.name })}
                  {l.pausedAt && (
                    <Badge variant="outline" className="ml-2">
                      {t('safeguarding.links.paused')}
                    </Badge>
                  )}
                </span>
                <PauseResume discipleId={l.id} pausedAt={l.pausedAt} />
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted-foreground">{t('safeguarding.concerns.setStatus')}</span>
        {(['received', 'in_review', 'closed'] as const).map((s) => (
          <Button
            key={s}
            size="sm"
            variant={c.status === s ? 'default' : 'outline'}
            aria-pressed={c.status === s}
            disabled={setStatus.isPending}
            onClick={() => setStatus.mutate({ id: c.id, status: s })}
          >
            {t(`safeguarding.status.${s}`)}
          </Button>
        ))}
      </div>
    </div>
  );
}

function ConcernRow({ c, isOpen, onToggle }: { c: ConcernSummary; isOpen: boolean; onToggle: () => void }) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  return (
    <li className="flex flex-col gap-2 rounded-lg border p-3" data-testid="concern-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium [overflow-wrap:anywhere]">{t('safeguarding.concerns.aboutLine', { name: c.aboutName })}</p>
          <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            {dates.dateTime(c.createdAt)} · {t(`safeguarding.sources.${c.source}`)}
            <Badge variant={c.status === 'closed' ? 'outline' : 'secondary'}>{t(`safeguarding.status.${c.status}`)}</Badge>
            {c.isOverdue && <Badge variant="destructive">{t('safeguarding.concerns.overdue')}</Badge>}
          </p>
        </div>
        <Button size="sm" variant="outline" aria-expanded={isOpen} onClick={onToggle} data-testid="open-concern">
          {isOpen ? t('safeguarding.concerns.close') : t('safeguarding.concerns.open')}
        </Button>
      </div>
      {isOpen && <ConcernView id={c.id} />}
    </li>
  );
}

function ConcernsSection() {
  const { t } = useTranslation('admin');
  // A lead's mail links here: /admin?tab=safeguarding&concern=<id> opens that one.
  const asked = new URLSearchParams(useSearch()).get('concern');
  const [openId, setOpenId] = useState<string | null>(asked);
  const concerns = useConcerns();
  return (
    <Card data-testid="safeguarding-concerns">
      <CardHeader>
        <CardTitle as="h2">{t('safeguarding.concerns.title')}</CardTitle>
        <CardDescription>{t('safeguarding.concerns.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {concerns.isPending && <Spinner />}
        {concerns.data?.concerns.length === 0 && <p className="text-sm text-muted-foreground">{t('safeguarding.concerns.none')}</p>}
        <ul className="flex flex-col gap-2">
          {concerns.data?.concerns.map((c) => (
            <ConcernRow key={c.id} c={c} isOpen={openId === c.id} onToggle={() => setOpenId(openId === c.id ? null : c.id)} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function ApproveForm({ email, onDone }: { email: string; onDone: () => void }) {
  const { t } = useTranslation(['admin', 'common', 'validation', 'validation-safeguarding']);
  const approve = useApproveMentor();
  const form = useSchemaForm(approveMentorFormSpec, { defaultValues: { ...approveMentorFormSpec.defaultValues, email } });
  const err = form.formState.errors;
  // An empty date field is sent as no expiry (setValueAs below): the server then gives three years.
  const onSubmit = (v: ApproveMentor) => approve.mutate(v, { onSuccess: onDone });
  return (
    <form
      noValidate
      className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-3"
      onSubmit={submitHandler(form.handleSubmit(onSubmit))}
      data-testid="approve-form"
    >
      <FormField label={t('safeguarding.mentors.email')} error={translateValidation(t, err.email?.message, 'validation-safeguarding')}>
        <Input type="email" autoComplete="off" {...form.register('email')} />
      </FormField>
      <FormField
        label={t('safeguarding.mentors.checks')}
        hint={t('safeguarding.mentors.checksHint')}
        error={translateValidation(t, err.checks?.message, 'validation-safeguarding')}
      >
        <Textarea rows={3} {...form.register('checks')} />
      </FormField>
      <FormField
        label={t('safeguarding.mentors.expiresOn')}
        hint={t('safeguarding.mentors.expiresOnHint')}
        error={translateValidation(t, err.expiresOn?.message, 'validation-safeguarding')}
      >
        <Input type="date" {...form.register('expiresOn', { setValueAs: (v: string) => v || undefined })} />
      </FormField>
      {approve.isError && <ErrorAlert>{describeError(t, approve.error, { ns: 'admin' })}</ErrorAlert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={approve.isPending}>
          {t('safeguarding.mentors.approve')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('common:cancel')}
        </Button>
      </div>
      <FormRootError errors={form.formState.errors} />
    </form>
  );
}

function MentorRow({ m, onApprove }: { m: SafeguardingMentor; onApprove: (email: string) => void }) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const revoke = useRevokeApproval();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3" data-testid="mentor-row">
      <div className="min-w-0">
        <p className="font-medium [overflow-wrap:anywhere]">{m.person.name}</p>
        <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{m.person.email}</p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-xs">
          {m.approval ? (
            <Badge variant={m.isRenewalDue ? 'gold' : 'success'}>
              {t(m.isRenewalDue ? 'safeguarding.mentors.renewalDue' : 'safeguarding.mentors.approvedUntil', {
                date: dates.date(m.approval.expiresAt),
              })}
            </Badge>
          ) : (
            <Badge variant="destructive">{t('safeguarding.mentors.awaiting')}</Badge>
          )}
          {m.minorLinks > 0 && (
            <span className="text-muted-foreground">{t('safeguarding.mentors.minorLinks', { count: m.minorLinks })}</span>
          )}
        </p>
        {m.approval && (
          <p className="mt-1 text-xs text-muted-foreground [overflow-wrap:anywhere]">
            {t('safeguarding.mentors.checked', { checks: m.approval.checks })}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => onApprove(m.person.email)}>
          {m.approval ? t('safeguarding.mentors.renew') : t('safeguarding.mentors.approve')}
        </Button>
        {m.approval && (
          <Button size="sm" variant="outline" disabled={revoke.isPending} onClick={() => revoke.mutate(m.approval!.id)}>
            {t('safeguarding.mentors.revoke')}
          </Button>
        )}
      </div>
    </li>
  );
}

function MentorsSection() {
  const { t } = useTranslation('admin');
  const mentors = useMentors();
  // The email the approval form is open for ('' for a new one), or null when closed.
  const [approving, setApproving] = useState<string | null>(null);
  return (
    <Card data-testid="safeguarding-mentors">
      <CardHeader>
        <CardTitle as="h2">{t('safeguarding.mentors.title')}</CardTitle>
        <CardDescription>{t('safeguarding.mentors.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {approving === null ? (
          <Button variant="outline" className="self-start" onClick={() => setApproving('')}>
            {t('safeguarding.mentors.approveNew')}
          </Button>
        ) : (
          <ApproveForm key={approving} email={approving} onDone={() => setApproving(null)} />
        )}
        {mentors.isPending && <Spinner />}
        {mentors.data?.mentors.length === 0 && <p className="text-sm text-muted-foreground">{t('safeguarding.mentors.none')}</p>}
        <ul className="flex flex-col gap-2">
          {mentors.data?.mentors.map((m) => (
            <MentorRow key={m.person.id} m={m} onApprove={setApproving} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function LinksSection() {
  const { t } = useTranslation('admin');
  const links = useAdultMinorLinks();
  return (
    <Card data-testid="safeguarding-links">
      <CardHeader>
        <CardTitle as="h2">{t('safeguarding.links.title')}</CardTitle>
        <CardDescription>{t('safeguarding.links.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {links.isPending && <Spinner />}
        {links.data?.links.length === 0 && <p className="text-sm text-muted-foreground">{t('safeguarding.links.none')}</p>}
        <ul className="flex flex-col gap-2">
          {links.data?.links.map((l) => (
            <li
              key={l.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm"
              data-testid="link-row"
            >
              <div className="min-w-0">
                <p className="font-medium [overflow-wrap:anywhere]">
                  {t('safeguarding.links.pair', { mentor: l.mentor.name, disciple: l.disciple.name })}
                </p>
                <p className="mt-1 flex flex-wrap gap-2">
                  {l.isApproved ? (
                    <Badge variant="success">{t('safeguarding.links.approved')}</Badge>
                  ) : (
                    <Badge variant="destructive">{t('safeguarding.links.toReview')}</Badge>
                  )}
                  {l.pausedAt && <Badge variant="outline">{t('safeguarding.links.paused')}</Badge>}
                </p>
              </div>
              <PauseResume discipleId={l.id} pausedAt={l.pausedAt} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function DecisionsSection() {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const audit = useSafeguardingAudit();
  return (
    <Card data-testid="safeguarding-audit">
      <CardHeader>
        <CardTitle as="h2">{t('safeguarding.audit.title')}</CardTitle>
        <CardDescription>{t('safeguarding.audit.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {audit.isPending && <Spinner />}
        {audit.data?.entries.length === 0 && <p className="text-sm text-muted-foreground">{t('safeguarding.audit.none')}</p>}
        <ul className="flex flex-col divide-y text-sm">
          {audit.data?.entries.map((e) => (
            <li key={e.id} className="flex flex-wrap justify-between gap-x-3 py-2" data-testid="safeguarding-audit-entry">
              <span>
                <span className="font-medium">{e.actorName ?? t('safeguarding.audit.system')}</span>{' '}
                {t(`audit.actions.${e.action}` as ParseKeys<'admin'>)}
              </span>
              <span className="text-muted-foreground">{dates.dateTime(e.createdAt)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/**
 * The Safeguarding tab (issue 25): concerns first (they are urgent), then mentors awaiting approval
 * or renewal, adult-minor links to review, and every decision taken. The safeguarding lead and admins only.
 */
export function SafeguardingPanel() {
  return (
    <div className="flex flex-col gap-6" data-testid="safeguarding-panel">
      <ConcernsSection />
      <MentorsSection />
      <LinksSection />
      <DecisionsSection />
    </div>
  );
}
