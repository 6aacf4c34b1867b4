import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conversationMessages as m } from '#domain/conversations/conversation.messages.ts';
import { blockUserBodySchema } from '#domain/conversations/conversation.schemas.ts';
import { blockListResponseSchema, blockResponseSchema } from '#domain/conversations/conversation.wire.ts';
import { currentUser } from '../auth/authenticate.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { idParam, isUuid } from '../http/ids.ts';
import { profilePictureOf } from '../users/user.mapper.ts';
import { findUserById } from '../users/users.repository.ts';
import { deleteBlock, insertBlock, listBlocked } from './blocks.repository.ts';

const blockRoute = { notFoundMessage: m.userNotFound };

/**
 * /api/v1/blocks (issue 12): whom the caller blocked. A block, either way, stops messages and buy
 * requests between the two; the blocker no longer sees the other's listings.
 */
export const blocksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { response: { 200: blockListResponseSchema } } }, async (request) => {
    const rows = await listBlocked(app.db, currentUser(request).id);
    return {
      success: true as const,
      blocks: rows.map((row) => ({
        _id: row.id,
        name: row.userName,
        avatarUrl: profilePictureOf(row, app.storage).url,
        blockedAt: row.createdAt.toISOString(),
      })),
    };
  });

  app.post(
    '/',
    { config: blockRoute, schema: { body: blockUserBodySchema, response: { 201: blockResponseSchema } } },
    async (request, reply) => {
      const caller = currentUser(request);
      const { userId } = request.body;
      if (userId === caller.id) throw badRequest(m.cannotBlockSelf);
      const target = isUuid(userId) ? await findUserById(app.db, userId) : undefined;
      if (!target) throw notFound(m.userNotFound);
      await insertBlock(app.db, caller.id, target.id);
      reply.code(201);
      return { success: true as const, msg: m.blockedConfirm(target.userName), blocked: true };
    },
  );

  app.delete(
    '/:userId',
    { config: blockRoute, schema: { params: z.object({ userId: idParam }), response: { 200: blockResponseSchema } } },
    async (request) => {
      const caller = currentUser(request);
      const target = await findUserById(app.db, request.params.userId);
      if (!target) throw notFound(m.userNotFound);
      await deleteBlock(app.db, caller.id, target.id);
      return { success: true as const, msg: m.unblockedConfirm(target.userName), blocked: false };
    },
  );
};
