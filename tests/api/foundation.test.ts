import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#domain/users/auth.messages.ts';
import { siteMessages } from '#domain/site.messages.ts';
import { insertListings, insertUser } from '../support/factories.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('answers /healthz while the process is up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ status: 'ok' });
  });

  it('answers /readyz when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(body(response).status).toBe('ready');
  });
});

describe('error answers', () => {
  it('answers unknown /api paths with 404 JSON', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/v1/no-such-thing' });
      expect(response.statusCode).toBe(404);
      expect(body(response)).toEqual({ success: false, msg: siteMessages.notFound, code: 'NOT_FOUND' });
    }
  });

  it('answers a signed-in-only call without a session with 401 and a message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/check-auth' });
    expect(response.statusCode).toBe(401);
    expect(body(response)).toEqual({ success: false, msg: authMessages.notLoggedIn, code: 'UNAUTHENTICATED' });
  });

  it('answers malformed JSON with 400 and success false', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(400);
    expect(body(response).success).toBe(false);
  });

  it('tags every answer with a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });
});

describe('sessions', () => {
  it('recognises the user of a valid session cookie', async () => {
    const user = await insertUser(t.app.db, { email: 'asha@campus.edu', userName: 'asha' });
    const cookie = await sessionCookieFor(t, user.id);
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/check-auth', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toMatchObject({
      success: true,
      user: {
        _id: user.id,
        userId: user.id,
        userName: 'asha',
        email: 'asha@campus.edu',
        isAdmin: false,
        profilePicture: { url: 'http://localhost:3000/images/user-avatar.png' },
      },
    });
  });

  it('ends the session on logout so the same cookie is refused afterwards', async () => {
    const user = await insertUser(t.app.db);
    const cookie = await sessionCookieFor(t, user.id);
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(body(logout)).toEqual({ success: true, msg: authMessages.loggedOut });
    expect(String(logout.headers['set-cookie'])).toMatch(/cm_session=;.*Expires=Thu, 01 Jan 1970/);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/auth/check-auth', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a made-up session token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/check-auth',
      headers: { cookie: 'cm_session=forged-token' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing call from another origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(body(response)).toMatchObject({ success: false, msg: authMessages.crossSiteRefused });
  });

  it('refuses a call the browser marks as cross-site even without Origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('accepts a call from this site', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('compression', () => {
  it('compresses JSON answers for clients that accept brotli or gzip', async () => {
    const seller = await insertUser(t.app.db);
    await insertListings(
      t.app.db,
      Array.from({ length: 12 }, (_, index) => ({ sellerId: seller.id, title: `Hostel kettle ${index}` })),
    );
    const cookie = await sessionCookieFor(t, seller.id);
    for (const encoding of ['br', 'gzip']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/products',
        headers: { cookie, 'accept-encoding': encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
    }
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/products', headers: { cookie } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().products).toHaveLength(12);
  });
});

describe('site facts', () => {
  it('gives the contact details the footer and About page show, without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/site' });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({
      success: true,
      contactEmail: t.config.contactEmail,
      contactPhone: t.config.contactPhone,
      campusMapEmbedUrl: null,
    });
  });
});
