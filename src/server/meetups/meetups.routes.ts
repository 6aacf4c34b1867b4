import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meetupMessages as m } from '#domain/meetups/meetup.messages.ts';
import { proposeMeetupBodySchema, safeSpotBodySchema } from '#domain/meetups/meetup.schemas.ts';
import {
  conversationMeetupResponseSchema,
  meetupResponseSchema,
  safeSpotResponseSchema,
  safeSpotsResponseSchema,
} from '#domain/meetups/meetup.wire.ts';
import { currentUser } from '../auth/authenticate.ts';
import { idParam } from '../http/ids.ts';
import {
  acceptMeetup,
  addSafeSpot,
  conversationMeetup,
  editSafeSpot,
  listSpots,
  meetupContextOf,
  proposeMeetup,
  registerMeetupReminders,
  removeSafeSpot,
} from './meetup-rules.ts';

const conversationRoute = { notFoundMessage: m.conversationNotFound };

/** /api/v1/meetup-spots: the safe spots students can propose (signed in). */
export const safeSpotsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { response: { 200: safeSpotsResponseSchema } } }, async () => ({
    success: true as const,
    spots: await listSpots(app.db, false),
  }));
};

/** /api/v1/conversations/{id}/meetup: meet-up proposals in a conversation (its two participants only). */
export const meetupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = meetupContextOf(app);
  registerMeetupReminders(app);

  app.get(
    '/:id/meetup',
    {
      config: conversationRoute,
      schema: { params: z.object({ id: idParam }), response: { 200: conversationMeetupResponseSchema } },
    },
    async (request) => conversationMeetup(ctx, currentUser(request), request.params.id),
  );

  app.post(
    '/:id/meetup',
    {
      config: conversationRoute,
      schema: { params: z.object({ id: idParam }), body: proposeMeetupBodySchema, response: { 201: meetupResponseSchema } },
    },
    async (request, reply) => {
      const meetup = await proposeMeetup(ctx, currentUser(request), request.params.id, request.body);
      reply.code(201);
      return { success: true as const, msg: m.proposed, meetup };
    },
  );

  app.post(
    '/:id/meetup/:proposalId/accept',
    {
      config: { notFoundMessage: m.proposalNotFound },
      schema: { params: z.object({ id: idParam, proposalId: idParam }), response: { 200: meetupResponseSchema } },
    },
    async (request) => {
      const meetup = await acceptMeetup(ctx, currentUser(request), request.params.id, request.params.proposalId);
      return { success: true as const, msg: m.accepted, meetup };
    },
  );
};

const adminRoute = { auth: 'admin' as const, notFoundMessage: m.spotMissing };

/** /api/v1/admin/meetup-spots: admins keep the list of safe spots (every change audited). */
export const adminSafeSpotsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = meetupContextOf(app);
  app.get('/', { config: adminRoute, schema: { response: { 200: safeSpotsResponseSchema } } }, async () => ({
    success: true as const,
    spots: await listSpots(app.db, true),
  }));

  app.post(
    '/',
    { config: adminRoute, schema: { body: safeSpotBodySchema, response: { 201: safeSpotResponseSchema } } },
    async (request, reply) => {
      const spot = await addSafeSpot(ctx, currentUser(request), request.body);
      reply.code(201);
      return { success: true as const, msg: m.spotAdded, spot };
    },
  );

  app.patch(
    '/:id',
    {
      config: adminRoute,
      schema: { params: z.object({ id: idParam }), body: safeSpotBodySchema, response: { 200: safeSpotResponseSchema } },
    },
    async (request) => {
      const spot = await editSafeSpot(ctx, currentUser(request), request.params.id, request.body);
      return { success: true as const, msg: m.spotSaved, spot };
    },
  );

  app.delete(
    '/:id',
    {
      config: adminRoute,
      schema: { params: z.object({ id: idParam }), response: { 200: z.object({ success: z.literal(true), msg: z.string() }) } },
    },
    async (request) => {
      await removeSafeSpot(ctx, currentUser(request), request.params.id);
      return { success: true as const, msg: m.spotRemoved };
    },
  );
};
