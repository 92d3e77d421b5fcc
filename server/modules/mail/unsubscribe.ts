import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';

import { notificationLists, type NotificationList } from '#common/contracts/notifications.ts';

import type { Db, Tx } from '../../db/client.ts';
import { appSecrets, users } from '../../db/schema/index.ts';
import type { MailSender } from './mail.service.ts';

/** The mail lists a person can leave with one click, and the preference each one turns off. */
export const mailLists = notificationLists;
export type MailList = NotificationList;

const SECRET_NAME = 'unsubscribe-links';

export type UnsubscribeLinks = ReturnType<typeof unsubscribeLinksFactory>;

/** What a service that mails people who can opt out needs: the database, the outbox, and one-click unsubscribe links. */
export interface OptOutMailDeps {
  db: Db;
  mail: MailSender;
  unsubscribe: Pick<UnsubscribeLinks, 'headersFor'>;
}

/**
 * One-click unsubscribe (RFC 8058). The link is `/unsubscribe/<list>.<user id>.<signature>`: an
 * HMAC-SHA256 of the list and the user id with a key the server makes on first use and keeps in
 * app_secrets (every instance shares it). A GET of the link shows the client's confirmation page;
 * a POST (the mail provider's one-click, or that page's button) turns the list off, without sign-in.
 */
export function unsubscribeLinksFactory(deps: { db: Db; siteUrl: string }) {
  let key: Promise<Buffer> | undefined;
  function secret(): Promise<Buffer> {
    key ??= (async () => {
      await deps.db
        .insert(appSecrets)
        .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await deps.db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
      return Buffer.from(row!.value, 'base64url');
    })().catch((err: unknown) => {
      key = undefined;
      throw err;
    });
    return key;
  }

  const sign = async (list: MailList, userId: string) =>
    createHmac('sha256', await secret())
      .update(`unsubscribe:${list}:${userId}`)
      .digest('base64url');

  async function tokenFor(list: MailList, userId: string) {
    return `${list}.${userId}.${await sign(list, userId)}`;
  }

  /** The mail headers that let a mail client offer "Unsubscribe" and do it in one POST. */
  async function headersFor(list: MailList, userId: string): Promise<{ url: string; headers: Record<string, string> }> {
    const url = new URL(`/unsubscribe/${await tokenFor(list, userId)}`, deps.siteUrl).toString();
    return { url, headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
  }

  /** The list and user a token names, or null when it is malformed or its signature is wrong. */
  async function verify(token: string): Promise<{ list: MailList; userId: string } | null> {
    const m = /^([a-z-]+)\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m || !(mailLists as readonly string[]).includes(m[1]!)) return null;
    const list = m[1] as MailList;
    const expected = Buffer.from(await sign(list, m[2]!));
    const given = Buffer.from(m[3]!);
    return given.length === expected.length && timingSafeEqual(given, expected) ? { list, userId: m[2]! } : null;
  }

  return { tokenFor, headersFor, verify };
}

/**
 * How the lists kept by another module are left: prayer reminders live in the prayer module's
 * settings, so server/app.ts passes its function in (mail does not import prayer, decision 080).
 */
export interface ListLeaveHooks {
  /** Turns all of a user's prayer reminders off; false when the user no longer exists. */
  prayer: (db: Tx, userId: string) => Promise<boolean>;
}

/** Turns one list on or off for a user; false when the user no longer exists. */
export async function setListSubscription(
  db: Tx,
  userId: string,
  list: MailList,
  isSubscribed: boolean,
  leave: ListLeaveHooks,
): Promise<boolean> {
  // Prayer reminders are turned back on from the Pray page, each session on its own (docs/decisions/075).
  if (list === 'prayer') return isSubscribed ? true : leave.prayer(db, userId);
  const set = list === 'encouragement' ? { notifyEncouragement: isSubscribed } : { notifyMentorDigest: isSubscribed };
  const rows = await db
    .update(users)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}
