import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#domain/users/auth.messages.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import type { MyListingsResponse, Product } from '#domain/products/product.wire.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListings, insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';

let t: TestApp;
let seller: UserRow;
let other: UserRow;
let admin: UserRow;
let sellerCookie: string;
let otherCookie: string;
let adminCookie: string;
let sellerListingIds: string[];
let otherListingIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  seller = await insertUser(t.app.db, { userName: 'kiran', email: 'kiran@campus.edu', phoneNumber: '9123456780' });
  other = await insertUser(t.app.db, { userName: 'dev' });
  admin = await insertUser(t.app.db, { userName: 'admin', isAdmin: true });
  sellerCookie = await sessionCookieFor(t, seller.id);
  otherCookie = await sessionCookieFor(t, other.id);
  adminCookie = await sessionCookieFor(t, admin.id);
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  sellerListingIds = await insertListings(t.app.db, [
    { sellerId: seller.id, title: 'Drafter', category: 'Stationery', createdAt: day(1) },
    { sellerId: seller.id, title: 'Lab coat', category: 'Clothing', createdAt: day(3), soldOut: true, buyerId: other.id },
    { sellerId: seller.id, title: 'Study lamp', category: 'Electronics', createdAt: day(2) },
  ]);
  otherListingIds = await insertListings(t.app.db, [{ sellerId: other.id, title: 'Kettle', createdAt: day(4) }]);
});
afterAll(() => t.close());

function getProduct(id: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url: `/api/v1/products/${id}`, headers: cookie ? { cookie } : {} });
}

function myListings(userId: string, cookie: string, query = '') {
  return t.app.inject({ method: 'GET', url: `/api/v1/products/my-listings/${userId}${query}`, headers: { cookie } });
}

describe('product detail', () => {
  it("shows a signed-in caller the listing with the seller's contact details", async () => {
    const response = await getProduct(sellerListingIds[2]!, otherCookie);
    expect(response.statusCode).toBe(200);
    const { success, product } = body<{ success: boolean; product: Product }>(response);
    expect(success).toBe(true);
    expect(product).toMatchObject({ _id: sellerListingIds[2], title: 'Study lamp', category: 'Electronics' });
    expect(product.seller).toEqual({
      _id: seller.id,
      userName: 'kiran',
      email: 'kiran@campus.edu',
      phoneNumber: '9123456780',
      profilePicture: { url: 'http://localhost:3000/images/user-avatar.png' },
    });
  });

  it("leaves the seller's e-mail and phone out for an anonymous caller", async () => {
    const response = await getProduct(sellerListingIds[2]!);
    expect(response.statusCode).toBe(200);
    const { product } = body<{ product: Product }>(response);
    expect(product.seller).toEqual({
      _id: seller.id,
      userName: 'kiran',
      profilePicture: { url: 'http://localhost:3000/images/user-avatar.png' },
    });
    expect(response.body).not.toContain('kiran@campus.edu');
    expect(response.body).not.toContain('9123456780');
  });

  it('shows who bought a sold listing to its seller, its buyer and admins', async () => {
    for (const cookie of [sellerCookie, otherCookie, adminCookie]) {
      const { product } = body<{ product: Product }>(await getProduct(sellerListingIds[1]!, cookie));
      expect(product).toMatchObject({ soldOut: true, buyer: other.id });
    }
  });

  it('keeps who bought a listing from other students, on the detail and in every list', async () => {
    const stranger = await insertUser(t.app.db, { userName: 'nosy' });
    const cookie = await sessionCookieFor(t, stranger.id);
    const detail = await getProduct(sellerListingIds[1]!, cookie);
    expect(body<{ product: Product }>(detail).product).toMatchObject({ soldOut: true, buyer: null });
    for (const url of ['/api/v1/products', `/api/v1/products?sellerId=${seller.id}`, '/api/v1/products?q=lab']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      const listed = body<{ products: Product[] }>(response).products.find((p) => p._id === sellerListingIds[1]);
      expect(listed).toMatchObject({ soldOut: true, buyer: null });
    }
  });

  it('leaves the buyer out for an anonymous caller', async () => {
    const response = await getProduct(sellerListingIds[1]!);
    expect(response.statusCode).toBe(200);
    expect(body<{ product: Product }>(response).product).toMatchObject({ soldOut: true, buyer: null });
    expect(response.body).not.toContain(other.id);
  });

  it("answers 404 'Product not found' for an unknown or malformed id", async () => {
    for (const id of ['3f1d2c4b-0000-4000-8000-000000000000', 'abc', '1234']) {
      const response = await getProduct(id, otherCookie);
      expect(response.statusCode).toBe(404);
      expect(body(response)).toMatchObject({ success: false, msg: productMessages.notFound });
    }
  });
});

describe('My Listings', () => {
  it('gives a user their own listings, newest first, sold ones included', async () => {
    const response = await myListings(seller.id, sellerCookie);
    expect(response.statusCode).toBe(200);
    const listing = body<MyListingsResponse>(response);
    expect(listing).toMatchObject({ success: true, total: 3, page: 1, totalPages: 1 });
    expect(listing.products.map((product) => product.title)).toEqual(['Lab coat', 'Study lamp', 'Drafter']);
  });

  it("refuses a user asking for someone else's listings", async () => {
    const response = await myListings(seller.id, otherCookie);
    expect(response.statusCode).toBe(403);
    expect(body(response)).toMatchObject({ success: false, msg: authMessages.onlyOwnListings });
  });

  it("gives an admin any user's listings", async () => {
    const response = await myListings(other.id, adminCookie);
    expect(response.statusCode).toBe(200);
    expect(body<MyListingsResponse>(response).products.map((product) => product._id)).toEqual(otherListingIds);
  });

  it('gives an admin asking for their own id every product', async () => {
    const listing = body<MyListingsResponse>(await myListings(admin.id, adminCookie));
    expect(listing.total).toBe(4);
    expect(listing.products.map((product) => product.title)).toEqual(['Kettle', 'Lab coat', 'Study lamp', 'Drafter']);
  });

  it('pages the listings', async () => {
    const listing = body<MyListingsResponse>(await myListings(seller.id, sellerCookie, '?page=2&limit=2'));
    expect(listing).toMatchObject({ total: 3, page: 2, totalPages: 2 });
    expect(listing.products.map((product) => product.title)).toEqual(['Drafter']);
  });

  it('gives an empty list to a user with no listings', async () => {
    const fresh = await insertUser(t.app.db);
    const mine = body<MyListingsResponse>(await myListings(fresh.id, await sessionCookieFor(t, fresh.id)));
    expect(mine).toEqual({ success: true, products: [], total: 0, page: 1, totalPages: 0, nextCursor: null });
  });

  it('asks for a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/products/my-listings/${seller.id}` });
    expect(response.statusCode).toBe(401);
  });
});
