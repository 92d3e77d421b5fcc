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

/** The SMTP commands whose refusal is about this one mail: its recipient, or its content. */
const ABOUT_THIS_MAIL = new Set(['RCPT TO', 'DATA']);

/**
 * The SMTP server's own words for a failure ("550 5.1.1 mailbox unavailable"), else the network
 * error; and whether retrying cannot help. Only a 5xx refusal of this mail's recipient or content
 * is final. A 5xx at the greeting, to the login or to the sender (a wrong password, a sender the
 * account may not use) is how a server says it is set up wrongly: that mail, and every other, is
 * retried for the retry window, so it goes out once the setup is mended (decision 025).
 */
export function describeSmtpError(err: unknown): { reason: string; isPermanent: boolean } {
  const e = err as { response?: string; responseCode?: number; code?: string; message?: string; command?: string };
  const reason = (e.response ?? [e.code, e.message].filter(Boolean).join(': ')) || 'unknown error';
  const isRefusal = typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
  return { reason: reason.slice(0, 1000), isPermanent: isRefusal && ABOUT_THIS_MAIL.has(e.command ?? '') };
}
