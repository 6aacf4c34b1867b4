import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationMessages } from '#domain/notifications/notification.messages.ts';
import {
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationPreferenceBodySchema,
  unsubscribeParamsSchema,
} from '#domain/notifications/notification.schemas.ts';
import {
  notificationPageSchema,
  notificationPreferencesResponseSchema,
  notificationResponseSchema,
  unreadCountResponseSchema,
  unreadCountWithSeqResponseSchema,
  unsubscribeInfoSchema,
  unsubscribeResponseSchema,
} from '#domain/notifications/notification.wire.ts';
import { currentUser } from '../auth/authenticate.ts';
import {
  type NotificationsContext,
  notificationPreferences,
  markAllRead,
  markRead,
  notificationPage,
  ownNotification,
  setNotificationChoice,
  unsubscribe,
  unsubscribeInfo,
} from './notifications.ts';
import { countUnreadWithLatestSeq } from './notifications.repository.ts';

/** A path id or token that names nothing is the route's own 404 (see http/error-handler.ts). */
const notificationRoute = { notFoundMessage: notificationMessages.notFound };
const unsubscribeRoute = { auth: 'public', notFoundMessage: notificationMessages.unsubscribeInvalid } as const;

function contextOf(app: FastifyInstance): NotificationsContext {
  return { db: app.db, clock: app.clock, events: app.events };
}

/** /api/v1/notifications: the bell's list, its unread count, marking read and the e-mail preferences. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { querystring: notificationListQuerySchema, response: { 200: notificationPageSchema } } },
    async (request) => ({
      success: true as const,
      ...(await notificationPage(contextOf(app), currentUser(request).id, request.query)),
    }),
  );

  app.get('/unread-count', { schema: { response: { 200: unreadCountWithSeqResponseSchema } } }, async (request) => ({
    success: true as const,
    ...(await countUnreadWithLatestSeq(app.db, currentUser(request).id)),
  }));

  app.post('/read-all', { schema: { response: { 200: unreadCountResponseSchema } } }, async (request) => {
    await markAllRead(contextOf(app), currentUser(request).id);
    return { success: true as const, unreadCount: 0 };
  });

  app.get('/preferences', { schema: { response: { 200: notificationPreferencesResponseSchema } } }, async (request) => ({
    success: true as const,
    preferences: await notificationPreferences(app.db, currentUser(request).id),
  }));

  app.patch(
    '/preferences',
    {
      schema: {
        body: notificationPreferenceBodySchema,
        response: { 200: notificationPreferencesResponseSchema.extend({ msg: z.string() }) },
      },
    },
    async (request) => {
      const { kind, email, push } = request.body;
      return {
        success: true as const,
        msg: notificationMessages.preferenceSaved,
        preferences: await setNotificationChoice(contextOf(app), currentUser(request).id, kind, { email, push }),
      };
    },
  );

  app.get(
    '/:id',
    { config: notificationRoute, schema: { params: notificationIdParamsSchema, response: { 200: notificationResponseSchema } } },
    async (request) => ({
      success: true as const,
      notification: await ownNotification(contextOf(app), currentUser(request).id, request.params.id),
    }),
  );

  app.post(
    '/:id/read',
    { config: notificationRoute, schema: { params: notificationIdParamsSchema, response: { 200: unreadCountResponseSchema } } },
    async (request) => ({
      success: true as const,
      unreadCount: await markRead(contextOf(app), currentUser(request).id, request.params.id),
    }),
  );

  await app.register(unsubscribeRoutes, { prefix: '/unsubscribe' });
};

/**
 * /api/v1/notifications/unsubscribe/{token}: no sign-in, the token is the proof. GET says what
 * the link would turn off; POST turns it off — also as RFC 8058's one-click POST, which a mail
 * provider sends form-encoded (`List-Unsubscribe=One-Click`).
 */
const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get(
    '/:token',
    { config: unsubscribeRoute, schema: { params: unsubscribeParamsSchema, response: { 200: unsubscribeInfoSchema } } },
    async (request) => ({ success: true as const, ...(await unsubscribeInfo(contextOf(app), request.params.token)) }),
  );

  app.post(
    '/:token',
    { config: unsubscribeRoute, schema: { params: unsubscribeParamsSchema, response: { 200: unsubscribeResponseSchema } } },
    async (request) => ({ success: true as const, ...(await unsubscribe(contextOf(app), request.params.token)) }),
  );
};
