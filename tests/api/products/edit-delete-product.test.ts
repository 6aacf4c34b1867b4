import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#domain/users/auth.messages.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { auditLog, buyRequests, productImages, products, wishlistItems } from '#server/db/schema/index.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { bicycleFields, jpegPhoto, listingForm, textPretendingToBeJpeg } from '../../support/photos.ts';
import { type TestApp, body, createTestApp, sessionCookieFor, storageKeyOf } from '../../support/test-app.ts';

let t: TestApp;
let seller: UserRow;
let sellerCookie: string;
let stranger: UserRow;
let strangerCookie: string;
let admin: UserRow;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await insertUser(t.app.db, { userName: 'ravi' });
  stranger = await insertUser(t.app.db, { userName: 'meera' });
  admin = await insertUser(t.app.db, { userName: 'admin', email: 'admin@campus.edu', isAdmin: true });
  sellerCookie = await sessionCookieFor(t, seller.id);
  strangerCookie = await sessionCookieFor(t, stranger.id);
  adminCookie = await sessionCookieFor(t, admin.id);
});
afterAll(() => t.close());

/** A listing sold through the API, so its photo files really exist. */
async function sellBicycle(photoCount = 2): Promise<Product> {
  const photos = await Promise.all(Array.from({ length: photoCount }, (_, index) => jpegPhoto({ hue: index * 60 })));
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/products/createProduct',
    headers: { cookie: sellerCookie },
    payload: listingForm(bicycleFields, photos),
  });
  expect(response.statusCode).toBe(201);
  return body<{ product: Product }>(response).product;
}

function edit(id: string, form: FormData, cookie = sellerCookie) {
  return t.app.inject({ method: 'PATCH', url: `/api/v1/products/edit/${id}`, headers: { cookie }, payload: form });
}

function remove(id: string, cookie = sellerCookie) {
  return t.app.inject({ method: 'DELETE', url: `/api/v1/products/delete/${id}`, headers: { cookie } });
}

/** Whether the file behind an /uploads/ URL is on disk. */
function stored(url: string) {
  return fs.existsSync(path.join(t.uploadsDir, storageKeyOf(url)));
}

const kept = (...images: { _id: string }[]) => JSON.stringify(images.map((image) => image._id));

async function storedRow(id: string) {
  const [row] = await t.app.db.select().from(products).where(eq(products.id, id));
  return row;
}

