import { randomUUID } from 'node:crypto';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from '#domain/api-errors.ts';
import { siteMessages } from '#domain/site.messages.ts';
import type { RegisteredRoute } from '#server/http/route-registry.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertUser } from '../../support/factories.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';

/**
 * Issue 9: a black-box walk of every registered API route with hostile input. Whatever is sent,
 * the answer is ours ({ success: false, msg, code } with the status its code names), never
 * Fastify's default { error, message, statusCode } shape, and never a 500.
 */
let t: TestApp;
let student: UserRow;
let admin: UserRow;
let apiRoutes: RegisteredRoute[];

beforeAll(async () => {
  t = await createTestApp();
  student = await insertUser(t.app.db);
  admin = await insertUser(t.app.db, { isAdmin: true });
  await t.app.ready();
  apiRoutes = t.app.registeredRoutes.filter((route) => route.url.startsWith('/api/'));
});
afterAll(() => t.close());

const OVER_LONG_ID = 'a'.repeat(5000);
const MALFORMED_IDS = ['not-an-id', '12345', `${randomUUID()}x`, "1' or '1'='1"];
const hasPathIds = (route: RegisteredRoute) => route.url.includes('/:');
const withBody = (route: RegisteredRoute) => route.method !== 'GET';
const pathWith = (route: Pick<RegisteredRoute, 'url'>, value: string) => route.url.replace(/:[A-Za-z]+/g, value);

/** Every call gets a session of its own: one of the routes is logout. */
async function call(
  route: Pick<RegisteredRoute, 'method'>,
  caller: UserRow | null,
  url: string,
  extra: { headers?: Record<string, string>; payload?: string } = {},
) {
  const cookie = caller ? await sessionCookieFor(t, caller.id) : undefined;
  return t.app.inject({
    method: route.method as HTTPMethods,
    url,
    headers: { origin: t.config.publicUrl, ...(cookie ? { cookie } : {}), ...extra.headers },
    ...(extra.payload !== undefined ? { payload: extra.payload } : {}),
  });
}

/** Our failure shape, with a status that matches its code. */
function expectOurRefusal(response: LightMyRequestResponse, where: string) {
  expect(response.statusCode, where).toBeLessThan(500);
  expect(response.headers['content-type'], where).toMatch(/^application\/json/);
  const answer = response.json() as { success: boolean; msg: string; code: ErrorCode };
  expect(Object.keys(answer).sort(), `${where}: ${response.body}`).toEqual(['code', 'msg', 'success']);
  expect(answer.success, where).toBe(false);
  expect(answer.msg.trim().length, where).toBeGreaterThan(0);
  expect(ERROR_STATUS[answer.code], `${where}: ${response.body}`).toBe(response.statusCode);
  return answer;
}

const isAdminOnly = (route: RegisteredRoute) => route.auth === 'admin';
const needsSession = (route: RegisteredRoute) => route.auth === 'user' || route.auth === 'admin';
/**
 * RFC 8058's one-click unsubscribe: mail providers POST `List-Unsubscribe=One-Click` as a form,
 * so that one route reads application/x-www-form-urlencoded.
 */
const readsForms = (route: RegisteredRoute) => route.url === '/api/v1/notifications/unsubscribe/:token';

