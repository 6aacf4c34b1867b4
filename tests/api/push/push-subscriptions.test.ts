import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_SUBSCRIPTIONS_PER_USER, pushMessages } from '#domain/push/push.ts';
import type { PushPublicKeyResponse, PushSubscriptionList, PushSubscriptionResponse } from '#domain/push/push.wire.ts';
import { insertUser } from '../../support/factories.ts';
import { type PushService, startPushService } from '../../support/push-service.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { pushCalls, storedSubscriptions } from './push-calls.ts';

let t: TestApp;
let service: PushService;
let calls: ReturnType<typeof pushCalls>;

beforeAll(async () => {
  t = await createTestApp();
  service = await startPushService();
  calls = pushCalls(t);
});
afterAll(async () => {
  await t.close();
  await service.close();
});

async function person(name: string) {
  const user = await insertUser(t.app.db, { userName: name, email: `${name}-${randomUUID().slice(0, 6)}@campus.edu` });
  return { user, cookie: await sessionCookieFor(t, user.id) };
}

describe('the VAPID public key', () => {
  it('is generated once and stored, so every instance signs with the same key', async () => {
    const someone = await person('keyholder');
    const first = body<PushPublicKeyResponse>(await calls.publicKey(someone.cookie));
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(first.publicKey, 'base64url')[0]).toBe(4);
    expect(body<PushPublicKeyResponse>(await calls.publicKey(someone.cookie)).publicKey).toBe(first.publicKey);
  });

  it('is only for signed-in users', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/push/public-key' });
    expect(response.statusCode).toBe(401);
  });
});

describe('subscribing a device', () => {
  it('stores the subscription for the caller and lists it as theirs', async () => {
    const ravi = await person('ravi');
    const device = service.device();
    const response = await calls.subscribe(ravi.cookie, { endpoint: device.endpoint, keys: device.keys });
    expect(response.statusCode).toBe(201);
    const answer = body<PushSubscriptionResponse>(response);
    expect(answer).toMatchObject({ success: true, msg: pushMessages.subscribed, subscription: { endpoint: device.endpoint } });

    const stored = await storedSubscriptions(t, ravi.user.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth });
    expect(body<PushSubscriptionList>(await calls.list(ravi.cookie)).subscriptions).toEqual([answer.subscription]);
  });

  it('keeps one row per browser: subscribing again updates it, another account signing in on it takes it over', async () => {
    const asha = await person('asha');
    const dev = await person('dev');
    const device = service.device();
    await calls.subscribe(asha.cookie, { endpoint: device.endpoint, keys: device.keys });
    await calls.subscribe(asha.cookie, { endpoint: device.endpoint, keys: device.keys });
    expect(await storedSubscriptions(t, asha.user.id)).toHaveLength(1);

    await calls.subscribe(dev.cookie, { endpoint: device.endpoint, keys: device.keys });
    expect(await storedSubscriptions(t, asha.user.id)).toHaveLength(0);
    expect(await storedSubscriptions(t, dev.user.id)).toHaveLength(1);
  });

  it(`keeps at most ${PUSH_SUBSCRIPTIONS_PER_USER} devices per account, forgetting the oldest`, async () => {
    const busy = await person('busy');
    const devices = Array.from({ length: PUSH_SUBSCRIPTIONS_PER_USER + 2 }, () => service.device());
    for (const device of devices) {
      expect((await calls.subscribe(busy.cookie, { endpoint: device.endpoint, keys: device.keys })).statusCode).toBe(201);
    }
    const kept = body<PushSubscriptionList>(await calls.list(busy.cookie)).subscriptions.map((each) => each.endpoint);
    expect(kept).toHaveLength(PUSH_SUBSCRIPTIONS_PER_USER);
    expect(kept).not.toContain(devices[0]!.endpoint);
    expect(kept).not.toContain(devices[1]!.endpoint);
    expect(kept).toContain(devices.at(-1)!.endpoint);
  });

  it.each([
    ['a non-https address', 'http://push.example.com/send/abc', pushMessages.endpointInvalid],
    ['another scheme', 'ftp://push.example.com/send/abc', pushMessages.endpointInvalid],
    ['an address in the private network', 'https://10.0.0.7/send/abc', pushMessages.endpointInvalid],
    ['an IPv6 literal', 'https://[fd00::1]/send/abc', pushMessages.endpointInvalid],
    ['an internal host name', 'https://metadata.internal/computeMetadata', pushMessages.endpointInvalid],
    ['credentials in the address', 'https://user:pw@push.example.com/send', pushMessages.endpointInvalid],
    ['not an address at all', 'javascript:alert(1)', pushMessages.endpointInvalid],
    ['an endpoint over 1024 characters', `https://push.example.com/${'a'.repeat(1024)}`, pushMessages.endpointTooLong],
  ])('refuses %s', async (_what, endpoint, msg) => {
    const someone = await person('tricky');
    const response = await calls.subscribe(someone.cookie, { endpoint, keys: service.device().keys });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ success: false, msg });
    expect(await storedSubscriptions(t, someone.user.id)).toEqual([]);
  });

  it.each([
    ['a p256dh that is not 65 bytes', { p256dh: Buffer.alloc(33, 4).toString('base64url'), auth: 'A'.repeat(22) }],
    ['an auth secret that is not 16 bytes', { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(40) }],
    ['keys that are not base64url', { p256dh: `${'+'.repeat(87)}`, auth: '/'.repeat(22) }],
  ])('refuses %s', async (_what, keys) => {
    const someone = await person('badkeys');
    const response = await calls.subscribe(someone.cookie, { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ success: false, msg: pushMessages.keyInvalid });
  });

  it('accepts a push service over https', async () => {
    const someone = await person('phone');
    const response = await calls.subscribe(someone.cookie, {
      endpoint: 'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      keys: service.device().keys,
    });
    expect(response.statusCode).toBe(201);
  });

  it('needs a session', async () => {
    const device = service.device();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions',
      payload: { endpoint: device.endpoint, keys: device.keys },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('unsubscribing', () => {
  it('removes the caller’s own device', async () => {
    const meera = await person('meera');
    const device = service.device();
    const { subscription } = body<PushSubscriptionResponse>(
      await calls.subscribe(meera.cookie, { endpoint: device.endpoint, keys: device.keys }),
    );
    const response = await calls.unsubscribe(meera.cookie, subscription._id);
    expect(response.statusCode).toBe(200);
    expect(body(response)).toMatchObject({ success: true, msg: pushMessages.unsubscribed });
    expect(await storedSubscriptions(t, meera.user.id)).toEqual([]);
  });

  it('never touches another user’s subscription: it answers 404 as if it did not exist', async () => {
    const owner = await person('owner');
    const intruder = await person('intruder');
    const device = service.device();
    const { subscription } = body<PushSubscriptionResponse>(
      await calls.subscribe(owner.cookie, { endpoint: device.endpoint, keys: device.keys }),
    );
    const response = await calls.unsubscribe(intruder.cookie, subscription._id);
    expect(response.statusCode).toBe(404);
    expect(body(response)).toMatchObject({ success: false, msg: pushMessages.notFound });
    expect(await storedSubscriptions(t, owner.user.id)).toHaveLength(1);
    expect(body<PushSubscriptionList>(await calls.list(intruder.cookie)).subscriptions).toEqual([]);
  });

  it('answers 404 for an id that names nothing', async () => {
    const someone = await person('nobody');
    expect((await calls.unsubscribe(someone.cookie, randomUUID())).statusCode).toBe(404);
    expect((await calls.unsubscribe(someone.cookie, 'not-an-id')).statusCode).toBe(404);
  });
});
