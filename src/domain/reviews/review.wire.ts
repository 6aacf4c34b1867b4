import { z } from 'zod';
import { REVIEW_SUBJECT_ROLES } from './review.constants.ts';

/** One review as the API answers it. */
export const reviewSchema = z.object({
  _id: z.string(),
  rating: z.number().int(),
  text: z.string().nullable(),
  /** Whom it is about, in the sale: the seller (counts toward their rating) or the buyer. */
  subjectRole: z.enum(REVIEW_SUBJECT_ROLES),
  subjectId: z.string(),
  author: z.object({ _id: z.string().nullable(), userName: z.string() }),
  /** The listing of the sale (null once it is deleted) and its title as it was. */
  productId: z.string().nullable(),
  productTitle: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Until when its author may change it. */
  editableUntil: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewResponseSchema = z.object({ success: z.literal(true), msg: z.string(), review: reviewSchema });
export type ReviewResponse = z.infer<typeof reviewResponseSchema>;

/** A user's rating: the average of the reviews they received as a seller, and how many. */
export const ratingSchema = z.object({ rating: z.number(), numReviews: z.number().int() });
export type Rating = z.infer<typeof ratingSchema>;

/** GET /api/v1/reviews/users/{userId}: the rating and the reviews received, newest first, paged. */
export const userReviewsResponseSchema = z.object({
  success: z.literal(true),
  rating: z.number(),
  numReviews: z.number().int(),
  reviews: z.array(reviewSchema),
  page: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type UserReviewsResponse = z.infer<typeof userReviewsResponseSchema>;

/** GET /api/v1/reviews/sales/{productId}: a sale as one of its two sides sees it. */
export const saleReviewsResponseSchema = z.object({
  success: z.literal(true),
  /** The caller's side of the sale. */
  role: z.enum(REVIEW_SUBJECT_ROLES),
  counterpart: z.object({ _id: z.string(), userName: z.string() }).nullable(),
  soldAt: z.string(),
  /** Until when a review may be posted. */
  reviewDeadline: z.string(),
  /** Whether the caller may post a review now. */
  canReview: z.boolean(),
  mine: reviewSchema.nullable(),
  theirs: reviewSchema.nullable(),
});
export type SaleReviews = z.infer<typeof saleReviewsResponseSchema>;

export const removeReviewResponseSchema = z.object({ success: z.literal(true), msg: z.string() });
