import { Inbox, TriangleAlert } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

import { CardPage } from '#client/components/layout/card-page.tsx';
import { ErrorAlert } from '#client/components/ui/error-alert.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useDates } from '#client/lib/dates.ts';
import { describeError } from '#client/lib/errors.ts';
import type { LocalMail } from '#common/contracts/mail.ts';

import { useLocalMailbox } from '../api/local-mailbox.ts';

const LINK = /(https?:\/\/[^\s<>"]+)/g;

/** A mail's text with its links clickable (the text is shown as text: nothing in it runs). */
function MailText({ text }: { text: string }) {
  const parts = text.split(LINK);
  return (
    <p className="whitespace-pre-wrap break-words text-sm">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="font-medium text-primary underline underline-offset-4">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </p>
  );
}

function Mail({ mail }: { mail: LocalMail }) {
  const { t } = useTranslation('notifications');
  const dates = useDates();
  return (
    <li className="rounded-xl border bg-card p-4" data-testid="local-mail">
      <p className="font-semibold">{mail.subject}</p>
      <p className="mb-3 text-xs text-muted-foreground">{t('localMailbox.to', { to: mail.to, when: dates.dateTime(mail.receivedAt) })}</p>
      <MailText text={mail.text} />
    </li>
  );
}

/**
 * The mail of a laptop install without SMTP_URL (decision 059): the person trying the app reads the
 * mails it sent (a learner's sign-up link, a password reset) here, on the computer that runs it.
 */
export default function LocalMailboxPage() {
  const { t } = useTranslation(['notifications', 'common']);
  const mailbox = useLocalMailbox();
  return (
    <CardPage title={t('localMailbox.title')} width="xl" contentClassName="flex flex-col gap-4" data-testid="local-mailbox">
      <p role="note" className="flex items-start gap-2 rounded-xl border border-accent bg-accent/15 p-3 text-sm">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        {t('localMailbox.notice')}
      </p>
      {mailbox.isLoading && <Spinner />}
      {mailbox.isError && <ErrorAlert>{describeError(t, mailbox.error, { ns: 'notifications' })}</ErrorAlert>}
      {mailbox.data?.items.length === 0 && (
        <p className="flex items-center gap-2 text-muted-foreground" role="status">
          <Inbox className="size-5" aria-hidden />
          {t('localMailbox.empty')}
        </p>
      )}
      {!!mailbox.data?.items.length && (
        <ul className="flex flex-col gap-3" aria-label={t('localMailbox.title')}>
          {mailbox.data.items.map((m) => (
            <Mail key={m.id} mail={m} />
          ))}
        </ul>
      )}
    </CardPage>
  );
}
