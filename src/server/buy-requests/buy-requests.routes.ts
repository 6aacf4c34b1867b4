import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { offerMessages } from '#domain/buy-requests/offer.messages.ts';
import {
  buyRequestDecisionBodySchema,
  counterOfferBodySchema,
  offerActionBodySchema,
  reserveBodySchema,
  interestedBuyersQuerySchema,
  markInterestedBodySchema,
  myBuyRequestsQuerySchema,
} from '#domain/buy-requests/buy-request.schemas.ts';
import {
  buyRequestMessageResponseSchema,
  interestedBuyersResponseSchema,
  myBuyRequestsResponseSchema,
  offerMessageResponseSchema,
} from '#domain/buy-requests/buy-request.wire.ts';
import { buyRequestMessages } from '#domain/buy-requests/buy-request.messages.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import { idParam } from '../http/ids.ts';
import { currentUser } from '../auth/authenticate.ts';
import {
  type BuyRequestContext,
  acceptBuyRequest,
  listInterestedBuyers,
  listOwnRequests,
  rejectBuyRequest,
  sendBuyRequest,
} from './buy-request-rules.ts';
import {
  acceptOffer,
  counterOffer,
  markSoldElsewhere,
  registerOfferExpiry,
  rejectOffer,
  releaseListing,
  reserveListing,
  withdrawOffer,
} from './offer-rules.ts';

function contextOf(app: FastifyInstance): BuyRequestContext {
  return { db: app.db, clock: app.clock, config: app.config, jobs: app.jobs, events: app.events };
}

/** /api/v1/interested: buyers send requests, sellers read and reject them (spec 7). */
export const buyRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerOfferExpiry(app, contextOf(app));

  app.post(
    '/mark-interested',
    { schema: { body: markInterestedBodySchema, response: { 200: buyRequestMessageResponseSchema } } },
    async (request) => {
      const { msg, caughtUp } = await sendBuyRequest(contextOf(app), currentUser(request), request.body);
      request.eventsCaughtUp = caughtUp;
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

  // Offers (issue 23): the side whose turn it is accepts or counters; the seller rejects; the buyer withdraws.
  const offerAnswer = { 200: offerMessageResponseSchema };
  app.post('/offers/accept', { schema: { body: offerActionBodySchema, response: offerAnswer } }, async (request) => {
    await acceptOffer(contextOf(app), currentUser(request), request.body);
    return { success: true as const, msg: offerMessages.acceptedSold };
  });
  app.post('/offers/counter', { schema: { body: counterOfferBodySchema, response: offerAnswer } }, async (request) => {
    await counterOffer(contextOf(app), currentUser(request), request.body);
    return { success: true as const, msg: offerMessages.countered };
  });
  app.post('/offers/reject', { schema: { body: offerActionBodySchema, response: offerAnswer } }, async (request) => {
    await rejectOffer(contextOf(app), currentUser(request), request.body);
    return { success: true as const, msg: offerMessages.rejected };
  });
  app.post('/offers/withdraw', { schema: { body: offerActionBodySchema, response: offerAnswer } }, async (request) => {
    await withdrawOffer(contextOf(app), currentUser(request), request.body);
    return { success: true as const, msg: offerMessages.withdrawn };
  });

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

  // Issue 23: the seller reserves a listing (for one of its requesters, or nobody), releases it,
  // or marks it sold elsewhere. The rules belong to buy requests, like the accept above.
  const listingRoute = { notFoundMessage: productMessages.notFound };
  const params = z.object({ id: idParam });
  const answer = { 200: offerMessageResponseSchema };
  app.post(
    '/:id/reserve',
    { config: listingRoute, schema: { params, body: reserveBodySchema, response: answer } },
    async (request) => {
      await reserveListing(contextOf(app), currentUser(request), request.params.id, request.body);
      return { success: true as const, msg: offerMessages.reserved };
    },
  );
  app.post('/:id/release', { config: listingRoute, schema: { params, response: answer } }, async (request) => {
    await releaseListing(contextOf(app), currentUser(request), request.params.id);
    return { success: true as const, msg: offerMessages.released };
  });
  app.post('/:id/sold-elsewhere', { config: listingRoute, schema: { params, response: answer } }, async (request) => {
    await markSoldElsewhere(contextOf(app), currentUser(request), request.params.id);
    return { success: true as const, msg: offerMessages.soldElsewhere };
  });
};
