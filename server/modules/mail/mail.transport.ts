import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  messageId: string;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** An SMTP connection pool to SMTP_URL (smtp:// with STARTTLS when offered, smtps:// for TLS from the start). */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 3,
    // A hanging server must not hold a worker forever: the job fails and is retried.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

/** The SMTP server's own words for a failure ("550 5.1.1 mailbox unavailable"), else the network error. */
export function describeSmtpError(err: unknown): { reason: string; isPermanent: boolean } {
  const e = err as { response?: string; responseCode?: number; code?: string; message?: string };
  const reason = (e.response ?? [e.code, e.message].filter(Boolean).join(': ')) || 'unknown error';
  return { reason: reason.slice(0, 1000), isPermanent: typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600 };
}
