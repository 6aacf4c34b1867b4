import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buyRequestMessages } from '#domain/buy-requests/buy-request.messages.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { SEND_BUY_REQUEST_PER_BUYER } from '#server/buy-requests/buy-request-rules.ts';
import { insertListing, insertListings, insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { buyRequestCalls, storedRequests } from './buy-request-calls.ts';

let t: TestApp;
let calls: ReturnType<typeof buyRequestCalls>;
let seller: UserRow;
let buyer: UserRow;
let sellerCookie: string;
let buyerCookie: string;

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://market.campus.edu' } });
  calls = buyRequestCalls(t);
  seller = await insertUser(t.app.db, { userName: 'ravi', email: 'ravi@campus.edu' });
  buyer = await insertUser(t.app.db, { userName: 'meera', email: 'meera@campus.edu' });
  sellerCookie = await sessionCookieFor(t, seller.id);
  buyerCookie = await sessionCookieFor(t, buyer.id);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.drainJobs();
  t.mailer.sent.length = 0;
});

const listing = (overrides: { soldOut?: boolean; title?: string } = {}) =>
  insertListing(t.app.db, { sellerId: seller.id, title: overrides.title ?? 'Study lamp', soldOut: overrides.soldOut ?? false });

describe('sending a buy request', () => {
  it("stores an active request and answers 'Your interest is sent to the seller'", async () => {
    const productId = await listing();
    const response = await calls.markInterested(buyerCookie, { productId, buyerMessage: '  Can I pick it up tonight?  ' });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ success: true, msg: buyRequestMessages.sent });
    const [stored] = await storedRequests(t, productId);
    expect(stored).toMatchObject({ buyerId: buyer.id, status: 'active', message: 'Can I pick it up tonight?', decidedAt: null });
  });

  it("mails the seller the buyer's name, message and a link to My Listings, in text and HTML", async () => {
    const productId = await listing({ title: 'Casio <fx-991> calculator' });
    await calls.markInterested(buyerCookie, { productId, buyerMessage: 'Is the <b>cover</b> included?' });
    await t.drainJobs();
    expect(t.mailer.sent).toHaveLength(1);
    const mail = t.mailer.sent[0]!;
    expect(mail.to).toBe('ravi@campus.edu');
    expect(mail.subject).toBe('New buy request for "Casio <fx-991> calculator"');
    expect(mail.text).toContain('meera would like to buy your listing "Casio <fx-991> calculator"');
    expect(mail.text).toContain('> Is the <b>cover</b> included?');
    expect(mail.text).toContain('https://market.campus.edu/shop/listings');
    expect(mail.html).toContain('Is the &#60;b&#62;cover&#60;/b&#62; included?');
    expect(mail.html).not.toContain('<b>cover</b>');
    expect(mail.html).toContain('href="https://market.campus.edu/shop/listings"');
  });

  it('keeps one active request per buyer and listing: sending again updates the message and says so', async () => {
    const productId = await listing();
    await calls.markInterested(buyerCookie, { productId, buyerMessage: 'First message' });
    const again = await calls.markInterested(buyerCookie, { productId, buyerMessage: 'Second thoughts: 400?' });
    expect(again.statusCode).toBe(200);
    expect(body(again)).toEqual({ success: true, msg: buyRequestMessages.updated });
    const stored = await storedRequests(t, productId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: 'active', message: 'Second thoughts: 400?' });
    expect(stored[0]!.updatedAt.getTime()).toBeGreaterThanOrEqual(stored[0]!.createdAt.getTime());
    // The seller was told once, of the new request; an edited message is not a new request.
    await t.drainJobs();
    expect(t.mailer.sent).toHaveLength(1);
  });

  it('makes one request of two sent at the same moment', async () => {
    const productId = await listing();
    const answers = await Promise.all(
      ['One', 'Two', 'Three'].map((buyerMessage) => calls.markInterested(buyerCookie, { productId, buyerMessage })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const messages = answers.map((answer) => body<{ msg: string }>(answer).msg).sort();
    expect(messages).toEqual([buyRequestMessages.sent, buyRequestMessages.updated, buyRequestMessages.updated].sort());
    expect(await storedRequests(t, productId)).toHaveLength(1);
  });

  it("refuses a blank message with 'Please add a message before sending.' and stores nothing", async () => {
    const productId = await listing();
    for (const payload of [{ productId, buyerMessage: '' }, { productId, buyerMessage: ' \n\t ' }, { productId }]) {
      const response = await calls.markInterested(buyerCookie, payload);
      expect(response.statusCode).toBe(400);
      expect(body(response)).toMatchObject({ success: false, msg: validationMessages.buyRequestMessageRequired });
    }
    expect(await storedRequests(t, productId)).toEqual([]);
    await t.drainJobs();
    expect(t.mailer.sent).toEqual([]);
  });

  it('accepts a message of 1,000 characters and refuses one of 1,001', async () => {
    const productId = await listing();
    const tooLong = await calls.markInterested(buyerCookie, { productId, buyerMessage: 'a'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(body(tooLong)).toMatchObject({ success: false, msg: validationMessages.buyRequestMessageTooLong });
    expect(await storedRequests(t, productId)).toEqual([]);

    const longest = await calls.markInterested(buyerCookie, { productId, buyerMessage: 'a'.repeat(1000) });
    expect(longest.statusCode).toBe(200);
    expect((await storedRequests(t, productId))[0]!.message).toHaveLength(1000);
  });

  it('refuses a request on your own listing', async () => {
    const productId = await listing();
    const response = await calls.markInterested(sellerCookie, { productId, buyerMessage: 'Mine!' });
    expect(response.statusCode).toBe(403);
    expect(body(response)).toMatchObject({ success: false, msg: buyRequestMessages.ownListing });
    expect(await storedRequests(t, productId)).toEqual([]);
  });

  it('refuses a request on a sold-out listing', async () => {
    const productId = await listing({ soldOut: true });
    const response = await calls.markInterested(buyerCookie, { productId, buyerMessage: 'Too late?' });
    expect(response.statusCode).toBe(409);
    expect(body(response)).toMatchObject({ success: false, msg: buyRequestMessages.soldOut });
    expect(await storedRequests(t, productId)).toEqual([]);
  });

  it("answers 404 'Product not found' for a missing or malformed product id", async () => {
    for (const productId of [randomUUID(), 'not-a-product']) {
      const response = await calls.markInterested(buyerCookie, { productId, buyerMessage: 'Hello?' });
      expect(response.statusCode).toBe(404);
      expect(body(response)).toMatchObject({ success: false, msg: productMessages.notFound });
    }
  });

  it('holds back a buyer after 30 requests in an hour (each one mails a seller)', async () => {
    const busy = await insertUser(t.app.db);
    const cookie = await sessionCookieFor(t, busy.id);
    const productIds = await insertListings(
      t.app.db,
      Array.from({ length: SEND_BUY_REQUEST_PER_BUYER.limit + 1 }, () => ({ sellerId: seller.id })),
    );
    for (const productId of productIds.slice(0, -1)) {
      expect((await calls.markInterested(cookie, { productId, buyerMessage: 'Interested!' })).statusCode).toBe(200);
    }
    const held = await calls.markInterested(cookie, { productId: productIds.at(-1)!, buyerMessage: 'One more' });
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBeDefined();
    expect(body<{ msg: string }>(held).msg).toMatch(/^Too many attempts\. Please try again in/);
    expect(await storedRequests(t, productIds.at(-1)!)).toEqual([]);
  });

  it('counts only the requests it sends against the hourly limit, not those refused', async () => {
    const busy = await insertUser(t.app.db);
    const cookie = await sessionCookieFor(t, busy.id);
    const soldOut = await listing({ soldOut: true });
    const ownListing = await insertListing(t.app.db, { sellerId: busy.id });
    const refusals = [
      { productId: soldOut, status: 409, msg: buyRequestMessages.soldOut },
      { productId: randomUUID(), status: 404, msg: productMessages.notFound },
      { productId: ownListing, status: 403, msg: buyRequestMessages.ownListing },
    ];
    for (const { productId, status, msg } of refusals) {
      const refused = await calls.markInterested(cookie, { productId, buyerMessage: 'Still there?' });
      expect(refused.statusCode).toBe(status);
      expect(body(refused)).toMatchObject({ success: false, msg });
    }
    const productIds = await insertListings(
      t.app.db,
      Array.from({ length: SEND_BUY_REQUEST_PER_BUYER.limit + 1 }, () => ({ sellerId: seller.id })),
    );
    for (const productId of productIds.slice(0, -1)) {
      expect((await calls.markInterested(cookie, { productId, buyerMessage: 'Interested!' })).statusCode).toBe(200);
    }
    expect((await calls.markInterested(cookie, { productId: productIds.at(-1)!, buyerMessage: 'One more' })).statusCode).toBe(
      429,
    );
  });

  it('needs a session', async () => {
    const productId = await listing();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/interested/mark-interested',
      payload: { productId, buyerMessage: 'Hi' },
    });
    expect(response.statusCode).toBe(401);
    expect(await storedRequests(t, productId)).toEqual([]);
  });

  it('still records the request when the mail cannot be sent', async () => {
    const failing = await createTestApp({
      mailer: {
        isDevOutbox: false,
        send: () => Promise.reject(new Error('SMTP is down')),
      },
    });
    try {
      const owner = await insertUser(failing.app.db);
      const asker = await insertUser(failing.app.db);
      const productId = await insertListing(failing.app.db, { sellerId: owner.id });
      const response = await buyRequestCalls(failing).markInterested(await sessionCookieFor(failing, asker.id), {
        productId,
        buyerMessage: 'Still for sale?',
      });
      expect(response.statusCode).toBe(200);
      expect(body(response)).toEqual({ success: true, msg: buyRequestMessages.sent });
      expect(await storedRequests(failing, productId)).toHaveLength(1);
    } finally {
      await failing.close();
    }
  });
});
