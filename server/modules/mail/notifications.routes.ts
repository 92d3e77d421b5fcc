import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

import { notificationsApi, oneClickUnsubscribePath } from '#common/contracts/notifications.ts';

import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { routeOf } from '../../lib/route.ts';
import { requireUser } from '../../plugins/session.ts';
import { setListSubscription, type ListLeaveHooks, type UnsubscribeLinks } from './unsubscribe.ts';

/**
 * Which mails a person receives: the settings page's Notifications section (signed in), and the
 * unsubscribe links in mails (no sign-in: the signed link is the proof).
 */
const notificationsRoutes: FastifyPluginAsyncZod<{ unsubscribe: UnsubscribeLinks; leaveHooks: ListLeaveHooks }> = async (
  app,
  { unsubscribe, leaveHooks },
) => {
  const settingsOf = async (userId: string) => {
    const [u] = await app.db
      .select({ email: users.email, encouragement: users.notifyEncouragement, mentorDigest: users.notifyMentorDigest })
      .from(users)
      .where(eq(users.id, userId));
    if (!u) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    return u;
  };

  app.route({ ...routeOf(notificationsApi.settings), handler: async (req) => settingsOf(requireUser(req).id) });

  app.route({
    ...routeOf(notificationsApi.updateSettings),
    handler: async (req) => {
      const user = requireUser(req);
      if (req.body.encouragement !== undefined)
        await setListSubscription(app.db, user.id, 'encouragement', req.body.encouragement, leaveHooks);
      if (req.body.mentorDigest !== undefined)
        await setListSubscription(app.db, user.id, 'mentor-digest', req.body.mentorDigest, leaveHooks);
      return settingsOf(user.id);
    },
  });

  async function leave(token: string) {
    const found = await unsubscribe.verify(token);
    if (!found || !(await setListSubscription(app.db, found.userId, found.list, false, leaveHooks)))
      throw new AppError('LINK_INVALID', 'This unsubscribe link is not valid. You can turn these mails off in your settings.');
    return { list: found.list };
  }

  const limited = { access: 'public' as const, rateLimit: { max: 30, timeWindow: '1 minute' } };

  app.route({ ...routeOf(notificationsApi.unsubscribe), config: limited, handler: async (req) => leave(req.params.token) });

  // RFC 8058 one-click: the mail provider POSTs "List-Unsubscribe=One-Click" as a form. The body
  // says nothing the signed link does not, so it is read and not required.
  await app.register(async (oneClick) => {
    oneClick.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, body),
    );
    // Outside the API (the link in mails), with the confirmation page's schemas.
    oneClick.withTypeProvider<ZodTypeProvider>().route({
      ...routeOf(notificationsApi.unsubscribe),
      url: oneClickUnsubscribePath,
      config: limited,
      handler: async (req) => leave(req.params.token),
    });
  });
};

export default notificationsRoutes;
