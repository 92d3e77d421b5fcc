import { sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

import type { Db } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema/index.ts';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  headers: ParsedMail['headers'];
  messageId: string | undefined;
}

/** A filter for `received` and `waitFor`: the mails addressed to `email`. */
export const sentTo = (email: string) => (m: ReceivedMail) => m.to.includes(email);

/** Resolves once no mail in the outbox is waiting or being sent (the mail workers are idle); fails after 30 s (a busy machine). */
export async function outboxSettled(db: Db): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(sql`${mailOutbox.status} in ('pending', 'sending')`);
    if (row!.n === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('mail still waiting');
}

export interface TestSmtp {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Waits until a mail matching `match` arrived (a ceiling of 30 s by default: a loaded machine) and returns it. */
  waitFor(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** While set, RCPT TO is answered with this SMTP error (e.g. 550 for a refused mailbox, 451 for a temporary failure). */
  refuseWith: { code: number; message: string } | null;
  /** While set, MAIL FROM is answered with this SMTP error (e.g. 553: the account may not send as this sender). */
  refuseSenderWith: { code: number; message: string } | null;
  /**
   * While set, called with each message once its final line arrived, before it is recorded; answering
   * 'drop' records the mail and closes the connection without a reply (the sender never hears back).
   */
  onMessageEnd: ((mail: ReceivedMail) => Promise<'answer' | 'drop'>) | null;
  stop(): Promise<void>;
}

/**
 * A real SMTP server on loopback that the app sends to; mailparser reads what arrived.
 * No TLS and no authentication: it only listens on 127.0.0.1.
 */
export async function startTestSmtp(port = 0): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  const state: {
    refuseWith: TestSmtp['refuseWith'];
    refuseSenderWith: TestSmtp['refuseSenderWith'];
    onMessageEnd: TestSmtp['onMessageEnd'];
  } = {
    refuseWith: null,
    refuseSenderWith: null,
    onMessageEnd: null,
  };
  const smtpError = ({ code, message }: { code: number; message: string }) => Object.assign(new Error(message), { responseCode: code });
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      callback(state.refuseSenderWith ? smtpError(state.refuseSenderWith) : undefined);
    },
    onRcptTo(_address, _session, callback) {
      callback(state.refuseWith ? smtpError(state.refuseWith) : undefined);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: parsed.headers,
            messageId: parsed.messageId,
          };
          const isDropped = state.onMessageEnd && (await state.onMessageEnd(mail)) === 'drop';
          received.push(mail);
          for (const w of [...waiters]) {
            if (w.match(mail)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(mail);
            }
          }
          if (!isDropped) return callback();
          // smtp-server keeps its connections (with their sockets) by session id.
          const connections = (server as unknown as { connections: Set<{ id: string; _socket: { destroy(): void } }> }).connections;
          for (const c of connections) if (c.id === session.id) c._socket.destroy();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${boundPort}`,
    port: boundPort,
    received,
    get refuseWith() {
      return state.refuseWith;
    },
    set refuseWith(v) {
      state.refuseWith = v;
    },
    get refuseSenderWith() {
      return state.refuseSenderWith;
    },
    set refuseSenderWith(v) {
      state.refuseSenderWith = v;
    },
    get onMessageEnd() {
      return state.onMessageEnd;
    },
    set onMessageEnd(v) {
      state.onMessageEnd = v;
    },
    waitFor(match, timeoutMs = 30_000) {
      const already = received.find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve: (m: ReceivedMail) => (clearTimeout(timer), resolve(m)) };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(
            new Error(
              `no matching mail within ${timeoutMs} ms (received ${received.length}: ${received.map((m) => m.subject).join(' | ')})`,
            ),
          );
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link to this site's `path` prefix in a mail's text. */
export function linkIn(mail: ReceivedMail, pathPrefix: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${pathPrefix.replace(/\//g, '\\/')}[^\\s]*`));
  if (!match) throw new Error(`no ${pathPrefix} link in: ${mail.text}`);
  return match[0];
}
