import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '#domain/products/product.wire.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertUser } from '../../support/factories.ts';
import { bicycleFields, jpegPhoto, listingForm } from '../../support/photos.ts';
import { type TestApp, body, createTestApp, sessionCookieFor, storageKeyOf } from '../../support/test-app.ts';

const SITE = 'https://market.campus.example';

/** Issue 9: a client on another origin (the original front end, an e-mail) must show our photos. */
describe('image addresses any client can show', () => {
  let t: TestApp;
  let seller: UserRow;
  let cookie: string;
  let product: Product;

  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: SITE } });
    seller = await insertUser(t.app.db, { userName: 'asha' });
    cookie = await sessionCookieFor(t, seller.id);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products/createProduct',
      headers: { cookie },
      payload: listingForm(bicycleFields, [await jpegPhoto()]),
    });
    product = body<{ product: Product }>(created).product;
  });
  afterAll(() => t.close());

  it('answers every photo address absolute, under PUBLIC_URL', async () => {
    const [image] = product.images;
    expect(image!.url).toMatch(new RegExp(`^${SITE}/uploads/products/[0-9a-f-]{36}\\.webp$`));
    expect(image!.secure_url).toBe(image!.url);
    expect(image!.cardUrl).toMatch(new RegExp(`^${SITE}/uploads/products/[0-9a-f-]{36}-card\\.webp$`));
  });

  it('answers the default avatar absolute too, for a seller without a photo', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/products/${product._id}` });
    expect(body<{ product: Product }>(response).product.seller.profilePicture.url).toBe(`${SITE}/images/user-avatar.png`);
  });

  it('serves an uploaded photo to any origin (Cross-Origin-Resource-Policy: cross-origin)', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/uploads/${storageKeyOf(product.images[0]!.url)}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('keeps the API itself same-origin', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/products/${product._id}` });
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
