import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InterestedBuyersResponse, MyBuyRequestsResponse } from '#domain/buy-requests/buy-request.wire.ts';
import { OFFER_TTL_MS } from '#domain/buy-requests/offer.constants.ts';
import { offerMessages } from '#domain/buy-requests/offer.messages.ts';
import { conversationMessages as cm } from '#domain/conversations/conversation.messages.ts';
import { buyRequestMessages } from '#domain/buy-requests/buy-request.messages.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import type { MyListingsResponse, ProductListResponse, ProductResponse } from '#domain/products/product.wire.ts';
import { fakeClock } from '#server/clock.ts';
import { conversationMessages, conversations, notifications } from '#server/db/schema/index.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { setPreference } from '#server/notifications/notifications.repository.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { buyRequestCalls, storedDeal, storedRequests } from './buy-request-calls.ts';

// The app's clock starts at the real time, so the expiry jobs it schedules are due 48 hours from now.
const clock = fakeClock(new Date());
let t: TestApp;
let calls: ReturnType<typeof buyRequestCalls>;
let seller: UserRow;
let buyer: UserRow;
let otherBuyer: UserRow;
let stranger: UserRow;
const cookies = { seller: '', buyer: '', otherBuyer: '', stranger: '' };

beforeAll(async () => {
  t = await createTestApp({ clock, config: { publicUrl: 'https://market.campus.edu' } });
  calls = buyRequestCalls(t);
  seller = await insertUser(t.app.db, { userName: 'ravi', email: 'ravi@campus.edu', phoneNumber: '9123456780' });
  buyer = await insertUser(t.app.db, { userName: 'meera', email: 'meera@campus.edu' });
  otherBuyer = await insertUser(t.app.db, { userName: 'dev', email: 'dev@campus.edu' });
  stranger = await insertUser(t.app.db, { userName: 'kiran' });
  cookies.seller = await sessionCookieFor(t, seller.id);
  cookies.buyer = await sessionCookieFor(t, buyer.id);
  cookies.otherBuyer = await sessionCookieFor(t, otherBuyer.id);
  cookies.stranger = await sessionCookieFor(t, stranger.id);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.drainJobs();
  t.mailer.sent.length = 0;
});

/**
 * Time passes for the app and for its job queue alike: the offer expiry jobs whose time has come
 * by the app's clock become due now (the queue keeps real time, which the test cannot move).
 */
async function moveTime(ms: number) {
  clock.advance(ms);
  await t.app.db.execute(
    sql`update pgboss.job set start_after = now() - interval '1 second'
        where name = 'offer.expire' and state in ('created', 'retry')
          and (data->>'expiresAt')::timestamptz <= ${clock.now().toISOString()}::timestamptz`,
  );
}

async function listing(title = 'Desk lamp', price = 500) {
  return insertListing(t.app.db, { sellerId: seller.id, title, price });
}

const offer = (cookie: string, productId: string, offerAmount: unknown, buyerMessage?: string) =>
  calls.markInterested(cookie, { productId, offerAmount, ...(buyerMessage === undefined ? {} : { buyerMessage }) });

async function notificationsOf(user: UserRow) {
  return t.app.db
    .select({ kind: notifications.kind, payload: notifications.payload })
    .from(notifications)
    .where(eq(notifications.userId, user.id))
    .orderBy(asc(notifications.seq));
}

async function lastNotificationOf(user: UserRow) {
  return (await notificationsOf(user)).at(-1);
}

/** The lines of the buyer's conversation about the listing, oldest first. */
async function linesOf(productId: string, buyerId = buyer.id) {
  const rows = await t.app.db
    .select({ kind: conversationMessages.kind, body: conversationMessages.body, systemEvent: conversationMessages.systemEvent })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(and(eq(conversations.productId, productId), eq(conversations.buyerId, buyerId)))
    .orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.id));
  return rows;
}

async function interested(productId: string) {
  return body<InterestedBuyersResponse>(await calls.interestedBuyers(cookies.seller, { productId, sellerId: seller.id }))
    .buyRequests;
}

