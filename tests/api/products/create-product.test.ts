import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productMessages } from '#domain/products/product.messages.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { products, rateLimits, users } from '#server/db/schema/index.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertUser } from '../../support/factories.ts';
import {
  bicycleFields,
  jpegPhoto,
  listingForm,
  pixelBomb,
  pngPhoto,
  svgDocument,
  textPretendingToBeJpeg,
} from '../../support/photos.ts';
import { type TestApp, body, createTestApp, listFiles, sessionCookieFor } from '../../support/test-app.ts';

let t: TestApp;
let seller: UserRow;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await insertUser(t.app.db, { userName: 'asha', email: 'asha@campus.edu', phoneNumber: '9876543210' });
  cookie = await sessionCookieFor(t, seller.id);
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.app.db.delete(products).where(sql`true`);
  // Emptied past the routes: do not wait for the triggers' NOTIFY to reach the listing cache.
  t.app.listingCache.clear();
  // Each test sells from a fresh day: the 20-a-day limit (issue 13) has tests of its own.
  await t.app.db.delete(rateLimits).where(sql`true`);
  fs.rmSync(t.uploadsDir, { recursive: true, force: true });
});

function sell(form: FormData, headers: Record<string, string> = { cookie }) {
  return t.app.inject({ method: 'POST', url: '/api/v1/products/createProduct', headers, payload: form });
}

async function storedListingCount() {
  return (await t.app.db.select({ id: products.id }).from(products)).length;
}

async function expectNothingStored() {
  expect(await storedListingCount()).toBe(0);
  expect(listFiles(t.uploadsDir)).toEqual([]);
}

describe('selling a product', () => {
  it('stores the listing with its photos as WebP and answers with the product', async () => {
    const response = await sell(listingForm(bicycleFields, [await jpegPhoto(), await pngPhoto()]));

    expect(response.statusCode).toBe(201);
    const { success, msg, product } = body<{ success: boolean; msg: string; product: Product }>(response);
    expect(success).toBe(true);
    expect(msg).toBe(productMessages.uploaded);
    expect(product).toMatchObject({
      title: bicycleFields.title,
      description: bicycleFields.description,
      price: 3200,
      originalPrice: 5500,
      category: 'Cycle',
      condition: 'Good',
      rating: 0,
      numReviews: 0,
      soldOut: false,
      buyer: null,
      seller: { _id: seller.id, userName: 'asha', email: 'asha@campus.edu', phoneNumber: '9876543210' },
    });
    expect(product.images).toHaveLength(2);
    for (const image of product.images) {
      expect(image.url).toMatch(/^http:\/\/localhost:3000\/uploads\/products\/[0-9a-f-]{36}\.webp$/);
      expect(image.secure_url).toBe(image.url);
      expect(image.cardUrl).toBe(image.url.replace('.webp', '-card.webp'));
    }
    expect(listFiles(t.uploadsDir)).toHaveLength(4);
  });

  it('serves the stored photos as immutable WebP files, the card variant about 480 px wide', async () => {
    const response = await sell(listingForm(bicycleFields, [await jpegPhoto({ width: 2400, height: 1800 })]));
    const [image] = body<{ product: Product }>(response).product.images;

    const full = await t.app.inject({ method: 'GET', url: image!.url });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['cache-control']).toMatch(/immutable/);
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 1200 });

    const card = await t.app.inject({ method: 'GET', url: image!.cardUrl });
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480, height: 360 });
  });

  it('strips the EXIF location of a phone photo from the stored files', async () => {
    const photo = await jpegPhoto({ gps: true });
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect(photo.includes(Buffer.from('Campus Phone'))).toBe(true);

    await sell(listingForm(bicycleFields, [photo]));

    const files = listFiles(t.uploadsDir);
    expect(files).toHaveLength(2);
    for (const file of files) {
      const stored = fs.readFileSync(path.join(t.uploadsDir, file));
      const metadata = await sharp(stored).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(stored.includes(Buffer.from('GPS'))).toBe(false);
      expect(stored.includes(Buffer.from('Campus Phone'))).toBe(false);
    }
  });

  it('takes the seller from the session and ignores seller, soldOut, buyer and ratings in the body', async () => {
    const someoneElse = await insertUser(t.app.db);
    const form = listingForm({
      ...bicycleFields,
      seller: someoneElse.id,
      sellerId: someoneElse.id,
      soldOut: 'true',
      buyer: someoneElse.id,
      rating: 5,
      numReviews: 40,
    });
    form.append('images', new Blob([new Uint8Array(await jpegPhoto())], { type: 'image/jpeg' }), 'a.jpg');

    const response = await sell(form);

    expect(response.statusCode).toBe(201);
    const [row] = await t.app.db.select().from(products);
    expect(row).toMatchObject({ sellerId: seller.id, soldOut: false, buyerId: null, rating: 0, numReviews: 0 });
  });

  it('keeps prices exact to the paisa and leaves an unset original price empty', async () => {
    const response = await sell(listingForm({ ...bicycleFields, price: '1999.99', originalPrice: '' }, [await jpegPhoto()]));
    expect(body<{ product: Product }>(response).product).toMatchObject({ price: 1999.99, originalPrice: null });
  });

  it('asks for a session', async () => {
    const response = await sell(listingForm(bicycleFields, [await jpegPhoto()]), {});
    expect(response.statusCode).toBe(401);
    await expectNothingStored();
  });
});

