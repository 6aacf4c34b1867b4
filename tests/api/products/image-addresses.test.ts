import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_URL_META } from '#domain/first-screen.ts';
import type { Product } from '#domain/products/product.wire.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertUser } from '../../support/factories.ts';
import { bicycleFields, jpegPhoto, listingForm } from '../../support/photos.ts';
import { type TestApp, body, createTestApp, sessionCookieFor, storageKeyOf } from '../../support/test-app.ts';

const SITE = 'https://market.campus.example';

/** A web build as vite writes it, with the web app's real default avatar. */
function standInWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-web-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Campus Market</title></head><body><div id="root"></div></body></html>',
  );
  fs.mkdirSync(path.join(dir, 'images'));
  fs.copyFileSync('src/web/public/images/user-avatar.png', path.join(dir, 'images/user-avatar.png'));
  return dir;
}

/** Issue 9: a client on another origin (the original front end, an e-mail) must show our photos. */
describe('image addresses any client can show', () => {
  let t: TestApp;
  let seller: UserRow;
  let cookie: string;
  let product: Product;
  let webDir: string;

  beforeAll(async () => {
    webDir = standInWebBuild();
    t = await createTestApp({ config: { publicUrl: SITE }, webDir });
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
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

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

  it('serves the default avatar the answers name to any origin too (issue 22)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: new URL(`${SITE}/images/user-avatar.png`).pathname,
      headers: { origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.rawPayload.equals(fs.readFileSync('src/web/public/images/user-avatar.png'))).toBe(true);
  });

  it("names the site's own address in every page, so the web app shows its files from whatever name it was opened by", async () => {
    for (const url of ['/auth/login', '/shop/products']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { host: '127.0.0.1:3000' } });
      expect(response.body).toContain(`<meta name="${SITE_URL_META}" content="${SITE}" />`);
    }
  });

  it('keeps the pages themselves same-origin', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/login' });
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('keeps the API itself same-origin', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/products/${product._id}` });
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