describe('every API route', () => {
  it('has routes to walk', () => {
    expect(apiRoutes.length).toBeGreaterThan(25);
    expect(apiRoutes.filter(hasPathIds).length).toBeGreaterThan(10);
  });

  it("answers an over-long id with 404 and the route's own not-found text", async () => {
    for (const route of apiRoutes.filter(hasPathIds)) {
      const response = await call(route, admin, pathWith(route, OVER_LONG_ID));
      const answer = expectOurRefusal(response, `${route.method} ${route.url}`);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
      // Its own 'Product not found' or 'User not found', never the bare router's 'Not found'.
      expect(route.notFoundMessage, `${route.method} ${route.url} declares config.notFoundMessage`).toBeDefined();
      expect(answer.msg, `${route.method} ${route.url}`).toBe(route.notFoundMessage);
    }
  });

  it('answers a malformed id with 404 for whoever may call the route', async () => {
    for (const route of apiRoutes.filter(hasPathIds)) {
      for (const id of MALFORMED_IDS) {
        for (const caller of [admin, student]) {
          const where = `${route.method} ${route.url} with ${id} as ${caller.isAdmin ? 'admin' : 'student'}`;
          const response = await call(route, caller, pathWith(route, encodeURIComponent(id)));
          expectOurRefusal(response, where);
          expect(response.statusCode, where).toBe(!caller.isAdmin && isAdminOnly(route) ? 403 : 404);
        }
      }
    }
  });

  it('answers an address that cannot be decoded with 400', async () => {
    for (const route of apiRoutes.filter(hasPathIds)) {
      const response = await call(route, student, pathWith(route, '%E0%A4%A'));
      expect(expectOurRefusal(response, route.url).msg).toBe(siteMessages.malformedAddress);
      expect(response.statusCode).toBe(400);
    }
  });

  it('answers a body of a type the API does not read with 415', async () => {
    for (const route of apiRoutes.filter(withBody)) {
      for (const contentType of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
        if (contentType === 'application/x-www-form-urlencoded' && readsForms(route)) continue;
        const where = `${route.method} ${route.url} as ${contentType}`;
        const response = await call(route, admin, pathWith(route, randomUUID()), {
          headers: { 'content-type': contentType },
          payload: 'a=1',
        });
        expect(expectOurRefusal(response, where).msg, where).toBe(siteMessages.unsupportedMediaType);
        expect(response.statusCode, where).toBe(415);
      }
    }
  });

  it('answers a broken JSON body with 400', async () => {
    for (const route of apiRoutes.filter(withBody)) {
      const where = `${route.method} ${route.url}`;
      const response = await call(route, admin, pathWith(route, randomUUID()), {
        headers: { 'content-type': 'application/json' },
        payload: '{"productId": "',
      });
      expect(expectOurRefusal(response, where).msg, where).toBe(siteMessages.invalidJson);
      expect(response.statusCode, where).toBe(400);
    }
  });

  it('answers JSON that is not an object, and a broken multipart body, in our format', async () => {
    for (const route of apiRoutes.filter(withBody)) {
      for (const [contentType, payload] of [
        ['application/json', '"just a string"'],
        ['application/json', '[1, 2]'],
        ['multipart/form-data; boundary=----x', 'not multipart at all'],
      ] as const) {
        const where = `${route.method} ${route.url} with ${payload}`;
        const response = await call(route, admin, pathWith(route, randomUUID()), {
          headers: { 'content-type': contentType },
          payload,
        });
        // Some routes take no body at all and so answer 200 or their own 404; the rest refuse it.
        if (response.statusCode >= 400) expectOurRefusal(response, where);
        else expect(response.json(), where).toMatchObject({ success: true });
      }
    }
  });

  it('answers a method a path does not take with 405 and the methods it does', async () => {
    const paths = new Map<string, Set<string>>();
    for (const route of apiRoutes) paths.set(route.url, (paths.get(route.url) ?? new Set()).add(route.method));
    let refused = 0;
    for (const [url, methods] of paths) {
      const unused = (['GET', 'POST', 'PATCH', 'DELETE', 'PUT'] as const).filter((method) => !methods.has(method));
      for (const method of unused) {
        const where = `${method} ${url}`;
        const response = await call({ method }, student, pathWith({ url }, randomUUID()));
        // Another route may take the same concrete path with that method (GET /products/createProduct
        // is GET /products/:id of a product that does not exist): then it answers, in our format.
        if (response.statusCode === 405) {
          refused++;
          expectOurRefusal(response, where);
          for (const allowed of methods) expect(response.headers.allow, where).toContain(allowed);
        } else if (response.statusCode >= 400) {
          expectOurRefusal(response, where);
        }
      }
    }
    expect(refused).toBeGreaterThan(40);
    const put = await call({ method: 'PUT' }, student, '/api/v1/products');
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD');
  });

  it('answers every signed-in route without a session with 401', async () => {
    const signedIn = apiRoutes.filter(needsSession);
    expect(signedIn.length).toBeGreaterThan(20);
    for (const route of signedIn) {
      const response = await call(route, null, pathWith(route, randomUUID()));
      expectOurRefusal(response, `${route.method} ${route.url}`);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers an address nothing serves with 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(expectOurRefusal(response, 'unknown').msg).toBe(siteMessages.notFound);
    expect(response.statusCode).toBe(404);
  });
});
