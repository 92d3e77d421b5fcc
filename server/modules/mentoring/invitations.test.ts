import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { createTestApp, createUser, signedInUser } from '#test/app.ts';
import { linkIn, outboxSettled, sentTo, startTestSmtp, type TestSmtp } from '#test/smtp.ts';

import { discipleInvitations, mailOutbox, users } from '../../db/schema/index.ts';
import { runHooks } from '../../lib/account-events.ts';

const smtp: TestSmtp = await startTestSmtp();
afterAll(async () => smtp.stop());

const app = await createTestApp({
  env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://god.test' },
  jobs: { isRunningWorkers: true, pollingIntervalSeconds: 0.5 },
});
const json = { 'content-type': 'application/json' };
const add = (cookie: string, fullName: string, email: string) =>
  app.inject({ method: 'POST', url: '/api/disciples', headers: { ...json, cookie }, payload: { fullName, email } });
const resend = (cookie: string, id: string) =>
  app.inject({ method: 'POST', url: `/api/disciples/invitations/${id}/resend`, headers: { cookie } });
const cancel = (cookie: string, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/disciples/invitations/${id}`, headers: { cookie } });
const pending = async (cookie: string) =>
  (await app.inject({ method: 'GET', url: '/api/disciples/pending', headers: { cookie } })).json().invitations;
const to = sentTo;
const mailsTo = (email: string) => smtp.received.filter(to(email));
const outboxTo = async (email: string) => app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
/** Every mail written so far has gone out. */
const settled = () => outboxSettled(app.db);
const dayAgo = () => new Date(Date.now() - 24 * 3_600_000 - 1000);

describe('add disciple mails the invitation', () => {
  it("to a new email, in the mentor's language, with the mentor's name and a sign-up link with the email filled in", async () => {
    const mentor = await signedInUser(app, { firstName: 'Priscilla', lastName: 'Tentmaker', locale: 'fr' });
    const res = await add(mentor.cookie, 'Apollos Alexandria', 'apollos@example.org');
    expect(res.statusCode).toBe(201);
    expect(res.json().invitation).toMatchObject({ fullName: 'Apollos Alexandria', email: 'apollos@example.org' });
    expect(res.json().invitation.lastSentAt).toEqual(expect.any(String));

    const mail = await smtp.waitFor(to('apollos@example.org'));
    expect(mail.subject).toBe("Priscilla Tentmaker t'invite sur G.O.D Discipleship");
    expect(mail.text).toContain('Bonjour Apollos Alexandria,');
    expect(mail.text).toContain(
      'Crée ton compte gratuit avec cette adresse (apollos@example.org)\u00a0: tu seras ensuite relié à Priscilla Tentmaker.',
    );
    expect(linkIn(mail, '/login')).toBe('https://god.test/login?tab=sign-up&email=apollos%40example.org');
    expect(mail.html).toContain('href="https://god.test/login?tab=sign-up&amp;email=apollos%40example.org"');
    expect(mail.html).toContain('<html lang="fr">');
  });

  it('an English mentor invites in English', async () => {
    const mentor = await signedInUser(app, { firstName: 'Barnabas', lastName: null, locale: 'en' });
    await add(mentor.cookie, 'Mark', 'john-mark@example.org');
    const mail = await smtp.waitFor(to('john-mark@example.org'));
    expect(mail.subject).toBe('Barnabas invites you to G.O.D Discipleship');
    expect(mail.text).toContain('Hi Mark,');
  });

  it('mails nothing to an email that has an account (its owner answers on the dashboard), and answers exactly the same', async () => {
    const mentor = await signedInUser(app);
    await createUser(app.db, { email: 'has-account@example.org' });
    const known = await add(mentor.cookie, 'Known Person', 'has-account@example.org');
    const unknown = await add(mentor.cookie, 'Unknown Person', 'no-account@example.org');
    expect(known.statusCode).toBe(unknown.statusCode);
    const shape = (b: { outcome: string; invitation: Record<string, unknown> }) => ({
      outcome: b.outcome,
      keys: Object.keys(b.invitation).sort(),
      sent: typeof b.invitation.lastSentAt,
    });
    expect(shape(known.json())).toEqual(shape(unknown.json()));
    await smtp.waitFor(to('no-account@example.org'));
    await settled();
    expect(await outboxTo('has-account@example.org')).toEqual([]);
  });

  it('adding the same email twice answers "already invited" (whether or not it has an account), and mails once', async () => {
    const mentor = await signedInUser(app);
    await createUser(app.db, { email: 'twice-known@example.org' });
    for (const email of ['twice-new@example.org', 'twice-known@example.org']) {
      expect((await add(mentor.cookie, 'Twice', email)).statusCode).toBe(201);
      const again = await add(mentor.cookie, 'Twice Again', email.toUpperCase());
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'ALREADY_INVITED' });
      expect(again.json().message).toContain('already invited');
    }
    await settled();
    expect(await outboxTo('twice-new@example.org')).toHaveLength(1);
    // Another mentor may still invite the same person.
    const other = await signedInUser(app);
    expect((await add(other.cookie, 'Twice', 'twice-new@example.org')).statusCode).toBe(201);
  });
});

describe('resend', () => {
  it('sends the invitation again once a day at most', async () => {
    const mentor = await signedInUser(app, { firstName: 'Lydia', lastName: null });
    const { invitation } = (await add(mentor.cookie, 'Tabitha', 'tabitha@example.org')).json();
    await smtp.waitFor(to('tabitha@example.org'));

    const tooSoon = await resend(mentor.cookie, invitation.id);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().code).toBe('RESEND_TOO_SOON');
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(23 * 3600);

    await app.db.update(discipleInvitations).set({ lastSentAt: dayAgo() }).where(eq(discipleInvitations.id, invitation.id));
    const again = await resend(mentor.cookie, invitation.id);
    expect(again.statusCode).toBe(200);
    expect(new Date(again.json().lastSentAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    await settled();
    expect(mailsTo('tabitha@example.org')).toHaveLength(2);
    expect(mailsTo('tabitha@example.org')[1]!.subject).toBe('Lydia invites you to G.O.D Discipleship');
    expect((await resend(mentor.cookie, invitation.id)).statusCode).toBe(429);
    expect((await pending(mentor.cookie)).find((i: { id: string }) => i.id === invitation.id).lastSentAt).toBe(again.json().lastSentAt);
  });

  it("only the mentor's own pending invitations; others are 404, a bad id 400, a visitor 401", async () => {
    const mentor = await signedInUser(app);
    const stranger = await signedInUser(app);
    const { invitation } = (await add(mentor.cookie, 'Mine', 'mine-only@example.org')).json();
    await app.db.update(discipleInvitations).set({ lastSentAt: dayAgo() }).where(eq(discipleInvitations.id, invitation.id));
    expect((await resend(stranger.cookie, invitation.id)).statusCode).toBe(404);
    expect((await cancel(stranger.cookie, invitation.id)).statusCode).toBe(404);
    expect((await resend(mentor.cookie, 'not-an-id')).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: `/api/disciples/invitations/${invitation.id}/resend` })).statusCode).toBe(401);
    // An accepted invitation is no longer pending.
    const joined = await createUser(app.db, { email: 'mine-only@example.org' });
    await app.db
      .update(discipleInvitations)
      .set({ acceptedUserId: joined.id, acceptedAt: new Date() })
      .where(eq(discipleInvitations.id, invitation.id));
    expect((await resend(mentor.cookie, invitation.id)).statusCode).toBe(404);
  });
});

describe('cancel', () => {
  it('withdraws a pending invitation: it leaves the list, and signing up with that email links nobody', async () => {
    const mentor = await signedInUser(app);
    const { invitation } = (await add(mentor.cookie, 'Withdrawn', 'withdrawn@example.org')).json();
    const res = await cancel(mentor.cookie, invitation.id);
    expect(res.statusCode).toBe(204);
    expect((await pending(mentor.cookie)).map((i: { id: string }) => i.id)).not.toContain(invitation.id);
    expect((await cancel(mentor.cookie, invitation.id)).statusCode).toBe(404);

    // What a sign-up does once the account exists (the account events' hooks).
    const joined = await createUser(app.db, { email: 'withdrawn@example.org' });
    await runHooks(app.hooks.userCreated, app.db, joined);
    const [user] = await app.db.select().from(users).where(eq(users.id, joined.id));
    expect(user!.mentorId).toBeNull();
  });

  it('withdrawn while mail is turned away, its mail never goes out', async () => {
    const mentor = await signedInUser(app);
    // The mail server turns the invitation away for now (451): it waits in the outbox for its next try.
    smtp.refuseWith = { code: 451, message: 'Mailbox busy, try again later' };
    let waiting: typeof mailOutbox.$inferSelect | undefined;
    let invitationId: string;
    try {
      invitationId = (await add(mentor.cookie, 'Second Thoughts', 'second.thoughts@example.org')).json().invitation.id;
      for (let i = 0; i < 100 && !(waiting?.attempts && waiting.status === 'pending'); i++) {
        await new Promise((r) => setTimeout(r, 100));
        [waiting] = await outboxTo('second.thoughts@example.org');
      }
      expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    } finally {
      smtp.refuseWith = null;
    }
    expect((await cancel(mentor.cookie, invitationId)).statusCode).toBe(204);
    expect((await outboxTo('second.thoughts@example.org')).map((m) => m.status)).toEqual(['cancelled']);
    // Its job's next try sends nothing.
    await app.mail.deliver({ outboxId: waiting!.id });
    expect(mailsTo('second.thoughts@example.org')).toEqual([]);
    expect((await outboxTo('second.thoughts@example.org')).map((m) => m.status)).toEqual(['cancelled']);
  });
});

describe('the person named as mentor at onboarding', () => {
  const onboardNaming = async (mentorName: string, firstName: string, lastName: string) => {
    const u = await signedInUser(app, { onboardingStatus: 'pending' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/onboarding/complete',
      headers: { ...json, cookie: u.cookie },
      payload: {
        firstName,
        lastName,
        mentorName,
        phone: '+1 555 010 2000',
        address: '1 Main Street',
        country: 'Canada',
        churchDenomination: 'Baptist',
        pastorName: 'Pastor Jones',
      },
    });
    expect(res.statusCode).toBe(200);
    return u;
  };

  it('gets a mail in their own language, with the link to the dashboard where they accept or decline', async () => {
    const mentor = await signedInUser(app, { firstName: 'Lydia', lastName: 'Thyatira', email: 'lydia@example.org', locale: 'fr' });
    const disciple = await onboardNaming('lydia thyatira', 'Ruth', 'Moab');

    const mail = await smtp.waitFor(to('lydia@example.org'));
    expect(mail.subject).toBe("Ruth Moab t'a choisi comme mentor");
    expect(mail.text).toContain('Bonjour Lydia,');
    expect(mail.text).toContain("Ruth Moab vient de commencer G.O.D Discipleship et t'a indiqué comme mentor.");
    expect(linkIn(mail, '/dashboard')).toBe('https://god.test/dashboard');
    expect(mail.html).toContain('<html lang="fr">');
    // The email of the person who named them stays theirs.
    expect(mail.text).not.toContain(disciple.user.email);

    // What the link opens: the request, waiting for Lydia's answer.
    const links = (await app.inject({ method: 'GET', url: '/api/mentor-links', headers: { cookie: mentor.cookie } })).json();
    expect(links.incoming).toEqual([expect.objectContaining({ kind: 'named-you', name: 'Ruth Moab' })]);
  });

  it('in English for an English account; nobody is mailed when the name fits two people', async () => {
    await signedInUser(app, { firstName: 'Silas', lastName: 'Companion', email: 'silas@example.org', locale: 'en' });
    await onboardNaming('Silas Companion', 'Timothy', 'Lystra');
    const mail = await smtp.waitFor(to('silas@example.org'));
    expect(mail.subject).toBe('Timothy Lystra named you as their mentor');
    expect(mail.text).toContain('Hi Silas,');
    expect(linkIn(mail, '/dashboard')).toBe('https://god.test/dashboard');

    for (const email of ['john.one@example.org', 'john.two@example.org'])
      await createUser(app.db, { firstName: 'John', lastName: 'Twice', email });
    await onboardNaming('John Twice', 'Eunice', 'Faith');
    // A mail is written in the onboarding's own transaction, so once it answered the outbox says it all.
    const written = await app.db
      .select({ to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(inArray(mailOutbox.toAddress, ['john.one@example.org', 'john.two@example.org']));
    expect(written).toEqual([]);
  });
});
