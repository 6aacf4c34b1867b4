import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUSH_TTL_SECONDS } from '#domain/push/push.ts';
import type { PushPublicKeyResponse } from '#domain/push/push.wire.ts';
import type { StartConversationResponse } from '#domain/conversations/conversation.wire.ts';
import { storedJobs } from '../jobs/test-queues.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type PushService, type TestDevice, startPushService } from '../../support/push-service.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { buyRequestCalls } from '../buy-requests/buy-request-calls.ts';
import { conversationCalls } from '../conversations/conversation-calls.ts';
import { pushCalls, storedSubscriptions } from './push-calls.ts';

let t: TestApp;
let service: PushService;
let push: ReturnType<typeof pushCalls>;
let buy: ReturnType<typeof buyRequestCalls>;
let talk: ReturnType<typeof conversationCalls>;

beforeAll(async () => {
  t = await createTestApp({
    config: { publicUrl: 'https://market.campus.edu', vapid: { keys: undefined, subject: 'mailto:help@campus.edu' } },
  });
  service = await startPushService();
  push = pushCalls(t);
  buy = buyRequestCalls(t);
  talk = conversationCalls(t);
});
afterAll(async () => {
  await t.close();
  await service.close();
});
beforeEach(() => {
  expect(service.problems).toEqual([]);
});

async function person(name: string) {
  const user = await insertUser(t.app.db, { userName: name, email: `${name}-${randomUUID().slice(0, 6)}@campus.edu` });
  return { user, cookie: await sessionCookieFor(t, user.id) };
}
type Person = Awaited<ReturnType<typeof person>>;

async function withDevice(who: Person): Promise<TestDevice> {
  const device = service.device();
  const response = await push.subscribe(who.cookie, { endpoint: device.endpoint, keys: device.keys });
  expect(response.statusCode).toBe(201);
  return device;
}

const messagesOf = (device: TestDevice) => device.received.map((each) => JSON.parse(each.plaintext) as unknown);

