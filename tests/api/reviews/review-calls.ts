import { eq } from 'drizzle-orm';
import { notifications, products, reviews, users } from '#server/db/schema/index.ts';
import type { TestApp } from '../../support/test-app.ts';

/** The reviews calls as the web app makes them. */
export function reviewCalls(t: TestApp) {
  return {
    post: (cookie: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/v1/reviews', headers: { cookie }, payload }),
    edit: (cookie: string, id: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/reviews/${id}`, headers: { cookie }, payload }),
    delete: (cookie: string, id: string) => t.app.inject({ method: 'DELETE', url: `/api/v1/reviews/${id}`, headers: { cookie } }),
    ofUser: (userId: string, query: Record<string, string> = {}, cookie?: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/reviews/users/${userId}`, query, ...(cookie ? { headers: { cookie } } : {}) }),
    sale: (cookie: string, productId: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/reviews/sales/${productId}`, headers: { cookie } }),
    remove: (cookie: string, id: string, reason: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/admin/reviews/${id}/remove`, headers: { cookie }, payload: { reason } }),
    product: (productId: string) => t.app.inject({ method: 'GET', url: `/api/v1/products/${productId}` }),
    products: (cookie: string, query: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/v1/products', headers: { cookie }, query }),
  };
}

export async function storedReviews(t: TestApp, productId: string) {
  return t.app.db.select().from(reviews).where(eq(reviews.productId, productId));
}

export async function sellerRatingRow(t: TestApp, userId: string) {
  const [row] = await t.app.db
    .select({ rating: users.sellerRating, numReviews: users.sellerReviewCount })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function listingRatings(t: TestApp, sellerId: string) {
  return t.app.db
    .select({ id: products.id, rating: products.rating, numReviews: products.numReviews })
    .from(products)
    .where(eq(products.sellerId, sellerId));
}

export async function notificationsOf(t: TestApp, userId: string, kind?: string) {
  const rows = await t.app.db.select().from(notifications).where(eq(notifications.userId, userId));
  return kind ? rows.filter((row) => row.kind === kind) : rows;
}