describe('editing a listing', () => {
  it('saves new fields, drops a photo, adds one, and removes only the dropped files', async () => {
    const product = await sellBicycle(2);
    const [first, second] = product.images;

    const response = await edit(
      product._id,
      listingForm(
        { ...bicycleFields, title: 'Hero Sprint, serviced', price: 2900, originalPrice: '', existingImages: kept(second!) },
        [await jpegPhoto({ hue: 300 })],
      ),
    );

    expect(response.statusCode).toBe(200);
    const saved = body<{ success: boolean; msg: string; product: Product }>(response);
    expect(saved).toMatchObject({ success: true, msg: productMessages.updated });
    expect(saved.product).toMatchObject({ title: 'Hero Sprint, serviced', price: 2900, originalPrice: null });
    expect(saved.product.images).toHaveLength(2);
    expect(saved.product.images[0]!._id).toBe(second!._id);
    const added = saved.product.images[1]!;
    expect([first!._id, second!._id]).not.toContain(added._id);

    expect(stored(first!.url)).toBe(false);
    expect(stored(first!.cardUrl)).toBe(false);
    expect(stored(second!.url)).toBe(true);
    expect(stored(added.url)).toBe(true);
    expect(stored(added.cardUrl)).toBe(true);
    expect(new Date(saved.product.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(product.updatedAt).getTime());
  });

  it('reorders the kept photos as existingImages lists them', async () => {
    const product = await sellBicycle(3);
    const [a, b, c] = product.images;
    const response = await edit(product._id, listingForm({ ...bicycleFields, existingImages: kept(c!, a!, b!) }));
    expect(body<{ product: Product }>(response).product.images.map((image) => image._id)).toEqual([c!._id, a!._id, b!._id]);
  });

  it('keeps every photo when existingImages is not sent', async () => {
    const product = await sellBicycle(2);
    const response = await edit(product._id, listingForm({ ...bicycleFields, title: 'Only the title changes' }));
    expect(response.statusCode).toBe(200);
    expect(body<{ product: Product }>(response).product.images).toEqual(product.images);
  });

  it('refuses an edit that leaves no photo', async () => {
    const product = await sellBicycle(1);
    const response = await edit(product._id, listingForm({ ...bicycleFields, existingImages: '[]' }));
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ success: false, msg: validationMessages.uploadAtLeastOneImage });
    expect(stored(product.images[0]!.url)).toBe(true);
  });

  it('refuses an edit that would make six photos, and stores none of the new ones', async () => {
    const product = await sellBicycle(4);
    const filesBefore = fs.readdirSync(path.join(t.uploadsDir, 'products')).length;
    const response = await edit(
      product._id,
      listingForm({ ...bicycleFields, existingImages: kept(...product.images) }, [await jpegPhoto(), await jpegPhoto()]),
    );
    expect(response.statusCode).toBe(400);
    expect(body(response).msg).toBe(validationMessages.maxImages);
    expect(fs.readdirSync(path.join(t.uploadsDir, 'products'))).toHaveLength(filesBefore);
    expect(await t.app.db.select().from(productImages).where(eq(productImages.productId, product._id))).toHaveLength(4);
  });

  it('refuses a text file named .jpg and changes nothing', async () => {
    const product = await sellBicycle(1);
    const response = await edit(
      product._id,
      listingForm({ ...bicycleFields, title: 'Changed?', existingImages: '[]' }, [textPretendingToBeJpeg]),
    );
    expect(response.statusCode).toBe(415);
    expect(body(response).msg).toBe(validationMessages.onlyImages);
    expect((await storedRow(product._id))?.title).toBe(bicycleFields.title);
    expect(stored(product.images[0]!.url)).toBe(true);
  });

  it('refuses missing fields', async () => {
    const product = await sellBicycle(1);
    const response = await edit(product._id, listingForm({ title: 'Only a title' }));
    expect(response.statusCode).toBe(400);
    expect(body(response).msg).toBe(validationMessages.fillRequiredProductFields);
  });

  it("refuses another user's listing", async () => {
    const product = await sellBicycle(1);
    const response = await edit(product._id, listingForm({ ...bicycleFields, title: 'Mine now' }), strangerCookie);
    expect(response.statusCode).toBe(403);
    expect(body(response)).toMatchObject({ success: false, msg: authMessages.onlyOwnListings });
    expect((await storedRow(product._id))?.title).toBe(bicycleFields.title);
  });

  it('never takes seller, soldOut, buyer or ratings from the body', async () => {
    const product = await sellBicycle(1);
    await edit(
      product._id,
      listingForm({ ...bicycleFields, seller: stranger.id, soldOut: 'true', buyer: stranger.id, rating: 5, numReviews: 9 }),
    );
    expect(await storedRow(product._id)).toMatchObject({
      sellerId: seller.id,
      soldOut: false,
      buyerId: null,
      rating: 0,
      numReviews: 0,
    });
  });

  it('refuses to edit a sold listing', async () => {
    const id = await insertListing(t.app.db, { sellerId: seller.id, soldOut: true, buyerId: stranger.id });
    const response = await edit(id, listingForm(bicycleFields));
    expect(response.statusCode).toBe(409);
    expect(body(response).msg).toBe(productMessages.alreadySold);
  });

  it('answers 404 for a listing that does not exist', async () => {
    for (const id of ['8c0f3a52-5d5e-4d4a-9a53-0d7e2f7d8b11', 'not-an-id']) {
      const response = await edit(id, listingForm(bicycleFields));
      expect(response.statusCode).toBe(404);
      expect(body(response).msg).toBe(productMessages.notFound);
    }
  });

  it("lets an admin edit someone else's listing and records it in the audit log", async () => {
    const product = await sellBicycle(1);
    const response = await edit(product._id, listingForm({ ...bicycleFields, title: 'Title fixed by admin' }), adminCookie);
    expect(response.statusCode).toBe(200);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, product._id));
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        actorEmail: 'admin@campus.edu',
        action: 'product.edit',
        targetType: 'product',
        details: { sellerId: seller.id, title: bicycleFields.title },
      }),
    ]);
  });

  it("does not audit a seller's own edit", async () => {
    const product = await sellBicycle(1);
    await edit(product._id, listingForm({ ...bicycleFields, title: 'My own change' }));
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, product._id))).toEqual([]);
  });
});

