import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '#domain/products/product.wire.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertUser } from '../../support/factories.ts';
import { bicycleFields, jpegPhoto, listingForm, textPretendingToBeJpeg } from '../../support/photos.ts';
import { type TestS3Server, startS3Server } from '../../support/s3-server.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { insertListingWithFiles } from '../users/fixtures.ts';

let s3: TestS3Server;
let t: TestApp;
let seller: UserRow;
let sellerCookie: string;
let adminCookie: string;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ s3: s3.settings });
  seller = await insertUser(t.app.db);
  sellerCookie = await sessionCookieFor(t, seller.id);
  adminCookie = await sessionCookieFor(t, (await insertUser(t.app.db, { isAdmin: true })).id);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

/** The object key behind a photo's public address. */
const keyOf = (url: string) => {
  expect(url.startsWith(`${s3.settings.publicUrl}/`), url).toBe(true);
  return url.slice(s3.settings.publicUrl.length + 1);
};
const keysOf = (product: Product) => product.images.flatMap((image) => [keyOf(image.url), keyOf(image.cardUrl)]);

async function sell(photos: Parameters<typeof listingForm>[1]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/products/createProduct',
    headers: { cookie: sellerCookie },
    payload: listingForm(bicycleFields, photos),
  });
}

describe('photos in an S3 bucket', () => {
  it('stores a listing’s photos in the bucket and serves them from its public address', async () => {
    const response = await sell([await jpegPhoto({ hue: 10 }), await jpegPhoto({ hue: 90 })]);
    expect(response.statusCode).toBe(201);
    const { product } = body<{ product: Product }>(response);
    const keys = keysOf(product);
    expect(keys).toHaveLength(4);
    expect(await s3.keys()).toEqual(expect.arrayContaining(keys));

    const served = await fetch(product.images[0]!.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it('leaves no object behind when an upload is refused', async () => {
    const before = await s3.keys();
    const response = await sell([await jpegPhoto({ hue: 200 }), textPretendingToBeJpeg]);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(await s3.keys()).toEqual(before);
  });

  it('removes only the dropped photos’ objects when a listing is edited, after the change commits', async () => {
    const { product } = body<{ product: Product }>(await sell([await jpegPhoto({ hue: 30 }), await jpegPhoto({ hue: 60 })]));
    const [dropped, kept] = product.images;
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/edit/${product._id}`,
      headers: { cookie: sellerCookie },
      payload: listingForm({ ...bicycleFields, existingImages: JSON.stringify([kept!._id]) }, [await jpegPhoto({ hue: 120 })]),
    });
    expect(response.statusCode).toBe(200);
    const saved = body<{ product: Product }>(response).product;
    const keys = await s3.keys();
    expect(keys).not.toContain(keyOf(dropped!.url));
    expect(keys).not.toContain(keyOf(dropped!.cardUrl));
    expect(keys).toEqual(expect.arrayContaining(keysOf(saved)));
  });

  it('removes a deleted listing’s objects', async () => {
    const { product } = body<{ product: Product }>(await sell([await jpegPhoto({ hue: 150 })]));
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/products/delete/${product._id}`,
      headers: { cookie: sellerCookie },
    });
    expect(response.statusCode).toBe(200);
    const keys = await s3.keys();
    for (const key of keysOf(product)) expect(keys).not.toContain(key);
  });

  it('removes a deleted account’s objects and keeps everyone else’s', async () => {
    const leaving = await insertUser(t.app.db);
    const staying = await insertUser(t.app.db);
    const theirs = await insertListingWithFiles(t.app.db, t.app.storage, leaving.id, { photos: 2 });
    const others = await insertListingWithFiles(t.app.db, t.app.storage, staying.id, { photos: 1 });
    expect(await s3.keys()).toEqual(expect.arrayContaining([...theirs.photoKeys, ...others.photoKeys]));

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/delete-account/${leaving.id}`,
      headers: { cookie: adminCookie },
    });
    expect(response.statusCode).toBe(200);
    const keys = await s3.keys();
    for (const key of theirs.photoKeys) expect(keys).not.toContain(key);
    expect(keys).toEqual(expect.arrayContaining(others.photoKeys));
  });

  it('lets pages show photos from the bucket (Content-Security-Policy)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['content-security-policy']).toMatch(
      new RegExp(`img-src [^;]*${new URL(s3.settings.publicUrl).origin}`),
    );
  });
});
