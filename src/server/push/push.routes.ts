import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pushMessages } from '#domain/push/push.ts';
import { pushSubscriptionBodySchema, pushSubscriptionIdParamsSchema } from '#domain/push/push.schemas.ts';
import {
  pushPublicKeyResponseSchema,
  pushSubscriptionListSchema,
  pushSubscriptionResponseSchema,
} from '#domain/push/push.wire.ts';
import { currentUser } from '../auth/authenticate.ts';
import { type PushContext, deliverPush, ownSubscriptions, subscribe, unsubscribe, vapidKeysOf } from './push.ts';
import { findSubscription } from './push.repository.ts';

function contextOf(app: FastifyInstance): PushContext {
  return { db: app.db, clock: app.clock, config: app.config, log: app.log };
}

const subscriptionRoute = { notFoundMessage: pushMessages.notFound };

/**
 * /api/v1/push (issue 22): the VAPID public key a browser subscribes with, and the caller's own
 * subscribed devices. Pushes themselves are `push.deliver` jobs queued by notify().
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.define({
    kind: 'push.deliver',
    run: (data) => deliverPush(contextOf(app), data),
    // 10 s doubling over 5 retries (about 10 minutes): a push service's hiccup, not an outage of hours.
    retryLimit: 5,
    retryDelaySeconds: 10,
    timeoutSeconds: 30,
    concurrency: 4,
    describe: async ({ subscriptionId }) => {
      const device = await findSubscription(app.db, subscriptionId);
      return device ? `push to a device on ${new URL(device.endpoint).host}` : null;
    },
  });

  app.get('/public-key', { schema: { response: { 200: pushPublicKeyResponseSchema } } }, async () => ({
    success: true as const,
    publicKey: (await vapidKeysOf(contextOf(app))).publicKey,
  }));

  app.get('/subscriptions', { schema: { response: { 200: pushSubscriptionListSchema } } }, async (request) => ({
    success: true as const,
    subscriptions: await ownSubscriptions(app.db, currentUser(request).id),
  }));

  app.post(
    '/subscriptions',
    { schema: { body: pushSubscriptionBodySchema, response: { 201: pushSubscriptionResponseSchema } } },
    async (request, reply) => {
      reply.code(201);
      return {
        success: true as const,
        msg: pushMessages.subscribed,
        subscription: await subscribe(contextOf(app), currentUser(request).id, request.body),
      };
    },
  );

  app.delete(
    '/subscriptions/:id',
    {
      config: subscriptionRoute,
      schema: {
        params: pushSubscriptionIdParamsSchema,
        response: { 200: z.object({ success: z.literal(true), msg: z.string() }) },
      },
    },
    async (request) => {
      await unsubscribe(app.db, currentUser(request).id, request.params.id);
      return { success: true as const, msg: pushMessages.unsubscribed };
    },
  );
};