describe('refusing a listing', () => {
  it.each(['title', 'description', 'price', 'category', 'condition'])('refuses a form without %s', async (missing) => {
    const fields: Record<string, string | number> = { ...bicycleFields };
    delete fields[missing];
    const response = await sell(listingForm(fields, [await jpegPhoto()]));
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ success: false, msg: validationMessages.fillRequiredProductFields });
    await expectNothingStored();
  });

  it('refuses a blank title', async () => {
    const response = await sell(listingForm({ ...bicycleFields, title: '   ' }, [await jpegPhoto()]));
    expect(body(response).msg).toBe(validationMessages.fillRequiredProductFields);
  });

  it('refuses a negative price and an unknown category', async () => {
    const negative = await sell(listingForm({ ...bicycleFields, price: -1 }, [await jpegPhoto()]));
    expect(negative.statusCode).toBe(400);
    expect(body(negative).msg).toBe(validationMessages.priceInvalid);
    const unknown = await sell(listingForm({ ...bicycleFields, category: 'Cars' }, [await jpegPhoto()]));
    expect(unknown.statusCode).toBe(400);
    await expectNothingStored();
  });

  it('refuses a listing without photos', async () => {
    const response = await sell(listingForm(bicycleFields));
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ success: false, msg: validationMessages.uploadAtLeastOneImage });
    await expectNothingStored();
  });

  it('refuses six photos', async () => {
    const photo = await jpegPhoto({ width: 64, height: 64 });
    const response = await sell(
      listingForm(
        bicycleFields,
        Array.from({ length: 6 }, () => photo),
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ success: false, msg: validationMessages.maxImages });
    await expectNothingStored();
  });

  it('refuses far more photos than allowed without reading them all', async () => {
    const photo = await jpegPhoto({ width: 64, height: 64 });
    const response = await sell(
      listingForm(
        bicycleFields,
        Array.from({ length: 9 }, () => photo),
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(body(response).msg).toBe(validationMessages.maxImages);
    await expectNothingStored();
  });

  it('refuses a text file named .jpg', async () => {
    const response = await sell(listingForm(bicycleFields, [await jpegPhoto(), textPretendingToBeJpeg]));
    expect(response.statusCode).toBe(415);
    expect(body(response)).toMatchObject({ success: false, msg: validationMessages.onlyImages });
    await expectNothingStored();
  });

  it('refuses an SVG even when it claims to be a JPEG', async () => {
    const response = await sell(listingForm(bicycleFields, [{ data: svgDocument, name: 'logo.jpg', type: 'image/jpeg' }]));
    expect(response.statusCode).toBe(415);
    expect(body(response).msg).toBe(validationMessages.onlyImages);
    await expectNothingStored();
  });

  it('refuses a 50 MB file', async () => {
    const huge = Buffer.alloc(50 * 1024 * 1024, 0xff);
    const response = await sell(listingForm(bicycleFields, [await jpegPhoto(), { data: huge, name: 'huge.jpg' }]));
    expect(response.statusCode).toBe(413);
    expect(body(response)).toMatchObject({ success: false, msg: productMessages.imageTooLarge });
    await expectNothingStored();
  });

  it('refuses a pixel bomb from its header, without decoding it', async () => {
    const response = await sell(listingForm(bicycleFields, [await pixelBomb()]));
    expect(response.statusCode).toBe(413);
    expect(body(response)).toMatchObject({ success: false, msg: productMessages.imageTooManyPixels });
    await expectNothingStored();
  });

  it('refuses a body that is not a multipart form', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products/createProduct',
      headers: { cookie },
      payload: { ...bicycleFields },
    });
    expect(response.statusCode).toBe(415);
    await expectNothingStored();
  });

  it('leaves no row and no file when the database refuses the listing', async () => {
    // Valid for the form, refused by the database: the seller vanished while the photos were stored.
    const ghost = await insertUser(t.app.db);
    const ghostCookie = await sessionCookieFor(t, ghost.id);
    const storage = t.app.storage;
    const originalPut = storage.put.bind(storage);
    let deleted = false;
    storage.put = async (key, data, type) => {
      await originalPut(key, data, type);
      if (!deleted) {
        deleted = true;
        await t.app.db.delete(users).where(eq(users.id, ghost.id));
      }
    };
    try {
      const response = await sell(listingForm(bicycleFields, [await jpegPhoto(), await jpegPhoto()]), { cookie: ghostCookie });
      expect(response.statusCode).toBe(500);
    } finally {
      storage.put = originalPut;
    }
    await expectNothingStored();
  });
});