describe('making an offer', () => {
  it('sends an offer with an amount: the seller sees it, is told with the amount, and the conversation has an offer line', async () => {
    const productId = await listing();
    const response = await offer(cookies.buyer, productId, 400, 'Would you take 400?');
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ success: true, msg: offerMessages.offerSent });

    const [entry] = await interested(productId);
    expect(entry).toMatchObject({
      buyer: { _id: buyer.id },
      buyerMessage: 'Would you take 400?',
      offer: { amount: 400, by: 'buyer' },
    });
    expect(new Date(entry!.offer!.expiresAt).getTime()).toBe(clock.now().getTime() + OFFER_TTL_MS);

    expect(await lastNotificationOf(seller)).toEqual({
      kind: 'buy-request.received',
      payload: { productId, productTitle: 'Desk lamp', buyerName: 'meera', message: 'Would you take 400?', offerAmount: 400 },
    });
    await t.drainJobs();
    const mail = t.mailer.sent.find((m) => m.to === 'ravi@campus.edu')!;
    expect(mail.text).toContain('meera offers ₹400 for your listing "Desk lamp"');
    expect((await linesOf(productId)).map((line) => [line.kind, line.body])).toEqual([
      ['buy-request', 'Would you take 400?'],
      ['system', 'Offered ₹400.'],
    ]);
  });

  it('takes an offer without a message, writing one for the buyer', async () => {
    const productId = await listing();
    expect((await offer(cookies.buyer, productId, 350)).statusCode).toBe(200);
    const [stored] = await storedRequests(t, productId, buyer.id);
    expect(stored).toMatchObject({
      message: 'I would like to offer ₹350.',
      offerAmount: 350,
      offerBy: 'buyer',
      status: 'active',
    });
  });

  it('keeps a request without an amount at the asking price, as before', async () => {
    const productId = await listing();
    const response = await calls.markInterested(cookies.buyer, { productId, buyerMessage: 'Is it available?' });
    expect(body(response)).toEqual({ success: true, msg: buyRequestMessages.sent });
    expect((await interested(productId))[0]!.offer).toBeUndefined();
    expect((await calls.accept(cookies.seller, { productId, buyerId: buyer.id, sellerId: seller.id })).statusCode).toBe(200);
    expect(await storedDeal(t, productId)).toMatchObject({ soldOut: true, buyerId: buyer.id, soldPrice: 500 });
  });

  it('replaces the open offer with a new one, and tells the seller it was replaced', async () => {
    const productId = await listing();
    await offer(cookies.buyer, productId, 300);
    const response = await offer(cookies.buyer, productId, 380);
    expect(body(response)).toEqual({ success: true, msg: offerMessages.offerReplaced });
    const stored = await storedRequests(t, productId, buyer.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: 'active', offerAmount: 380 });
    expect((await interested(productId)).map((entry) => entry.offer?.amount)).toEqual([380]);
    expect(await lastNotificationOf(seller)).toMatchObject({
      kind: 'offer.update',
      payload: { event: 'replaced', amount: 380, previousAmount: 300, by: 'buyer', actorName: 'meera' },
    });
    expect((await linesOf(productId)).at(-1)!.body).toBe('Offered ₹380, replacing the offer of ₹300.');
  });

  it("follows the seller's mail choice for offer updates: a replaced offer is mailed unless they turned that off", async () => {
    const productId = await listing('Study chair');
    await setPreference(t.app.db, seller.id, 'offer.update', { email: false }, new Date());
    await offer(cookies.buyer, productId, 300);
    await t.drainJobs();
    t.mailer.sent.length = 0;
    const mailsToSeller = () => t.mailer.sent.filter((mail) => mail.to === seller.email);

    await offer(cookies.buyer, productId, 380);
    await t.drainJobs();
    expect(await lastNotificationOf(seller)).toMatchObject({ kind: 'offer.update', payload: { amount: 380 } });
    expect(mailsToSeller()).toEqual([]);

    await setPreference(t.app.db, seller.id, 'offer.update', { email: true }, new Date());
    await offer(cookies.buyer, productId, 420);
    await t.drainJobs();
    expect(mailsToSeller()).toHaveLength(1);
  });

  it('refuses an offer on your own listing', async () => {
    const productId = await listing();
    const response = await offer(cookies.seller, productId, 400);
    expect(response.statusCode).toBe(403);
    expect(body(response).msg).toBe(offerMessages.ownListing);
    expect(await storedRequests(t, productId)).toHaveLength(0);
  });

  it('refuses an offer on a sold listing', async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id, soldOut: true, buyerId: otherBuyer.id });
    const response = await offer(cookies.buyer, productId, 400);
    expect(response.statusCode).toBe(409);
    expect(body(response).msg).toBe(buyRequestMessages.soldOut);
  });

  it('refuses an offer on a removed listing', async () => {
    const response = await offer(cookies.buyer, randomUUID(), 400);
    expect(response.statusCode).toBe(404);
    expect(body(response).msg).toBe(productMessages.notFound);
  });

  it('refuses an offer from a user the seller blocked', async () => {
    const productId = await listing();
    const blocked = await insertUser(t.app.db, { userName: 'pest' });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/blocks',
      headers: { cookie: cookies.seller },
      payload: { userId: blocked.id },
    });
    const response = await offer(await sessionCookieFor(t, blocked.id), productId, 400);
    expect(response.statusCode).toBe(403);
    expect(body(response).msg).toBe(cm.blocked);
  });

  it.each([
    [400.5, offerMessages.amountWhole],
    ['400', offerMessages.amountWhole],
    [0, offerMessages.amountRange],
    [-5, offerMessages.amountRange],
    [10_000_001, offerMessages.amountRange],
  ])('refuses an offer of %j', async (amount, message) => {
    const productId = await listing();
    const response = await offer(cookies.buyer, productId, amount);
    expect(response.statusCode).toBe(400);
    expect(body(response).msg).toBe(message);
    expect(await storedRequests(t, productId)).toHaveLength(0);
  });

  it('takes the smallest and the largest amounts', async () => {
    expect((await offer(cookies.buyer, await listing(), 1)).statusCode).toBe(200);
    expect((await offer(cookies.buyer, await listing(), 10_000_000)).statusCode).toBe(200);
  });
});