describe('deleting a listing', () => {
  it('deletes the listing with its wishlist entries and buy requests, then its files', async () => {
    const product = await sellBicycle(2);
    await t.app.db.insert(wishlistItems).values({ userId: stranger.id, productId: product._id });
    await t.app.db.insert(buyRequests).values({ productId: product._id, buyerId: stranger.id, message: 'Is it still there?' });

    const response = await remove(product._id);

    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ success: true, msg: productMessages.deleted });
    expect(await storedRow(product._id)).toBeUndefined();
    expect(await t.app.db.select().from(productImages).where(eq(productImages.productId, product._id))).toEqual([]);
    expect(await t.app.db.select().from(wishlistItems).where(eq(wishlistItems.productId, product._id))).toEqual([]);
    expect(await t.app.db.select().from(buyRequests).where(eq(buyRequests.productId, product._id))).toEqual([]);
    for (const image of product.images) {
      expect(stored(image.url)).toBe(false);
      expect(stored(image.cardUrl)).toBe(false);
    }
  });

  it('keeps a photo file that another listing still shows', async () => {
    const product = await sellBicycle(1);
    const [row] = await t.app.db.select().from(productImages).where(eq(productImages.productId, product._id));
    await insertListing(t.app.db, { sellerId: seller.id, photos: [row!] });

    await remove(product._id);

    expect(stored(product.images[0]!.url)).toBe(true);
  });

  it("refuses another user's listing and keeps it", async () => {
    const product = await sellBicycle(1);
    const response = await remove(product._id, strangerCookie);
    expect(response.statusCode).toBe(403);
    expect(await storedRow(product._id)).toBeDefined();
    expect(stored(product.images[0]!.url)).toBe(true);
  });

  it("lets an admin delete someone else's listing and records it in the audit log", async () => {
    const product = await sellBicycle(1);
    const response = await remove(product._id, adminCookie);
    expect(response.statusCode).toBe(200);
    expect(await storedRow(product._id)).toBeUndefined();
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, product._id));
    expect(audit).toEqual([expect.objectContaining({ actorId: admin.id, action: 'product.delete', targetType: 'product' })]);
  });

  it('lets a seller delete a sold listing', async () => {
    const id = await insertListing(t.app.db, { sellerId: seller.id, soldOut: true, buyerId: stranger.id });
    expect((await remove(id)).statusCode).toBe(200);
  });

  it('answers 404 for a listing that does not exist', async () => {
    const response = await remove('8c0f3a52-5d5e-4d4a-9a53-0d7e2f7d8b11');
    expect(response.statusCode).toBe(404);
    expect(body(response)).toMatchObject({ success: false, msg: productMessages.notFound });
  });

  it('asks for a session', async () => {
    const product = await sellBicycle(1);
    const response = await t.app.inject({ method: 'DELETE', url: `/api/v1/products/delete/${product._id}` });
    expect(response.statusCode).toBe(401);
  });
});
