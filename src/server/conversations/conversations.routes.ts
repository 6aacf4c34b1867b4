import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conversationMessages as m } from '#domain/conversations/conversation.messages.ts';
import {
  conversationListQuerySchema,
  messageListQuerySchema,
  sendMessageBodySchema,
  startConversationBodySchema,
} from '#domain/conversations/conversation.schemas.ts';
import {
  conversationPageSchema,
  conversationResponseSchema,
  conversationUnreadCountResponseSchema,
  markReadResponseSchema,
  messagePageSchema,
  sendMessageResponseSchema,
  startConversationResponseSchema,
} from '#domain/conversations/conversation.wire.ts';
import { currentUser } from '../auth/authenticate.ts';
import { idParam } from '../http/ids.ts';
import {
  type ConversationContext,
  getConversation,
  getConversationForListing,
  listInbox,
  listMessages,
  mailIfStillUnread,
  readConversation,
  sendMessage,
  startConversation,
  unreadMessageCount,
} from './conversation-rules.ts';
import { registerConversationLive } from './conversation-live.ts';
import {
  conversationTag,
  createConversationCache,
  listingTag,
  personTag,
  registerConversationWriteBarrier,
} from './conversation-cache.ts';

export function conversationContextOf(app: FastifyInstance): ConversationContext {
  return {
    db: app.db,
    statements: app.dbHandle,
    clock: app.clock,
    config: app.config,
    jobs: app.jobs,
    events: app.events,
    storage: app.storage,
  };
}

const conversationRoute = { notFoundMessage: m.notFound };
const listingRoute = { notFoundMessage: m.notFound };
const idParams = z.object({ id: idParam });

/** /api/v1/conversations (issue 12): signed-in only; only the two participants see a conversation. */
export const conversationsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerConversationLive(app);
  const cache = createConversationCache(app);
  registerConversationWriteBarrier(app, cache);
  app.jobs.define({
    kind: 'conversation.message-mail',
    run: (data) => mailIfStillUnread(conversationContextOf(app), data),
    retryLimit: 5,
    retryDelaySeconds: 30,
    timeoutSeconds: 60,
    concurrency: 1,
  });

  app.post(
    '/',
    { schema: { body: startConversationBodySchema, response: { 201: startConversationResponseSchema } } },
    async (request, reply) => {
      reply.code(201);
      return startConversation(conversationContextOf(app), currentUser(request), request.body);
    },
  );

  app.get(
    '/',
    { schema: { querystring: conversationListQuerySchema, response: { 200: conversationPageSchema } } },
    async (request, reply) => {
      const viewer = currentUser(request);
      const { limit, before } = request.query;
      return cache.send(
        reply,
        `inbox\u0000${viewer.id}\u0000${limit}\u0000${before ?? ''}`,
        () => listInbox(conversationContextOf(app), viewer, request.query),
        (page) => [
          personTag(viewer.id),
          ...page.conversations.map((row) => conversationTag(row._id)),
          ...page.conversations.flatMap((row) => (row.listing._id ? [listingTag(row.listing._id)] : [])),
        ],
      );
    },
  );

  app.get('/unread-count', { schema: { response: { 200: conversationUnreadCountResponseSchema } } }, async (request) => ({
    success: true as const,
    unreadCount: await unreadMessageCount(conversationContextOf(app), currentUser(request)),
  }));

  app.get(
    '/by-product/:productId',
    { config: listingRoute, schema: { params: z.object({ productId: idParam }), response: { 200: conversationResponseSchema } } },
    async (request) => ({
      success: true as const,
      conversation: await getConversationForListing(conversationContextOf(app), currentUser(request), request.params.productId),
    }),
  );

  app.get(
    '/:id',
    { config: conversationRoute, schema: { params: idParams, response: { 200: conversationResponseSchema } } },
    async (request) => ({
      success: true as const,
      conversation: await getConversation(conversationContextOf(app), currentUser(request), request.params.id),
    }),
  );

  app.get(
    '/:id/messages',
    {
      config: conversationRoute,
      schema: { params: idParams, querystring: messageListQuerySchema, response: { 200: messagePageSchema } },
    },
    async (request, reply) => {
      const viewer = currentUser(request);
      const { id } = request.params;
      const { limit, before } = request.query;
      return cache.send(
        reply,
        `messages\u0000${id}\u0000${viewer.id}\u0000${limit}\u0000${before ?? ''}`,
        () => listMessages(conversationContextOf(app), viewer, id, request.query),
        () => [conversationTag(id)],
      );
    },
  );

  app.post(
    '/:id/messages',
    {
      config: conversationRoute,
      schema: { params: idParams, body: sendMessageBodySchema, response: { 201: sendMessageResponseSchema } },
    },
    async (request, reply) => {
      const message = await sendMessage(conversationContextOf(app), currentUser(request), request.params.id, request.body.body);
      reply.code(201);
      return { success: true as const, message };
    },
  );

  app.post(
    '/:id/read',
    { config: conversationRoute, schema: { params: idParams, response: { 200: markReadResponseSchema } } },
    async (request) => readConversation(conversationContextOf(app), currentUser(request), request.params.id),
  );
};
