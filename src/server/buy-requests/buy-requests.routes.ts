import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  buyRequestDecisionBodySchema,
  interestedBuyersQuerySchema,
  markInterestedBodySchema,
  myBuyRequestsQuerySchema,
} from '#domain/buy-requests/buy-request.schemas.ts';
import {
  buyRequestMessageResponseSchema,
  interestedBuyersResponseSchema,
  myBuyRequestsResponseSchema,
} from '#domain/buy-requests/buy-request.wire.ts';
import { buyRequestMessages } from '#domain/messages.ts';
import { currentUser } from '../auth/authenticate.ts';
import {
  type BuyRequestContext,
  acceptBuyRequest,
  listInterestedBuyers,
  listOwnRequests,
  rejectBuyRequest,
  sendBuyRequest,
} from './buy-request-rules.ts';

function contextOf(app: FastifyInstance): BuyRequestContext {
  return { db: app.db, clock: app.clock, config: app.config, jobs: app.jobs, events: app.events };
}

/** /api/v1/interested: buyers send requests, sellers read and reject them (spec 7). */
export const buyRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/mark-interested',
    { schema: { body: markInterestedBodySchema, response: { 200: buyRequestMessageResponseSchema } } },
    async (request) => {
      const msg = await sendBuyRequest(contextOf(app), currentUser(request), request.body);
      return { success: true as const, msg };
    },
  );

  app.get(
    '/get-buy-requests',
    { schema: { querystring: interestedBuyersQuerySchema, response: { 200: interestedBuyersResponseSchema } } },
    async (request) => ({
      success: true as const,
      buyRequests: await listInterestedBuyers(app.db, currentUser(request), request.query),
    }),
  );

  app.post(
    '/reject-buy-request',
    { schema: { body: buyRequestDecisionBodySchema, response: { 200: buyRequestMessageResponseSchema } } },
    async (request) => {
      await rejectBuyRequest(contextOf(app), currentUser(request), request.body);
      return { success: true as const, msg: buyRequestMessages.rejected };
    },
  );

  // Beyond the spec: what became of the caller's own requests.
  app.get(
    '/my-requests',
    { schema: { querystring: myBuyRequestsQuerySchema, response: { 200: myBuyRequestsResponseSchema } } },
    async (request) => ({
      success: true as const,
      requests: await listOwnRequests(app.db, currentUser(request), request.query.productId),
    }),
  );
};

/**
 * POST /api/v1/products/sold-out (spec 7): the seller accepts a buy request. Mounted under the
 * products prefix, but the rule belongs to buy requests.
 */
export const soldOutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sold-out',
    { schema: { body: buyRequestDecisionBodySchema, response: { 200: buyRequestMessageResponseSchema } } },
    async (request) => {
      await acceptBuyRequest(contextOf(app), currentUser(request), request.body);
      return { success: true as const, msg: buyRequestMessages.accepted };
    },
  );
};
