import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#domain/users/auth.messages.ts';
import { wishlistItems } from '#server/db/schema/index.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { multipart, STRONG_PASSWORD } from '../auth/auth-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const EVIL = { origin: 'https://evil.example' };

/** Spellings of /api/ that the router decodes to the same routes. */
const ENCODED_PREFIXES = ['/%61pi/v1', '/%61%70%69/v1', '/ap%69/v1', '/api/%76%31'];

describe('the cross-site guard', () => {
  it.each(ENCODED_PREFIXES)('refuses a cross-site wishlist add sent to %s/…, and stores nothing', async (prefix) => {
    const buyer = await insertUser(t.app.db);
    const seller = await insertUser(t.app.db);
    const productId = await insertListing(t.app.db, { sellerId: seller.id });
    const response = await t.app.inject({
      method: 'POST',
      url: `${prefix}/wishlist/add/${productId}`,
      headers: { ...EVIL, cookie: await sessionCookieFor(t, buyer.id) },
    });
    expect(response.statusCode).toBe(403);
    expect(body(response)).toEqual({ success: false, msg: authMessages.crossSiteRefused, code: 'FORBIDDEN' });
    expect(await t.app.db.select().from(wishlistItems).where(eq(wishlistItems.userId, buyer.id))).toEqual([]);
  });

  it('refuses a cross-site multipart register (login CSRF) sent to an encoded path', async () => {
    const { payload, headers } = await multipart({ email: 'victim@campus.edu', password: STRONG_PASSWORD });
    const response = await t.app.inject({
      method: 'POST',
      url: '/%61pi/v1/auth/register',
      payload,
      headers: { ...headers, ...EVIL },
    });
    expect(response.statusCode).toBe(403);
    expect(body(response)).toMatchObject({ success: false, msg: authMessages.crossSiteRefused });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a cross-site login sent to an encoded path', async () => {
    await insertUser(t.app.db, { email: 'planted@campus.edu' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/%61pi/v1/auth/login',
      payload: { email: 'planted@campus.edu', password: 'anything-1!' },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses cross-site writes to paths outside /api too', async () => {
    for (const url of ['/healthz', '/uploads/x.webp', '/anything']) {
      const response = await t.app.inject({ method: 'POST', url, headers: EVIL });
      expect(response.statusCode).toBe(403);
    }
  });

  it('still lets a same-site write through an encoded path', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/%61pi/v1/auth/logout',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('authentication under encoded paths', () => {
  it.each(ENCODED_PREFIXES)('still asks for a session at %s/…', async (prefix) => {
    const seller = await insertUser(t.app.db);
    const productId = await insertListing(t.app.db, { sellerId: seller.id });
    for (const [method, path] of [
      ['GET', '/auth/check-auth'],
      ['GET', '/wishlist/get-wishlist'],
      ['POST', `/wishlist/add/${productId}`],
      ['GET', '/products'],
    ] as const) {
      const response = await t.app.inject({ method, url: `${prefix}${path}` });
      expect(response.statusCode).toBe(401);
      expect(body(response)).toMatchObject({ success: false, msg: authMessages.notLoggedIn });
    }
  });

  it('still keeps admin calls to admins at an encoded path', async () => {
    const student = await insertUser(t.app.db);
    const response = await t.app.inject({
      method: 'GET',
      url: '/%61pi/v1/users/fetch-users?page=1',
      headers: { cookie: await sessionCookieFor(t, student.id) },
    });
    expect(response.statusCode).toBe(403);
  });
});