describe('answering an offer', () => {
  it('sells to the buyer at the offered amount when the seller accepts', async () => {
    const productId = await listing('Desk lamp', 500);
    await offer(cookies.buyer, productId, 420);
    await offer(cookies.otherBuyer, productId, 300);
    const response = await calls.offer(cookies.seller, 'accept', { productId, buyerId: buyer.id });
    expect(body(response)).toEqual({ success: true, msg: offerMessages.acceptedSold });
    expect(await storedDeal(t, productId)).toEqual({
      soldOut: true,
      buyerId: buyer.id,
      soldPrice: 420,
      reserved: false,
      reservedForId: null,
    });
    expect((await storedRequests(t, productId)).map((row) => [row.buyerId, row.status])).toEqual([
      [buyer.id, 'accepted'],
      [otherBuyer.id, 'closed'],
    ]);
    expect(await lastNotificationOf(buyer)).toMatchObject({
      kind: 'buy-request.accepted',
      payload: { soldPrice: 420, sellerName: 'ravi' },
    });
    const mine = body<MyBuyRequestsResponse>(await calls.myRequests(cookies.buyer, productId)).requests[0]!;
    expect(mine).toMatchObject({ status: 'accepted', soldPrice: 420, seller: { email: 'ravi@campus.edu' } });
    expect((await linesOf(productId)).at(-1)).toEqual({
      kind: 'system',
      body: 'Accepted ₹420. The listing is sold.',
      systemEvent: 'offer-accepted',
    });

    // My Listings and the product page show what it sold for, to the seller.
    const mineAsSeller = body<MyListingsResponse>(
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/products/my-listings/${seller.id}`,
        headers: { cookie: cookies.seller },
      }),
    );
    expect(mineAsSeller.products.find((p) => p._id === productId)!.soldPrice).toBe(420);
    const asStranger = body<ProductResponse>(
      await t.app.inject({ method: 'GET', url: `/api/v1/products/${productId}`, headers: { cookie: cookies.stranger } }),
    );
    expect(asStranger.product).toMatchObject({ soldOut: true, soldPrice: null });
  });

  it('lets the sold-out call accept an offer too, at its amount', async () => {
    const productId = await listing();
    await offer(cookies.buyer, productId, 410);
    expect((await calls.accept(cookies.seller, { productId, buyerId: buyer.id, sellerId: seller.id })).statusCode).toBe(200);
    expect((await storedDeal(t, productId))!.soldPrice).toBe(410);
  });

  it('follows a chain of counters to a sale at the last amount, each step a line and a notification', async () => {
    const productId = await listing('Cycle', 3000);
    await offer(cookies.buyer, productId, 2000);

    let response = await calls.offer(cookies.seller, 'counter', { productId, buyerId: buyer.id, amount: 2800 });
    expect(body(response)).toEqual({ success: true, msg: offerMessages.countered });
    expect(await lastNotificationOf(buyer)).toMatchObject({
      kind: 'offer.update',
      payload: { event: 'countered', amount: 2800, previousAmount: 2000, by: 'seller', actorName: 'ravi' },
    });
    // The seller cannot accept (or counter) their own counter; the buyer sees it on their request.
    response = await calls.offer(cookies.seller, 'accept', { productId, buyerId: buyer.id });
    expect(response.statusCode).toBe(409);
    expect(body(response).msg).toBe(offerMessages.awaitingBuyer);
    const mine = body<MyBuyRequestsResponse>(await calls.myRequests(cookies.buyer, productId)).requests[0]!;
    expect(mine.offer).toMatchObject({ amount: 2800, by: 'seller' });

    response = await calls.offer(cookies.buyer, 'counter', { productId, amount: 2400 });
    expect(response.statusCode).toBe(200);
    expect(await lastNotificationOf(seller)).toMatchObject({
      kind: 'offer.update',
      payload: { event: 'countered', amount: 2400, by: 'buyer' },
    });
    // Now it is the seller's turn: the buyer can neither accept nor counter.
    response = await calls.offer(cookies.buyer, 'accept', { productId });
    expect(response.statusCode).toBe(409);
    expect(body(response).msg).toBe(offerMessages.nothingToAnswer);
    response = await calls.offer(cookies.buyer, 'counter', { productId, amount: 2500 });
    expect(response.statusCode).toBe(409);
    expect(body(response).msg).toBe(offerMessages.notYourTurn);

    expect((await calls.offer(cookies.seller, 'counter', { productId, buyerId: buyer.id, amount: 2600 })).statusCode).toBe(200);
    response = await calls.offer(cookies.buyer, 'accept', { productId });
    expect(body(response)).toEqual({ success: true, msg: offerMessages.acceptedSold });
    expect(await storedDeal(t, productId)).toMatchObject({ soldOut: true, buyerId: buyer.id, soldPrice: 2600 });
    expect(await lastNotificationOf(seller)).toMatchObject({
      kind: 'offer.update',
      payload: { event: 'accepted', amount: 2600, by: 'buyer' },
    });
    expect((await linesOf(productId)).filter((line) => line.kind === 'system').map((line) => line.body)).toEqual([
      'Offered ₹2,000.',
      'Countered with ₹2,800.',
      'Countered with ₹2,400.',
      'Countered with ₹2,600.',
      'Accepted ₹2,600. The listing is sold.',
    ]);
  });

  it('lets the seller reject an offer: the buyer is told the amount declined', async () => {
    const productId = await listing();
    await offer(cookies.buyer, productId, 100);
    const response = await calls.offer(cookies.seller, 'reject', { productId, buyerId: buyer.id });
    expect(body(response)).toEqual({ success: true, msg: offerMessages.rejected });
    expect((await storedRequests(t, productId, buyer.id))[0]!.status).toBe('rejected');
    expect(await lastNotificationOf(buyer)).toMatchObject({ kind: 'buy-request.rejected', payload: { offerAmount: 100 } });
    expect((await linesOf(productId)).at(-1)!.body).toBe('Declined the offer of ₹100.');
    // Rejected is final: no accept, no counter.
    expect((await calls.offer(cookies.seller, 'accept', { productId, buyerId: buyer.id })).statusCode).toBe(409);
  });

  it('lets the buyer withdraw: the seller is told, and can no longer accept it', async () => {
    const productId = await listing();
    await offer(cookies.buyer, productId, 450);
    const response = await calls.offer(cookies.buyer, 'withdraw', { productId });
    expect(body(response)).toEqual({ success: true, msg: offerMessages.withdrawn });
    expect(await lastNotificationOf(seller)).toMatchObject({
      kind: 'offer.update',
      payload: { event: 'withdrawn', amount: 450 },
    });
    const accept = await calls.offer(cookies.seller, 'accept', { productId, buyerId: buyer.id });
    expect(accept.statusCode).toBe(409);
    expect(body(accept).msg).toBe(offerMessages.withdrawnAlready);
    expect(await interested(productId)).toEqual([]);
    // A new offer after withdrawing is a new request.
    expect(body(await offer(cookies.buyer, productId, 470)).msg).toBe(offerMessages.offerSent);
  });

  it('refuses answers from anyone but the two sides', async () => {
    const productId = await listing();
    await offer(cookies.buyer, productId, 450);
    // A stranger acts as a buyer without a request of their own.
    expect((await calls.offer(cookies.stranger, 'accept', { productId })).statusCode).toBe(404);
    expect((await calls.offer(cookies.stranger, 'accept', { productId, buyerId: buyer.id })).statusCode).toBe(403);
    expect((await calls.offer(cookies.stranger, 'reject', { productId, buyerId: buyer.id })).statusCode).toBe(403);
    expect((await calls.offer(cookies.seller, 'withdraw', { productId, buyerId: buyer.id })).statusCode).toBe(403);
    expect((await storedRequests(t, productId, buyer.id))[0]!.status).toBe('active');
  });

  it('refuses a counter that is not a whole amount in range', async () => {
    const productId = await listing();
    await offer(cookies.buyer, productId, 450);
    const response = await calls.offer(cookies.seller, 'counter', { productId, buyerId: buyer.id, amount: 499.99 });
    expect(response.statusCode).toBe(400);
    expect(body(response).msg).toBe(offerMessages.amountWhole);
  });
});

describe('two accepts at once', () => {
  it('sells the listing once when the seller accepts one offer while another buyer accepts a counter', async () => {
    const productId = await listing();
    await offer(cookies.buyer, productId, 450);
    await offer(cookies.otherBuyer, productId, 400);
    await calls.offer(cookies.seller, 'counter', { productId, buyerId: otherBuyer.id, amount: 480 });

    const answers = await Promise.all([
      calls.offer(cookies.seller, 'accept', { productId, buyerId: buyer.id }),
      calls.offer(cookies.otherBuyer, 'accept', { productId }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const deal = (await storedDeal(t, productId))!;
    const winner = answers[0]!.statusCode === 200 ? buyer.id : otherBuyer.id;
    expect(deal).toMatchObject({ soldOut: true, buyerId: winner, soldPrice: winner === buyer.id ? 450 : 480 });
    expect((await storedRequests(t, productId)).filter((row) => row.status === 'accepted')).toHaveLength(1);
  });

  it('sells once when the seller accepts the same offer twice at once', async () => {
    const productId = await listing();
    await offer(cookies.buyer, productId, 450);
    const answers = await Promise.all([
      calls.offer(cookies.seller, 'accept', { productId, buyerId: buyer.id }),
      calls.offer(cookies.seller, 'accept', { productId, buyerId: buyer.id }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(
      (await notificationsOf(buyer)).filter((n) => n.kind === 'buy-request.accepted' && n.payload.productId === productId),
    ).toHaveLength(1);
  });
});

describe('an offer left unanswered', () => {
  it('expires after 48 hours: refused before the job runs, then ended with both sides told', async () => {
    const productId = await listing('Kettle');
    await offer(cookies.buyer, productId, 200);
    await t.drainJobs();

    await moveTime(OFFER_TTL_MS - 60_000);
    await t.drainJobs();
    expect((await storedRequests(t, productId, buyer.id))[0]!.status).toBe('active');

    clock.advance(60_000);
    // Past its time the offer cannot be accepted, even before its job has run.
    const late = await calls.offer(cookies.seller, 'accept', { productId, buyerId: buyer.id });
    expect(late.statusCode).toBe(409);
    expect(body(late).msg).toBe(offerMessages.expired);

    await moveTime(1000);
    await t.drainJobs();
    expect((await storedRequests(t, productId, buyer.id))[0]!.status).toBe('expired');
    for (const user of [buyer, seller]) {
      expect(await lastNotificationOf(user)).toMatchObject({
        kind: 'offer.update',
        payload: { event: 'expired', amount: 200, by: 'buyer' },
      });
    }
    expect((await linesOf(productId)).at(-1)!.body).toBe('The offer of ₹200 expired without an answer.');
    const again = await calls.offer(cookies.seller, 'accept', { productId, buyerId: buyer.id });
    expect(body(again).msg).toBe(offerMessages.expired);
    // The buyer may offer again.
    expect(body(await offer(cookies.buyer, productId, 220)).msg).toBe(offerMessages.offerSent);
  });

  it('counts 48 hours from the latest counter, not from the first offer', async () => {
    const productId = await listing();
    await offer(cookies.buyer, productId, 300);
    await moveTime(OFFER_TTL_MS - 3600_000);
    await calls.offer(cookies.seller, 'counter', { productId, buyerId: buyer.id, amount: 400 });
    await moveTime(3600_000 + 1000);
    await t.drainJobs();
    expect((await storedRequests(t, productId, buyer.id))[0]).toMatchObject({
      status: 'active',
      offerAmount: 400,
      offerBy: 'seller',
    });
    await moveTime(OFFER_TTL_MS);
    await t.drainJobs();
    expect((await storedRequests(t, productId, buyer.id))[0]!.status).toBe('expired');
    expect(await lastNotificationOf(buyer)).toMatchObject({
      kind: 'offer.update',
      payload: { event: 'expired', amount: 400, by: 'seller' },
    });
  });
});

describe('reserving a listing', () => {
  it('marks it Reserved for a requester, who is told; it stays listed after available ones and still takes offers', async () => {
    const older = await listing('Older lamp');
    const productId = await listing('Reserved lamp');
    await offer(cookies.buyer, productId, 450);
    const response = await calls.listingState(cookies.seller, productId, 'reserve', { buyerId: buyer.id });
    expect(body(response)).toEqual({ success: true, msg: offerMessages.reserved });
    expect(await storedDeal(t, productId)).toMatchObject({ reserved: true, reservedForId: buyer.id, soldOut: false });
    expect(await lastNotificationOf(buyer)).toMatchObject({
      kind: 'listing.reserved',
      payload: { reserved: true, sellerName: 'ravi' },
    });
    expect((await linesOf(productId)).at(-1)!.body).toBe(offerMessages.lineReserved);

    const read = async (cookie: string) =>
      body<ProductResponse>(await t.app.inject({ method: 'GET', url: `/api/v1/products/${productId}`, headers: { cookie } }))
        .product;
    expect(await read(cookies.buyer)).toMatchObject({ reserved: true, reservedFor: buyer.id });
    expect(await read(cookies.stranger)).toMatchObject({ reserved: true, reservedFor: null });

    for (const sort of ['newest', 'oldest', 'priceLowHigh', 'priceHighLow', 'rating']) {
      const list = body<ProductListResponse>(
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/products?sort=${sort}&limit=100`,
          headers: { cookie: cookies.stranger },
        }),
      );
      const ids = list.products.map((p) => p._id);
      expect(ids.indexOf(productId), sort).toBeGreaterThan(ids.indexOf(older));
      expect(
        list.products.slice(ids.indexOf(productId)).every((p) => p.reserved),
        sort,
      ).toBe(true);
    }

    expect((await offer(cookies.otherBuyer, productId, 470)).statusCode).toBe(200);
  });

  it('reserves for nobody in particular, and refuses someone without a request', async () => {
    const productId = await listing();
    expect((await calls.listingState(cookies.seller, productId, 'reserve', {})).statusCode).toBe(200);
    expect(await storedDeal(t, productId)).toMatchObject({ reserved: true, reservedForId: null });
    const response = await calls.listingState(cookies.seller, productId, 'reserve', { buyerId: stranger.id });
    expect(response.statusCode).toBe(400);
    expect(body(response).msg).toBe(offerMessages.notAReserveBuyer);
  });

  it('releases it: available again, and the buyer it was held for is told', async () => {
    const productId = await listing();
    await offer(cookies.buyer, productId, 450);
    await calls.listingState(cookies.seller, productId, 'reserve', { buyerId: buyer.id });
    const response = await calls.listingState(cookies.seller, productId, 'release');
    expect(body(response)).toEqual({ success: true, msg: offerMessages.released });
    expect(await storedDeal(t, productId)).toMatchObject({ reserved: false, reservedForId: null });
    expect(await lastNotificationOf(buyer)).toMatchObject({ kind: 'listing.reserved', payload: { reserved: false } });
    const again = await calls.listingState(cookies.seller, productId, 'release');
    expect(again.statusCode).toBe(409);
    expect(body(again).msg).toBe(offerMessages.notReserved);
  });

  it('lets only the seller reserve or release', async () => {
    const productId = await listing();
    expect((await calls.listingState(cookies.buyer, productId, 'reserve', {})).statusCode).toBe(403);
    expect((await calls.listingState(cookies.buyer, productId, 'release')).statusCode).toBe(403);
    expect((await calls.listingState(cookies.buyer, productId, 'sold-elsewhere')).statusCode).toBe(403);
    expect((await calls.listingState(cookies.seller, randomUUID(), 'reserve', {})).statusCode).toBe(404);
  });

  it('ends the reservation when the listing is sold', async () => {
    const productId = await listing();
    await offer(cookies.buyer, productId, 450);
    await calls.listingState(cookies.seller, productId, 'reserve', { buyerId: buyer.id });
    await calls.offer(cookies.seller, 'accept', { productId, buyerId: buyer.id });
    expect(await storedDeal(t, productId)).toMatchObject({ soldOut: true, reserved: false, reservedForId: null });
  });
});

