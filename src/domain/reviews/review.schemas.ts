import { z } from 'zod';
import { REVIEW_MAX_STARS, REVIEW_MIN_STARS, REVIEW_TEXT_MAX_CHARS } from './review.constants.ts';
import { reviewMessages as m } from './review.messages.ts';

const id = z.string({ error: 'Missing id' }).min(1, 'Missing id').max(100);

const stars = z
  .number({ error: m.ratingRequired })
  .int(m.ratingRequired)
  .min(REVIEW_MIN_STARS, m.ratingRequired)
  .max(REVIEW_MAX_STARS, m.ratingRequired);

/** Optional text, stored trimmed; empty means none. */
const text = z
  .string()
  .refine((value) => !value.includes('\u0000'), m.textNul)
  .trim()
  .max(REVIEW_TEXT_MAX_CHARS, m.textTooLong)
  .optional()
  .nullable()
  .transform((value) => (value ? value : null));

/**
 * POST /api/v1/reviews: the caller reviews the other side of the sale of this listing.
 * `userId`, when given, must be that other side (it is checked, never trusted).
 */
export const createReviewBodySchema = z.object({
  productId: id,
  rating: stars,
  text,
  userId: id.optional(),
});
export type CreateReviewBody = z.output<typeof createReviewBodySchema>;
export type ReviewForm = z.input<typeof createReviewBodySchema>;

/** PATCH /api/v1/reviews/{id}: the author changes stars and text within 48 hours. */
export const editReviewBodySchema = z.object({ rating: stars, text });
export type EditReviewBody = z.output<typeof editReviewBodySchema>;

/** POST /api/v1/admin/reviews/{id}/remove */
export const removeReviewBodySchema = z.object({
  reason: z.string({ error: m.removeReasonRequired }).trim().min(1, m.removeReasonRequired).max(1000, m.removeReasonTooLong),
});

export const reviewsPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
