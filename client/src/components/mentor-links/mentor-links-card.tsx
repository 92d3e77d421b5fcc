import { HeartHandshake } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import type { IncomingLink, MentorLinks } from '#common/contracts/mentoring.ts';

import { RaiseConcernButton } from '../safeguarding/raise-concern-button.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, IconCardHeader } from '../ui/card.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { toast } from '../ui/toast.tsx';
import { useAnswerLink, useDismissOutgoing, useLeaveMentor, useMentorLinks } from './use-mentor-links.ts';

function IncomingItem({ link }: { link: IncomingLink }) {
  const { t } = useTranslation('mentoring');
  const answer = useAnswerLink();
  // mutateAsync's promise, not mutate's own onSuccess: the answer refetches the links before it
  // settles, this row is gone by then, and TanStack Query drops the callbacks of an unmounted row (the
  // confirmation went missing now and then). A failure is the mutation's own toast (decision 018).
  const send = (accept: boolean) =>
    answer.mutateAsync({ kind: link.kind, id: link.id, accept }).then(
      () =>
        toast({
          title: accept ? t('links.acceptedTitle') : t('links.declinedTitle'),
          description: accept
            ? t(link.kind === 'named-you' ? 'links.acceptedNamed' : 'links.acceptedInvited', { name: link.name })
            : t('links.declinedText', { name: link.name }),
        }),
      () => undefined,
    );
  return (
    <li className="flex flex-col gap-3 rounded-lg border p-3" data-testid="incoming-link">
      <div className="flex flex-col gap-1">
        <p className="font-medium [overflow-wrap:anywhere]">
          {t(link.kind === 'named-you' ? 'links.namedYou' : 'links.invitedYou', { name: link.name })}
        </p>
        <p className="text-sm text-muted-foreground">
          {t(link.kind === 'named-you' ? 'links.namedYouHint' : 'links.invitedYouHint', { name: link.name })}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={answer.isPending} onClick={() => void send(true)}>
          {t('links.accept')}
        </Button>
        <Button size="sm" variant="outline" disabled={answer.isPending} onClick={() => void send(false)}>
          {t('links.decline')}
        </Button>
      </div>
    </li>
  );
}

function Outgoing({ outgoing }: { outgoing: NonNullable<MentorLinks['outgoing']> }) {
  const { t } = useTranslation('mentoring');
  const dismiss = useDismissOutgoing();
  const isDeclined = outgoing.status === 'declined';
  return (
    <div className="flex flex-col gap-2 rounded-lg border p-3" data-testid="outgoing-link">
      <p className="text-sm [overflow-wrap:anywhere]">
        {t(isDeclined ? 'links.outgoingDeclined' : 'links.outgoingPending', { name: outgoing.mentorName })}
      </p>
      <Button size="sm" variant="outline" className="self-start" disabled={dismiss.isPending} onClick={() => dismiss.mutate()}>
        {isDeclined ? t('links.dismiss') : t('links.withdraw')}
      </Button>
    </div>
  );
}

function Mentor({ id, name, isPaused }: { id?: string; name: string; isPaused: boolean }) {
  const { t } = useTranslation(['mentoring', 'safeguarding']);
  const leave = useLeaveMentor();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2" data-testid="my-mentor">
      <p className="flex flex-wrap items-center gap-2 text-sm [overflow-wrap:anywhere]">
        {t('links.mentor', { name })}
        {/* Paused by the ministry (issue 25): never why, here or anywhere the mentor looks. */}
        {isPaused && (
          <Badge variant="outline" data-testid="mentor-paused">
            {t('safeguarding:paused.badge')}
          </Badge>
        )}
      </p>
      {/* Anyone can tell the safeguarding lead about their mentor; the mentor never learns who did. */}
      {id && <RaiseConcernButton about={{ id, name }} variant="ghost" label={t('safeguarding:raise.aboutMentor')} />}
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="ghost">
            {t('links.leave')}
          </Button>
        }
        title={t('links.leaveTitle', { name })}
        description={t('links.leaveText', { name })}
        confirm={{ label: t('links.leaveConfirm') }}
        isPending={leave.isPending}
        onConfirm={(close) =>
          // As above: this card is gone once the links are fetched again, so the promise tells.
          void leave.mutateAsync().then(
            () => {
              close();
              toast({ title: t('links.leftTitle'), description: t('links.leftText', { name }) });
            },
            () => undefined,
          )
        }
      />
    </div>
  );
}

/**
 * Mentoring links by consent (decision 039): people who named the user as their mentor, mentors who
 * invited the user's email, where the user's own request stands, and their mentor (with "leave").
 * Renders nothing when there is nothing to show. `showMentor`: the dashboard says who the mentor is.
 */
export function MentorLinksCard({ showMentor = true }: { showMentor?: boolean }) {
  const { t } = useTranslation('mentoring');
  const { data } = useMentorLinks();
  if (!data) return null;
  const mentor = showMentor ? data.mentor : null;
  if (data.incoming.length === 0 && !data.outgoing && !mentor) return null;
  return (
    <Card data-testid="mentor-links-card">
      <IconCardHeader
        icon={HeartHandshake}
        title={t('links.title')}
        description={data.incoming.length > 0 ? t('links.subtitle', { count: data.incoming.length }) : undefined}
      />
      <CardContent className="flex flex-col gap-3">
        {data.incoming.length > 0 && (
          <ul className="flex flex-col gap-3">
            {data.incoming.map((l) => (
              <IncomingItem key={`${l.kind}:${l.id}`} link={l} />
            ))}
          </ul>
        )}
        {data.outgoing && <Outgoing outgoing={data.outgoing} />}
        {mentor && <Mentor id={mentor.id} name={mentor.name} isPaused={!!mentor.isPaused} />}
      </CardContent>
    </Card>
  );
}