describe('sold elsewhere', () => {
  it('marks the listing sold without a buyer, declines every open request and offer, and tells their buyers', async () => {
    const productId = await listing('Chair');
    await offer(cookies.buyer, productId, 450);
    await calls.markInterested(cookies.otherBuyer, { productId, buyerMessage: 'Still there?' });
    const response = await calls.listingState(cookies.seller, productId, 'sold-elsewhere');
    expect(body(response)).toEqual({ success: true, msg: offerMessages.soldElsewhere });
    expect(await storedDeal(t, productId)).toEqual({
      soldOut: true,
      buyerId: null,
      soldPrice: null,
      reserved: false,
      reservedForId: null,
    });
    expect((await storedRequests(t, productId)).map((row) => row.status)).toEqual(['rejected', 'rejected']);
    expect(await lastNotificationOf(buyer)).toMatchObject({
      kind: 'buy-request.rejected',
      payload: { productId, reason: 'sold-elsewhere', offerAmount: 450 },
    });
    expect(await lastNotificationOf(otherBuyer)).toMatchObject({
      kind: 'buy-request.rejected',
      payload: { reason: 'sold-elsewhere' },
    });
    await t.drainJobs();
    expect(t.mailer.sent.find((m) => m.to === 'dev@campus.edu')!.text).toContain('sold it elsewhere');
    expect((await linesOf(productId)).at(-1)!.body).toBe(offerMessages.lineSoldElsewhere);

    // Sold is final: no more offers, no second time.
    expect((await offer(cookies.stranger, productId, 300)).statusCode).toBe(409);
    const again = await calls.listingState(cookies.seller, productId, 'sold-elsewhere');
    expect(again.statusCode).toBe(409);
    expect(body(again).msg).toBe(offerMessages.alreadySold);
  });
});
