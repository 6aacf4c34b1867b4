import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ReviewSubjectRole } from '#domain/reviews/review.constants.ts';
import type { Queryable } from '../db/client.ts';
import { products, reviews, users } from '../db/schema/index.ts';

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewWithAuthor = ReviewRow & { authorName: string | null };

/** A listing as a sale: who sold it to whom, and when (soldAt null: not sold to a buyer). */
export async function findSale(db: Queryable, productId: string) {
  const [row] = await db
    .select({
      id: products.id,
      title: products.title,
      sellerId: products.sellerId,
      buyerId: products.buyerId,
      soldOut: products.soldOut,
      soldAt: products.soldAt,
    })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}

/** Locks a user row for a change of their rating: reviews of one seller are counted one after another. */
export async function lockUserForRating(tx: Queryable, userId: string) {
  const [row] = await tx
    .select({ id: users.id, userName: users.userName, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/**
 * Recomputes a seller's rating from their reviews (the caller holds the lock on their row) and
 * copies it to every listing of theirs, so the list's rating and its 'Rating' sort read a column.
 */
export async function refreshSellerRating(tx: Queryable, sellerId: string): Promise<{ rating: number; numReviews: number }> {
  const [stats] = await tx
    .select({
      rating: sql<string>`coalesce(round(avg(${reviews.rating}), 1), 0)`,
      numReviews: count(),
    })
    .from(reviews)
    .where(and(eq(reviews.subjectId, sellerId), eq(reviews.subjectRole, 'seller'), isNull(reviews.removedAt)));
  const rating = Number(stats?.rating ?? 0);
  const numReviews = Number(stats?.numReviews ?? 0);
  await tx.update(users).set({ sellerRating: rating, sellerReviewCount: numReviews }).where(eq(users.id, sellerId));
  await tx
    .update(products)
    .set({ rating, numReviews })
    .where(
      and(
        eq(products.sellerId, sellerId),
        sql`(${products.rating}, ${products.numReviews}) is distinct from (${rating}::numeric, ${numReviews}::integer)`,
      ),
    );
  return { rating, numReviews };
}

const withAuthor = {
  id: reviews.id,
  productId: reviews.productId,
  productTitle: reviews.productTitle,
  authorId: reviews.authorId,
  subjectId: reviews.subjectId,
  subjectRole: reviews.subjectRole,
  rating: reviews.rating,
  text: reviews.text,
  soldAt: reviews.soldAt,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  removedAt: reviews.removedAt,
  removedBy: reviews.removedBy,
  authorName: users.userName,
};

export async function findReview(db: Queryable, id: string): Promise<ReviewWithAuthor | undefined> {
  const [row] = await db
    .select(withAuthor)
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.authorId))
    .where(eq(reviews.id, id));
  return row;
}

/** The reviews of one sale (not removed), both ways. */
export async function findSaleReviews(db: Queryable, productId: string): Promise<ReviewWithAuthor[]> {
  return db
    .select(withAuthor)
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.authorId))
    .where(and(eq(reviews.productId, productId), isNull(reviews.removedAt)));
}

/** Whether this author wrote a review of this sale (removed ones count: they cannot post again). */
export async function hasReviewed(db: Queryable, productId: string, authorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.authorId, authorId)));
  return row !== undefined;
}

export async function insertReview(
  tx: Queryable,
  values: {
    productId: string;
    productTitle: string;
    authorId: string;
    subjectId: string;
    subjectRole: ReviewSubjectRole;
    rating: number;
    text: string | null;
    soldAt: Date;
    now: Date;
  },
): Promise<ReviewRow> {
  const { now, ...rest } = values;
  const [row] = await tx
    .insert(reviews)
    .values({ ...rest, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/** A page of the reviews a user received, newest first (reviews_subject_idx), with the total. */
export async function findReviewsOf(db: Queryable, subjectId: string, limit: number, offset: number) {
  const visible = and(eq(reviews.subjectId, subjectId), isNull(reviews.removedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select(withAuthor)
      .from(reviews)
      .leftJoin(users, eq(users.id, reviews.authorId))
      .where(visible)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(reviews).where(visible),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

export async function findRating(db: Queryable, userId: string) {
  const [row] = await db
    .select({ id: users.id, rating: users.sellerRating, numReviews: users.sellerReviewCount })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
