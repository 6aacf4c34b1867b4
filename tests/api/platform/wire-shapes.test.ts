import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { toSerializerSchema } from '#server/http/serializer.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { buyRequestCalls } from '../buy-requests/buy-request-calls.ts';
import { conversationCalls } from '../conversations/conversation-calls.ts';

/**
 * Answers are written by fast-json-stringify from each route's zod schema (http/serializer.ts),
 * no longer by zod at run time. For a representative set of calls with real data, the JSON served
 * must be exactly what zod made of the handler's value before (encode + JSON.stringify), and what
 * zod makes of the served body itself, so any drift of the wire fails here.
 */
let t: TestApp;
let seller: UserRow;
let buyer: UserRow;
let sellerCookie: string;
let buyerCookie: string;
let adminCookie: string;
let productId: string;
let conversationId: string;
/** What each handler returned, before serialization, by request id. */
const returned = new Map<string, unknown>();

beforeAll(async () => {
  t = await createTestApp();
  t.app.addHook('preSerialization', async (request, _reply, payload) => {
    returned.set(request.id, structuredClone(payload));
    return payload;
  });
  // The listing cache serializes with the route's serializer itself and sends the string, which
  // skips preSerialization: catch its value on the way into reply.serialize instead.
  t.app.addHook('onRequest', async (request, reply) => {
    const serialize = reply.serialize.bind(reply);
    reply.serialize = (payload: unknown) => {
      returned.set(request.id, structuredClone(payload));
      return serialize(payload);
    };
  });
  seller = await insertUser(t.app.db, { userName: 'ravi', gender: 'Male' });
  buyer = await insertUser(t.app.db, { userName: 'meera', phoneNumber: null });
  const admin = await insertUser(t.app.db, { userName: 'admin', isAdmin: true });
  [sellerCookie, buyerCookie, adminCookie] = await Promise.all([
    sessionCookieFor(t, seller.id),
    sessionCookieFor(t, buyer.id),
    sessionCookieFor(t, admin.id),
  ]);
  productId = await insertListing(t.app.db, { sellerId: seller.id, title: 'Hostel chair', originalPrice: 1200 });
  await insertListing(t.app.db, {
    sellerId: seller.id,
    title: 'Study lamp',
    originalPrice: null,
    soldOut: true,
    buyerId: buyer.id,
  });
  await t.app.inject({ method: 'POST', url: `/api/v1/wishlist/add/${productId}`, headers: { cookie: buyerCookie } });
  await buyRequestCalls(t).markInterested(buyerCookie, { productId, buyerMessage: 'Can I collect it today?' });
  const started = await conversationCalls(t).start(buyerCookie, productId, 'Is the chair still there?');
  conversationId = started.json<{ conversation: { _id: string } }>().conversation._id;
  await conversationCalls(t).send(sellerCookie, conversationId, 'Yes, come by after 5.');
});
afterAll(() => t.close());

function responseSchemaOf(method: string, url: string): z.ZodType {
  const route = t.app.registeredRoutes.find((each) => each.method === method && each.url === url);
  const schema = (route?.schema?.response as Record<number, unknown> | undefined)?.[200];
  if (!(schema instanceof z.ZodType)) throw new Error(`no zod 200 schema for ${method} ${url}`);
  return schema;
}

const calls: { name: string; route: string; url: () => string; cookie: () => string }[] = [
  { name: 'product list', route: '/api/v1/products', url: () => '/api/v1/products', cookie: () => buyerCookie },
  { name: 'product search', route: '/api/v1/products', url: () => '/api/v1/products?search=chair', cookie: () => buyerCookie },
  {
    name: 'product detail',
    route: '/api/v1/products/:id',
    url: () => `/api/v1/products/${productId}`,
    cookie: () => buyerCookie,
  },
  {
    name: 'my listings',
    route: '/api/v1/products/my-listings/:userId',
    url: () => `/api/v1/products/my-listings/${seller.id}`,
    cookie: () => sellerCookie,
  },
  {
    name: 'wishlist',
    route: '/api/v1/wishlist/get-wishlist',
    url: () => '/api/v1/wishlist/get-wishlist',
    cookie: () => buyerCookie,
  },
  {
    name: 'buy requests of a listing',
    route: '/api/v1/interested/get-buy-requests',
    url: () => `/api/v1/interested/get-buy-requests?productId=${productId}&sellerId=${seller.id}`,
    cookie: () => sellerCookie,
  },
  {
    name: 'own buy requests',
    route: '/api/v1/interested/my-requests',
    url: () => '/api/v1/interested/my-requests',
    cookie: () => buyerCookie,
  },
  {
    name: 'user profile',
    route: '/api/v1/users/userProfile/:id',
    url: () => `/api/v1/users/userProfile/${seller.id}`,
    cookie: () => buyerCookie,
  },
  { name: 'session user', route: '/api/v1/auth/check-auth', url: () => '/api/v1/auth/check-auth', cookie: () => buyerCookie },
  { name: 'notifications', route: '/api/v1/notifications', url: () => '/api/v1/notifications', cookie: () => sellerCookie },
  { name: 'inbox', route: '/api/v1/conversations', url: () => '/api/v1/conversations', cookie: () => sellerCookie },
  {
    name: 'conversation messages',
    route: '/api/v1/conversations/:id/messages',
    url: () => `/api/v1/conversations/${conversationId}/messages`,
    cookie: () => buyerCookie,
  },
  {
    name: 'admin category stats',
    route: '/api/v1/admin-stats/products/category',
    url: () => '/api/v1/admin-stats/products/category',
    cookie: () => adminCookie,
  },
  {
    name: 'admin user statistics',
    route: '/api/v1/admin-stats/users/statistics',
    url: () => '/api/v1/admin-stats/users/statistics',
    cookie: () => adminCookie,
  },
  {
    name: 'admin user list',
    route: '/api/v1/users/fetch-users',
    url: () => '/api/v1/users/fetch-users',
    cookie: () => adminCookie,
  },
];

async function served(url: string, cookie: string): Promise<LightMyRequestResponse> {
  // A cached listing answer was serialized by an earlier call: make this one write it afresh.
  t.app.listingCache.clear();
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe('the wire shape of answers written by the compiled serializers', () => {
  it.each(calls)('serves $name exactly as zod wrote it', async (call) => {
    const schema = responseSchemaOf('GET', call.route);
    // Compiled, not left on the zod fallback.
    expect(() => fastJson(toSerializerSchema(schema))).not.toThrow();
    const response = await served(call.url(), call.cookie());
    const body: unknown = response.json();
    const handlerValue = returned.get(response.headers['x-request-id'] as string);
    expect(handlerValue).toBeDefined();
    expect(body).toEqual(JSON.parse(JSON.stringify(z.encode(schema, handlerValue as never))));
    expect(body).toEqual(JSON.parse(JSON.stringify(schema.parse(body))));
  });

  it('leaves out what a schema does not declare, as zod did', async () => {
    const body = (await served(`/api/v1/users/userProfile/${seller.id}`, buyerCookie)).body;
    expect(body).not.toContain('passwordHash');
    expect(body).not.toContain('password_hash');
  });
});
