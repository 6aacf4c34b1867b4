import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  REVIEWS_PAGE_SIZE,
  type ReviewSubjectRole,
  reviewDeadline,
  reviewEditableUntil,
} from '#domain/reviews/review.constants.ts';
import { reviewMessages as m } from '#domain/reviews/review.messages.ts';
import type { CreateReviewBody, EditReviewBody } from '#domain/reviews/review.schemas.ts';
import type { Review, SaleReviews, UserReviewsResponse } from '#domain/reviews/review.wire.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database, Queryable } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { reviews, users } from '../db/schema/index.ts';
import type { EventBus } from '../events/event-bus.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { isUuid } from '../http/ids.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { assertNoProhibitedWords } from '../moderation/prohibited-words.ts';
import { notify } from '../notifications/notify.ts';
import type { UserRow } from '../users/user.mapper.ts';
import {
  type ReviewWithAuthor,
  findRating,
  findReview,
  findReviewsOf,
  findSale,
  findSaleReviews,
  hasReviewed,
  insertReview,
  lockUserForRating,
  refreshSellerRating,
} from './reviews.repository.ts';

export interface ReviewContext {
  db: Database;
  clock: Clock;
  config: Config;
  jobs: JobQueue;
  events: EventBus;
}

export function reviewContextOf(app: FastifyInstance): ReviewContext {
  return { db: app.db, clock: app.clock, config: app.config, jobs: app.jobs, events: app.events };
}

export function toReviewWire(row: ReviewWithAuthor): Review {
  return {
    _id: row.id,
    rating: row.rating,
    text: row.text,
    subjectRole: row.subjectRole,
    subjectId: row.subjectId,
    author: { _id: row.authorId, userName: row.authorName ?? m.deletedUser },
    productId: row.productId,
    productTitle: row.productTitle,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editableUntil: reviewEditableUntil(row.createdAt).toISOString(),
  };
}

type Sale = NonNullable<Awaited<ReturnType<typeof findSale>>> & { buyerId: string; soldAt: Date };

/** The listing, sold to a buyer; anything else is no sale to review. */
async function requireSale(db: Queryable, productId: string): Promise<Sale> {
  if (!isUuid(productId)) throw notFound(m.productNotFound);
  const sale = await findSale(db, productId);
  if (!sale) throw notFound(m.productNotFound);
  if (!sale.soldOut || !sale.buyerId || !sale.soldAt) throw forbidden(m.noSale);
  return sale as Sale;
}

/** The caller's side of the sale, and whom they would review. */
function sideOf(
  sale: Sale,
  callerId: string,
): { role: ReviewSubjectRole; counterpartId: string; subjectRole: ReviewSubjectRole } {
  if (callerId === sale.sellerId) return { role: 'seller', counterpartId: sale.buyerId, subjectRole: 'buyer' };
  if (callerId === sale.buyerId) return { role: 'buyer', counterpartId: sale.sellerId, subjectRole: 'seller' };
  throw forbidden(m.notParty);
}

/**
 * POST /reviews: the buyer or the seller of a sale reviews the other, once, within 30 days. A
 * review of a seller is counted into their rating in the same transaction, with their row locked,
 * so concurrent reviews of one seller are averaged one after another.
 */
export async function createReview(ctx: ReviewContext, author: UserRow, body: CreateReviewBody): Promise<Review> {
  const sale = await requireSale(ctx.db, body.productId);
  const side = sideOf(sale, author.id);
  if (body.userId !== undefined && body.userId !== side.counterpartId) throw forbidden(m.notCounterparty);
  const now = ctx.clock.now();
  if (now > reviewDeadline(sale.soldAt)) throw forbidden(m.windowClosed);
  await assertNoProhibitedWords(ctx, ctx.db, [body.text]);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const subject = await lockUserForRating(tx, side.counterpartId);
      if (!subject) throw forbidden(m.noSale);
      const inserted = await insertReview(tx, {
        productId: sale.id,
        productTitle: sale.title,
        authorId: author.id,
        subjectId: subject.id,
        subjectRole: side.subjectRole,
        rating: body.rating,
        text: body.text,
        soldAt: sale.soldAt,
        now,
      });
      if (side.subjectRole === 'seller') await refreshSellerRating(tx, subject.id);
      await notify(tx, ctx, {
        to: subject,
        kind: 'review.received',
        payload: {
          productId: sale.id,
          productTitle: sale.title,
          authorName: author.userName,
          rating: body.rating,
          reviewedId: subject.id,
        },
        mail: {},
      });
      return inserted;
    });
    return toReviewWire({ ...row, authorName: author.userName });
  } catch (error) {
    if (isUniqueViolation(error, 'reviews_product_author_key')) throw conflict(m.alreadyReviewed);
    throw error;
  }
}

