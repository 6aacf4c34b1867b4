import { and, asc, eq } from 'drizzle-orm';
import { buyRequests, products } from '#server/db/schema/index.ts';
import type { TestApp } from '../../support/test-app.ts';

/** The buy-request calls as the web app makes them. */
export function buyRequestCalls(t: TestApp) {
  return {
    markInterested: (cookie: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/v1/interested/mark-interested', headers: { cookie }, payload }),
    interestedBuyers: (cookie: string, query: { productId: string; sellerId: string }) =>
      t.app.inject({ method: 'GET', url: '/api/v1/interested/get-buy-requests', headers: { cookie }, query }),
    accept: (cookie: string, payload: { buyerId: string; productId: string; sellerId: string }) =>
      t.app.inject({ method: 'POST', url: '/api/v1/products/sold-out', headers: { cookie }, payload }),
    reject: (cookie: string, payload: { buyerId: string; productId: string; sellerId: string }) =>
      t.app.inject({ method: 'POST', url: '/api/v1/interested/reject-buy-request', headers: { cookie }, payload }),
    myRequests: (cookie: string, productId?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/interested/my-requests',
        headers: { cookie },
        query: productId ? { productId } : {},
      }),
    offer: (cookie: string, action: 'accept' | 'counter' | 'reject' | 'withdraw', payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/v1/interested/offers/${action}`, headers: { cookie }, payload }),
    listingState: (
      cookie: string,
      productId: string,
      action: 'reserve' | 'release' | 'sold-elsewhere',
      payload?: Record<string, unknown>,
    ) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/products/${productId}/${action}`,
        headers: { cookie },
        ...(payload ? { payload } : {}),
      }),
    requestedIds: (cookie: string, userId: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/wishlist/get-buy-requests/${userId}`, headers: { cookie } }),
  };
}

/** Every stored request on a listing, oldest first, as the database holds it. */
export async function storedRequests(t: TestApp, productId: string, buyerId?: string) {
  return t.app.db
    .select()
    .from(buyRequests)
    .where(and(eq(buyRequests.productId, productId), buyerId ? eq(buyRequests.buyerId, buyerId) : undefined))
    .orderBy(asc(buyRequests.createdAt), asc(buyRequests.id));
}

export async function storedListing(t: TestApp, productId: string) {
  const [row] = await t.app.db
    .select({ soldOut: products.soldOut, buyerId: products.buyerId })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}

/** The listing's sale and reservation as stored (issue 23). */
export async function storedDeal(t: TestApp, productId: string) {
  const [row] = await t.app.db
    .select({
      soldOut: products.soldOut,
      buyerId: products.buyerId,
      soldPrice: products.soldPrice,
      reserved: products.reserved,
      reservedForId: products.reservedForId,
    })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}