describe('pushing notifications to subscribed devices', () => {
  it('sends a new buy request to the seller: only its title and link, encrypted and signed with the VAPID key', async () => {
    const seller = await person('ravi');
    const buyer = await person('meera');
    const phone = await withDevice(seller);
    const laptop = await withDevice(seller);
    const productId = await insertListing(t.app.db, { sellerId: seller.user.id, title: 'Study lamp' });

    await buy.markInterested(buyer.cookie, { productId, buyerMessage: 'Is the lamp still there? Call 98765 43210' });
    // Queued with the notification, sent by the job after the commit.
    expect(phone.received).toEqual([]);
    await t.drainJobs();

    for (const device of [phone, laptop]) {
      expect(device.received).toHaveLength(1);
      const [received] = device.received;
      // Exactly the title and the link: no name, no listing title, no message text.
      expect(JSON.parse(received!.plaintext)).toEqual({ title: 'New buy request', link: '/shop/listings' });
      expect(Object.keys(JSON.parse(received!.plaintext) as object)).toEqual(['title', 'link']);
      expect(received!.plaintext).not.toMatch(/lamp|meera|98765/i);
      expect(received!.claims).toMatchObject({ aud: service.base, sub: 'mailto:help@campus.edu' });
      expect(received!.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    }
    const { publicKey } = body<PushPublicKeyResponse>(await push.publicKey(seller.cookie));
    expect(phone.received[0]!.vapidPublicKey).toBe(publicKey);
    const [stored] = await storedSubscriptions(t, seller.user.id);
    expect(stored!.lastPushedAt).not.toBeNull();
    // The first push of a fresh database also generates and stores the VAPID keys.
  }, 60_000);

  it('tells the buyer of an acceptance and of a rejection, each linking to the listing', async () => {
    const seller = await person('asha');
    const buyer = await person('dev');
    const phone = await withDevice(buyer);
    const lamp = await insertListing(t.app.db, { sellerId: seller.user.id, title: 'Lamp' });
    const fan = await insertListing(t.app.db, { sellerId: seller.user.id, title: 'Fan' });
    await buy.markInterested(buyer.cookie, { productId: lamp, buyerMessage: 'Lamp please' });
    await buy.markInterested(buyer.cookie, { productId: fan, buyerMessage: 'Fan please' });

    await buy.accept(seller.cookie, { buyerId: buyer.user.id, productId: lamp, sellerId: seller.user.id });
    await buy.reject(seller.cookie, { buyerId: buyer.user.id, productId: fan, sellerId: seller.user.id });
    await t.drainJobs();

    expect(messagesOf(phone)).toEqual(
      expect.arrayContaining([
        { title: 'Request accepted', link: `/shop/products/${lamp}` },
        { title: 'Request declined', link: `/shop/products/${fan}` },
      ]),
    );
    expect(phone.received).toHaveLength(2);
  });

  it('tells the other participant of a new message, linking to the conversation', async () => {
    const seller = await person('kiran');
    const buyer = await person('tara');
    const sellerPhone = await withDevice(seller);
    const buyerPhone = await withDevice(buyer);
    const productId = await insertListing(t.app.db, { sellerId: seller.user.id, title: 'Cycle' });

    const started = body<StartConversationResponse>(await talk.start(buyer.cookie, productId, 'Is the cycle available?'));
    await t.drainJobs();
    const conversationId = started.conversation._id;
    expect(messagesOf(sellerPhone)).toEqual([{ title: 'New message', link: `/user/messages/${conversationId}` }]);
    // The author's own devices get nothing.
    expect(buyerPhone.received).toEqual([]);
    expect(sellerPhone.received[0]!.headers.urgency).toBe('high');
  });

  it("does not push a buyer's first message to a seller who turned message pushes off", async () => {
    const seller = await person('hushed');
    const buyer = await person('asker');
    const phone = await withDevice(seller);
    expect((await push.setPreference(seller.cookie, { kind: 'message.received', push: false })).statusCode).toBe(200);
    const productId = await insertListing(t.app.db, { sellerId: seller.user.id, title: 'Desk' });

    expect((await talk.start(buyer.cookie, productId, 'Is the desk free?')).statusCode).toBe(201);
    await t.drainJobs();
    expect(phone.received).toEqual([]);
  });

  it('pushes a reply to the buyer, and not once they turned message pushes off', async () => {
    const seller = await person('replier');
    const buyer = await person('waiter');
    const phone = await withDevice(buyer);
    const productId = await insertListing(t.app.db, { sellerId: seller.user.id, title: 'Chair' });
    const started = body<StartConversationResponse>(await talk.start(buyer.cookie, productId, 'Chair?'));
    const conversationId = started.conversation._id;

    expect((await talk.send(seller.cookie, conversationId, 'Yes, still here')).statusCode).toBe(201);
    await t.drainJobs();
    expect(messagesOf(phone)).toEqual([{ title: 'New message', link: `/user/messages/${conversationId}` }]);

    expect((await push.setPreference(buyer.cookie, { kind: 'message.received', push: false })).statusCode).toBe(200);
    expect((await talk.send(seller.cookie, conversationId, 'Come at five')).statusCode).toBe(201);
    await t.drainJobs();
    expect(phone.received).toHaveLength(1);
  });

  it('follows the account page: a kind turned off for push is not pushed, though it is still e-mailed', async () => {
    const seller = await person('quiet');
    const buyer = await person('loud');
    const phone = await withDevice(seller);
    const saved = await push.setPreference(seller.cookie, { kind: 'buy-request.received', push: false });
    expect(saved.statusCode).toBe(200);
    expect(body<{ preferences: unknown[] }>(saved).preferences).toContainEqual({
      kind: 'buy-request.received',
      email: true,
      push: false,
    });

    const productId = await insertListing(t.app.db, { sellerId: seller.user.id, title: 'Kettle' });
    await buy.markInterested(buyer.cookie, { productId, buyerMessage: 'Kettle?' });
    await t.drainJobs();
    expect(phone.received).toEqual([]);
    expect(t.mailer.sent.some((mail) => mail.to === seller.user.email)).toBe(true);

    // Back on, the next one is pushed.
    await push.setPreference(seller.cookie, { kind: 'buy-request.received', push: true });
    const other = await insertListing(t.app.db, { sellerId: seller.user.id, title: 'Toaster' });
    await buy.markInterested(buyer.cookie, { productId: other, buyerMessage: 'Toaster?' });
    await t.drainJobs();
    expect(messagesOf(phone)).toEqual([{ title: 'New buy request', link: '/shop/listings' }]);
  });

  it('refuses a push choice for a kind that is never pushed', async () => {
    const someone = await person('curious');
    const response = await push.setPreference(someone.cookie, { kind: 'report.outcome', push: true });
    expect(response.statusCode).toBe(400);
  });

  it('removes a subscription the push service says is gone (410 or 404), and keeps the others', async () => {
    const seller = await person('moving');
    const buyer = await person('asking');
    const oldPhone = await withDevice(seller);
    const wipedTablet = await withDevice(seller);
    const newPhone = await withDevice(seller);
    service.answer(oldPhone, 410);
    service.answer(wipedTablet, 404);
    const productId = await insertListing(t.app.db, { sellerId: seller.user.id, title: 'Chair' });

    await buy.markInterested(buyer.cookie, { productId, buyerMessage: 'Chair?' });
    await t.drainJobs();

    expect((await storedSubscriptions(t, seller.user.id)).map((each) => each.endpoint)).toEqual([newPhone.endpoint]);
    expect(newPhone.received).toHaveLength(1);
  });

  it('retries when the push service is briefly unavailable', async () => {
    const seller = await person('patient');
    const buyer = await person('eager');
    const phone = await withDevice(seller);
    service.answer(phone, 503);
    const productId = await insertListing(t.app.db, { sellerId: seller.user.id, title: 'Desk' });
    await buy.markInterested(buyer.cookie, { productId, buyerMessage: 'Desk?' });
    await t.drainJobs();
    expect(phone.received).toEqual([]);
    expect(await storedSubscriptions(t, seller.user.id)).toHaveLength(1);

    service.answer(phone, 201);
    await expect.poll(async () => (await t.drainJobs(), phone.received.length), { timeout: 10_000, interval: 500 }).toBe(1);
  });

  it('queues nothing for a user without devices', async () => {
    const seller = await person('offline');
    const buyer = await person('someone');
    const productId = await insertListing(t.app.db, { sellerId: seller.user.id, title: 'Mat' });
    const before = (await storedJobs(t, 'push.deliver')).length;
    await buy.markInterested(buyer.cookie, { productId, buyerMessage: 'Mat?' });
    expect((await storedJobs(t, 'push.deliver')).length).toBe(before);
  });
});
