import { eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '#domain/users/admin-users.messages.ts';
import { profileMessages } from '#domain/users/profile.messages.ts';
import {
  auditLog,
  buyRequests,
  emailCodes,
  emailVerifications,
  productImages,
  products,
  sessions,
  users,
  wishlistItems,
} from '#server/db/schema/index.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, listFiles, sessionCookieFor } from '../../support/test-app.ts';
import { pngPhoto } from '../../support/photos.ts';
import { addBuyRequest, addToWishlist, insertListingWithFiles, photoForm } from './fixtures.ts';

let t: TestApp;
let admin: UserRow;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t.app.db, { email: 'warden@campus.edu', isAdmin: true });
  adminCookie = await sessionCookieFor(t, admin.id);
});
afterAll(() => t.close());

function deleteAccount(id: string, cookie = adminCookie) {
  return t.app.inject({ method: 'POST', url: `/api/v1/users/delete-account/${id}`, headers: { cookie } });
}

async function giveProfilePhoto(user: UserRow) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/v1/users/profilePicture/${user.id}`,
    headers: { cookie: await sessionCookieFor(t, user.id) },
    payload: photoForm({ data: await pngPhoto(), name: 'me.png', type: 'image/png' }),
  });
  expect(response.statusCode).toBe(200);
  const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
  return row!.profilePictureKey!;
}

/** Everything in the database that belongs to or points at a user or their listings. */
async function traceOf(userId: string, email: string, productIds: string[]) {
  const db = t.app.db;
  const ofProducts = <T>(column: T) => (productIds.length ? inArray(column as never, productIds) : undefined);
  return {
    users: await db.select().from(users).where(eq(users.id, userId)),
    sessions: await db.select().from(sessions).where(eq(sessions.userId, userId)),
    products: await db
      .select()
      .from(products)
      .where(or(eq(products.sellerId, userId), eq(products.buyerId, userId), ofProducts(products.id))),
    productImages: productIds.length
      ? await db.select().from(productImages).where(inArray(productImages.productId, productIds))
      : [],
    wishlistItems: await db
      .select()
      .from(wishlistItems)
      .where(or(eq(wishlistItems.userId, userId), ofProducts(wishlistItems.productId))),
    buyRequests: await db
      .select()
      .from(buyRequests)
      .where(or(eq(buyRequests.buyerId, userId), ofProducts(buyRequests.productId))),
    emailCodes: await db.select().from(emailCodes).where(eq(emailCodes.email, email)),
    emailVerifications: await db.select().from(emailVerifications).where(eq(emailVerifications.email, email)),
  };
}

describe('POST /users/delete-account/{id}', () => {
  it('deletes the user with their listings, photos, wishlist, buy requests and sessions', async () => {
    const seller = await insertUser(t.app.db, { email: 'leaving@campus.edu', userName: 'leaving' });
    const buyer = await insertUser(t.app.db, { userName: 'buyer' });
    const photoKey = await giveProfilePhoto(seller);
    const first = await insertListingWithFiles(t.app.db, t.app.storage, seller.id, { photos: 2 });
    const second = await insertListingWithFiles(t.app.db, t.app.storage, seller.id, { photos: 3 });
    const buyersListing = await insertListingWithFiles(t.app.db, t.app.storage, buyer.id, { photos: 1 });
    const boughtBySeller = await insertListingWithFiles(t.app.db, t.app.storage, buyer.id, { photos: 1, soldOut: true });
    await t.app.db.update(products).set({ buyerId: seller.id }).where(eq(products.id, boughtBySeller.productId));
    // Others' interest in the seller's listings, and the seller's interest in others'.
    await addToWishlist(t.app.db, buyer.id, first.productId);
    await addBuyRequest(t.app.db, buyer.id, second.productId);
    await addToWishlist(t.app.db, seller.id, buyersListing.productId);
    await addBuyRequest(t.app.db, seller.id, buyersListing.productId);
    await sessionCookieFor(t, seller.id);
    await t.app.db.insert(emailCodes).values({
      email: seller.email,
      purpose: 'reset-password',
      codeHash: 'x',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const sellerProductIds = [first.productId, second.productId];
    const before = await traceOf(seller.id, seller.email, sellerProductIds);
    expect(before.products).toHaveLength(3);
    expect(before.productImages).toHaveLength(5);
    expect(before.wishlistItems).toHaveLength(2);
    expect(before.buyRequests).toHaveLength(2);
    expect(before.sessions.length).toBeGreaterThan(0);

    const response = await deleteAccount(seller.id);
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ success: true, msg: adminMessages.userDeleted });

    const after = await traceOf(seller.id, seller.email, sellerProductIds);
    expect(after).toEqual({
      users: [],
      sessions: [],
      products: [],
      productImages: [],
      wishlistItems: [],
      buyRequests: [],
      emailCodes: [],
      emailVerifications: [],
    });
    const files = listFiles(t.uploadsDir);
    for (const key of [...first.photoKeys, ...second.photoKeys, photoKey]) expect(files).not.toContain(key);

    // What belongs to others stays: the buyer, their listings and photos; a listing the seller bought has no buyer now.
    const [kept] = await t.app.db.select().from(products).where(eq(products.id, boughtBySeller.productId));
    expect(kept).toMatchObject({ soldOut: true, buyerId: null });
    expect(await t.app.db.select().from(users).where(eq(users.id, buyer.id))).toHaveLength(1);
    for (const key of [...buyersListing.photoKeys, ...boughtBySeller.photoKeys]) expect(files).toContain(key);
  });

  it('writes who deleted whom, and when, to the audit log', async () => {
    const student = await insertUser(t.app.db, { email: 'audited@campus.edu', userName: 'audited' });
    await insertListingWithFiles(t.app.db, t.app.storage, student.id, { photos: 1 });
    const startedAt = Date.now();
    expect((await deleteAccount(student.id)).statusCode).toBe(200);
    const entries = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, student.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: 'warden@campus.edu',
      action: 'user.delete',
      targetType: 'user',
      targetId: student.id,
      details: { userName: 'audited', email: 'audited@campus.edu', listingsDeleted: 1 },
    });
    expect(entries[0]!.createdAt.getTime()).toBeGreaterThan(startedAt - 60_000);
  });

  it('lets the deleted user in no more', async () => {
    const student = await insertUser(t.app.db);
    const cookie = await sessionCookieFor(t, student.id);
    await deleteAccount(student.id);
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/check-auth', headers: { cookie } });
    expect(response.statusCode).toBe(401);
  });

  it('refuses an admin deleting themself, and keeps them', async () => {
    const response = await deleteAccount(admin.id);
    expect(response.statusCode).toBe(403);
    expect(body(response)).toEqual({ success: false, msg: adminMessages.cannotDeleteSelf, code: 'FORBIDDEN' });
    expect(await t.app.db.select().from(users).where(eq(users.id, admin.id))).toHaveLength(1);
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, admin.id))).toEqual([]);
  });

  it("answers 404 'User not found' for an unknown user and writes no audit row", async () => {
    for (const id of ['6f1c1b1e-1111-4111-8111-111111111111', 'nobody']) {
      const response = await deleteAccount(id);
      expect(response.statusCode).toBe(404);
      expect(body(response).msg).toBe(profileMessages.notFound);
      expect(await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, id))).toEqual([]);
    }
  });
});
