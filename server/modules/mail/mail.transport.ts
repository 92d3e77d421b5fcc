import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  messageId: string;
  /**
   * Awaited once the whole message has been handed to the SMTP server and before its end (the line
   * holding a lone dot, after which the server takes the mail): until it resolves the server cannot
   * have taken the mail; it fails the send when it throws (docs/decisions/067).
   */
  beforeEnd?: () => Promise<void>;
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
  // Runs for every message once it is built: the message stream the SMTP connection reads ends only
  // after the mail's beforeEnd resolved.
  transporter.use('stream', (mail, done) => {
    const beforeEnd = (mail.data as { beforeEnd?: () => Promise<void> }).beforeEnd;
    if (beforeEnd) mail.message.processFunc((input: Readable) => holdEnd(input, beforeEnd));
    done();
  });
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

/**
 * `input` as a stream served only as fast as its reader asks: the SMTP connection starts reading the
 * message after the server said "go ahead" to DATA, and writes the final dot after this stream ends.
 * When the reader asks past the last byte, `beforeEnd` is awaited first, so it runs after the server
 * agreed to take the message and before the server can have taken it.
 */
function holdEnd(input: Readable, beforeEnd: () => Promise<void>): Readable {
  const chunks: Buffer[] = [];
  let isInputDone = false;
  let isEnding = false;
  let onMore: (() => void) | null = null;
  const more = () => {
    const next = onMore;
    onMore = null;
    next?.();
  };
  const output: Readable = new Readable({
    highWaterMark: 0,
    read() {
      const chunk = chunks.shift();
      if (chunk) {
        output.push(chunk);
        return;
      }
      if (!isInputDone) {
        onMore = () => output._read(0);
        return;
      }
      if (isEnding) return;
      isEnding = true;
      beforeEnd().then(
        () => output.push(null),
        (err: unknown) => output.destroy(err instanceof Error ? err : new Error(String(err))),
      );
    },
  });
  input.on('data', (chunk: Buffer | string) => {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    more();
  });
  input.on('end', () => {
    isInputDone = true;
    more();
  });
  input.on('error', (err) => output.destroy(err));
  return output;
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
