import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#domain/users/auth.messages.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import { wishlistMessages } from '#domain/wishlist/wishlist.messages.ts';
import type { WishlistResponse } from '#domain/wishlist/wishlist.wire.ts';
import { wishlistItems } from '#server/db/schema/index.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { WISHLIST_MAX_RETURNED } from '#server/wishlist/wishlist.routes.ts';
import { insertListing, insertListings, insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';

let t: TestApp;
let seller: UserRow;
let student: UserRow;
let sellerCookie: string;
let studentCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await insertUser(t.app.db, { userName: 'ravi', email: 'ravi@campus.edu' });
  student = await insertUser(t.app.db, { userName: 'meera' });
  sellerCookie = await sessionCookieFor(t, seller.id);
  studentCookie = await sessionCookieFor(t, student.id);
});
afterAll(() => t.close());

const add = (productId: string, cookie = studentCookie) =>
  t.app.inject({ method: 'POST', url: `/api/v1/wishlist/add/${productId}`, headers: { cookie } });
const remove = (productId: string, cookie = studentCookie) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/wishlist/delete/${productId}`, headers: { cookie } });
const getWishlist = (cookie = studentCookie) =>
  t.app.inject({ method: 'GET', url: '/api/v1/wishlist/get-wishlist', headers: { cookie } });

async function storedEntries(userId: string) {
  return t.app.db.select().from(wishlistItems).where(eq(wishlistItems.userId, userId));
}

describe('the wishlist', () => {
  it("adds a product with 'Added to wishlist' and lists it as a full product card", async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id, title: 'Desk lamp' });
    const response = await add(productId);
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ success: true, msg: wishlistMessages.added });

    const { success, wishlistProducts } = body<WishlistResponse>(await getWishlist());
    expect(success).toBe(true);
    const card = wishlistProducts.find((product) => product._id === productId)!;
    expect(card).toMatchObject({
      title: 'Desk lamp',
      soldOut: false,
      seller: { _id: seller.id, userName: 'ravi', email: 'ravi@campus.edu' },
    });
    expect(card.images).toHaveLength(1);
  });

  it('keeps one entry when the same product is added twice, even at once', async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id });
    const answers = await Promise.all([add(productId), add(productId), add(productId)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const entries = (await storedEntries(student.id)).filter((entry) => entry.productId === productId);
    expect(entries).toHaveLength(1);
  });

  it('lists the most recently added first', async () => {
    const fresh = await insertUser(t.app.db);
    const cookie = await sessionCookieFor(t, fresh.id);
    const ids = [];
    for (const title of ['first', 'second', 'third']) {
      const productId = await insertListing(t.app.db, { sellerId: seller.id, title });
      ids.push(productId);
      await add(productId, cookie);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const { wishlistProducts } = body<WishlistResponse>(await getWishlist(cookie));
    expect(wishlistProducts.map((product) => product.title)).toEqual(['third', 'second', 'first']);
  });

  it("removes a product with 'Removed from wishlist', and removing it again still succeeds", async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id });
    await add(productId);
    const response = await remove(productId);
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ success: true, msg: wishlistMessages.removed });
    expect((await storedEntries(student.id)).some((entry) => entry.productId === productId)).toBe(false);
    expect((await remove(productId)).statusCode).toBe(200);
  });

  it('refuses wishlisting your own listing', async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id });
    const response = await add(productId, sellerCookie);
    expect(response.statusCode).toBe(403);
    expect(body(response)).toMatchObject({ success: false, msg: wishlistMessages.ownListing });
    expect(await storedEntries(seller.id)).toEqual([]);
  });

  it("answers 404 'Product not found' for a missing product, to add or to remove", async () => {
    for (const id of [randomUUID(), 'no-such-product']) {
      for (const response of [await add(id), await remove(id)]) {
        expect(response.statusCode).toBe(404);
        expect(body(response)).toMatchObject({ success: false, msg: productMessages.notFound });
      }
    }
  });

  it("touches only the caller's own wishlist", async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id });
    const other = await insertUser(t.app.db);
    await add(productId, await sessionCookieFor(t, other.id));
    await remove(productId);
    expect((await storedEntries(other.id)).map((entry) => entry.productId)).toEqual([productId]);
    const { wishlistProducts } = body<WishlistResponse>(await getWishlist(sellerCookie));
    expect(wishlistProducts).toEqual([]);
  });

  it('needs a session for every wishlist call', async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id });
    for (const [method, url] of [
      ['GET', '/api/v1/wishlist/get-wishlist'],
      ['POST', `/api/v1/wishlist/add/${productId}`],
      ['DELETE', `/api/v1/wishlist/delete/${productId}`],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(401);
      expect(body(response)).toMatchObject({ success: false, msg: authMessages.notLoggedIn });
    }
  });
});

describe('a very long wishlist', () => {
  it(`answers only the newest ${WISHLIST_MAX_RETURNED} entries, keeping the response shape`, async () => {
    const collector = await insertUser(t.app.db, { userName: 'collector' });
    const count = WISHLIST_MAX_RETURNED + 5;
    const ids = await insertListings(
      t.app.db,
      Array.from({ length: count }, (_, index) => ({ sellerId: seller.id, title: `Item ${index}` })),
    );
    const start = Date.UTC(2026, 0, 1);
    await t.app.db
      .insert(wishlistItems)
      .values(ids.map((productId, index) => ({ userId: collector.id, productId, createdAt: new Date(start + index * 60_000) })));

    const response = await getWishlist(await sessionCookieFor(t, collector.id));
    expect(response.statusCode).toBe(200);
    const { success, wishlistProducts } = body<WishlistResponse>(response);
    expect(success).toBe(true);
    expect(wishlistProducts).toHaveLength(WISHLIST_MAX_RETURNED);
    expect(wishlistProducts.map((product) => product._id)).toEqual(ids.slice(5).reverse());
  });
});
