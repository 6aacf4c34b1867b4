import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reviewMessages as m } from '#domain/reviews/review.messages.ts';
import {
  createReviewBodySchema,
  editReviewBodySchema,
  removeReviewBodySchema,
  reviewsPageQuerySchema,
} from '#domain/reviews/review.schemas.ts';
import {
  removeReviewResponseSchema,
  reviewResponseSchema,
  saleReviewsResponseSchema,
  userReviewsResponseSchema,
} from '#domain/reviews/review.wire.ts';
import { currentUser } from '../auth/authenticate.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { idParam } from '../http/ids.ts';
import { moderate } from '../moderation/moderation-actions.ts';
import { moderationContextOf } from '../moderation/moderation-context.ts';
import { createReview, editReview, listUserReviews, reviewContextOf, saleReviews } from './review-rules.ts';
import { findReview } from './reviews.repository.ts';
import { registerReviewReminders } from './review-reminders.ts';

const reviewRoute = { notFoundMessage: m.reviewNotFound };

/**
 * /api/v1/reviews (issue 23): after a sale its buyer and seller review each other once, within 30
 * days; a seller's reviews make their rating, shown on their profile and every listing of theirs.
 */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = reviewContextOf(app);
  registerReviewReminders(app);

  app.post('/', { schema: { body: createReviewBodySchema, response: { 201: reviewResponseSchema } } }, async (request, reply) => {
    const review = await createReview(ctx, currentUser(request), request.body);
    reply.code(201);
    return { success: true as const, msg: m.posted, review };
  });

  app.patch(
    '/:id',
    {
      config: reviewRoute,
      schema: { params: z.object({ id: idParam }), body: editReviewBodySchema, response: { 200: reviewResponseSchema } },
    },
    async (request) => {
      const review = await editReview(ctx, currentUser(request), request.params.id, request.body);
      return { success: true as const, msg: m.updated, review };
    },
  );

  // Reviews are not deletable by their author (only admins remove one, through moderation).
  app.delete(
    '/:id',
    { config: reviewRoute, schema: { params: z.object({ id: idParam }), response: { 200: removeReviewResponseSchema } } },
    async (request) => {
      const review = await findReview(app.db, request.params.id);
      if (!review || review.removedAt) throw notFound(m.reviewNotFound);
      throw forbidden(m.authorCannotDelete);
    },
  );

  app.get(
    '/users/:userId',
    {
      config: { auth: 'optional', notFoundMessage: m.userNotFound },
      schema: {
        params: z.object({ userId: idParam }),
        querystring: reviewsPageQuerySchema,
        response: { 200: userReviewsResponseSchema },
      },
    },
    async (request) => listUserReviews(app.db, request.params.userId, request.query.page),
  );

  app.get(
    '/sales/:productId',
    {
      config: { notFoundMessage: m.productNotFound },
      schema: { params: z.object({ productId: idParam }), response: { 200: saleReviewsResponseSchema } },
    },
    async (request) => saleReviews(ctx, currentUser(request), request.params.productId),
  );
};

/** /api/v1/admin/reviews: an admin removes a review (audited; its open reports are closed). */
export const adminReviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = moderationContextOf(app);
  app.post(
    '/:id/remove',
    {
      config: { auth: 'admin', notFoundMessage: m.reviewNotFound },
      schema: { params: z.object({ id: idParam }), body: removeReviewBodySchema, response: { 200: removeReviewResponseSchema } },
    },
    async (request) => {
      const msg = await moderate(ctx, currentUser(request), {
        action: 'remove-review',
        targetType: 'review',
        targetId: request.params.id,
        reason: request.body.reason,
      });
      return { success: true as const, msg };
    },
  );
};