/** PATCH /reviews/{id}: its author changes stars and text, for 48 hours after posting. */
export async function editReview(ctx: ReviewContext, author: UserRow, id: string, body: EditReviewBody): Promise<Review> {
  const review = await findReview(ctx.db, id);
  if (!review || review.removedAt) throw notFound(m.reviewNotFound);
  if (review.authorId !== author.id) throw forbidden(m.notAuthor);
  const now = ctx.clock.now();
  if (now > reviewEditableUntil(review.createdAt)) throw forbidden(m.editWindowClosed);
  await assertNoProhibitedWords(ctx, ctx.db, [body.text]);
  const updated = await ctx.db.transaction(async (tx) => {
    await lockUserForRating(tx, review.subjectId);
    const [row] = await tx
      .update(reviews)
      .set({ rating: body.rating, text: body.text, updatedAt: now })
      .where(and(eq(reviews.id, review.id), isNull(reviews.removedAt)))
      .returning();
    if (!row) throw notFound(m.reviewNotFound);
    if (row.subjectRole === 'seller') await refreshSellerRating(tx, row.subjectId);
    return row;
  });
  return toReviewWire({ ...updated, authorName: author.userName });
}

/**
 * An admin removes a review (called by the moderation action, inside its transaction, which
 * audits it and closes the reports): marked removed, no longer shown or counted.
 */
export async function removeReviewInTransaction(tx: Queryable, reviewId: string, adminId: string, now: Date) {
  const review = await findReview(tx, reviewId);
  if (!review) throw notFound(m.reviewNotFound);
  await lockUserForRating(tx, review.subjectId);
  const [row] = await tx
    .update(reviews)
    .set({ removedAt: now, removedBy: adminId })
    .where(and(eq(reviews.id, reviewId), isNull(reviews.removedAt)))
    .returning({ id: reviews.id });
  if (!row) throw conflict(m.alreadyRemoved);
  if (review.subjectRole === 'seller') await refreshSellerRating(tx, review.subjectId);
  return review;
}

/** GET /reviews/users/{userId}: a user's rating (as a seller) and every review they received, newest first. */
export async function listUserReviews(db: Database, userId: string, page: number): Promise<UserReviewsResponse> {
  const rating = isUuid(userId) ? await findRating(db, userId) : undefined;
  if (!rating) throw notFound(m.userNotFound);
  const { rows, total } = await findReviewsOf(db, userId, REVIEWS_PAGE_SIZE, (page - 1) * REVIEWS_PAGE_SIZE);
  return {
    success: true,
    rating: rating.rating,
    numReviews: rating.numReviews,
    reviews: rows.map(toReviewWire),
    page,
    totalPages: Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE)),
    total,
  };
}

/** GET /reviews/sales/{productId}: the sale as its buyer or seller sees it (anyone else: 403). */
export async function saleReviews(ctx: ReviewContext, caller: UserRow, productId: string): Promise<SaleReviews> {
  const sale = await requireSale(ctx.db, productId);
  const side = sideOf(sale, caller.id);
  const [rows, counterpart] = await Promise.all([
    findSaleReviews(ctx.db, sale.id),
    ctx.db.select({ id: users.id, userName: users.userName }).from(users).where(eq(users.id, side.counterpartId)),
  ]);
  const mine = rows.find((row) => row.authorId === caller.id);
  const theirs = rows.find((row) => row.authorId === side.counterpartId);
  const deadline = reviewDeadline(sale.soldAt);
  const other = counterpart[0];
  const wroteOne = mine !== undefined || (await hasReviewed(ctx.db, sale.id, caller.id));
  return {
    success: true,
    role: side.role,
    counterpart: other ? { _id: other.id, userName: other.userName } : null,
    soldAt: sale.soldAt.toISOString(),
    reviewDeadline: deadline.toISOString(),
    canReview: !wroteOne && other !== undefined && ctx.clock.now() <= deadline,
    mine: mine ? toReviewWire(mine) : null,
    theirs: theirs ? toReviewWire(theirs) : null,
  };
}
