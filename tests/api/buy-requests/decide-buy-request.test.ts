import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InterestedBuyersResponse } from '#domain/buy-requests/buy-request.wire.ts';
import { authMessages } from '#domain/users/auth.messages.ts';
import { buyRequestMessages } from '#domain/buy-requests/buy-request.messages.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { buyRequestCalls, storedListing, storedRequests } from './buy-request-calls.ts';

let t: TestApp;
let calls: ReturnType<typeof buyRequestCalls>;
let seller: UserRow;
let buyer: UserRow;
let otherBuyer: UserRow;
let stranger: UserRow;
let admin: UserRow;
const cookies: Record<'seller' | 'buyer' | 'otherBuyer' | 'stranger' | 'admin', string> = {
  seller: '',
  buyer: '',
  otherBuyer: '',
  stranger: '',
  admin: '',
};

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://market.campus.edu' } });
  calls = buyRequestCalls(t);
  seller = await insertUser(t.app.db, { userName: 'ravi', email: 'ravi@campus.edu', phoneNumber: '9123456780' });
  buyer = await insertUser(t.app.db, { userName: 'meera', email: 'meera@campus.edu', phoneNumber: '9876500001' });
  otherBuyer = await insertUser(t.app.db, { userName: 'dev', email: 'dev@campus.edu', phoneNumber: null });
  stranger = await insertUser(t.app.db, { userName: 'kiran' });
  admin = await insertUser(t.app.db, { userName: 'admin', isAdmin: true });
  cookies.seller = await sessionCookieFor(t, seller.id);
  cookies.buyer = await sessionCookieFor(t, buyer.id);
  cookies.otherBuyer = await sessionCookieFor(t, otherBuyer.id);
  cookies.stranger = await sessionCookieFor(t, stranger.id);
  cookies.admin = await sessionCookieFor(t, admin.id);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.drainJobs();
  t.mailer.sent.length = 0;
});

/** A listing of the seller's with requests from the buyer and the other buyer. */
async function listingWithTwoRequests(title = 'Study lamp') {
  const productId = await insertListing(t.app.db, { sellerId: seller.id, title });
  expect((await calls.markInterested(cookies.buyer, { productId, buyerMessage: 'Can I have it for 300?' })).statusCode).toBe(200);
  expect((await calls.markInterested(cookies.otherBuyer, { productId, buyerMessage: 'Still available?' })).statusCode).toBe(200);
  await t.drainJobs();
  t.mailer.sent.length = 0;
  return productId;
}

const decision = (productId: string, buyerId = buyer.id, sellerId = seller.id) => ({ buyerId, productId, sellerId });

describe('reading the interested buyers of a listing', () => {
  it("gives the seller each buyer's name, e-mail, phone and message, oldest first", async () => {
    const productId = await listingWithTwoRequests();
    const response = await calls.interestedBuyers(cookies.seller, { productId, sellerId: seller.id });
    expect(response.statusCode).toBe(200);
    const answer = body<InterestedBuyersResponse>(response);
    expect(answer.success).toBe(true);
    expect(answer.buyRequests.map(({ createdAt: _createdAt, ...entry }) => entry)).toEqual([
      {
        buyer: { _id: buyer.id, userName: 'meera', email: 'meera@campus.edu', phoneNumber: '9876500001' },
        buyerMessage: 'Can I have it for 300?',
      },
      {
        buyer: { _id: otherBuyer.id, userName: 'dev', email: 'dev@campus.edu', phoneNumber: null },
        buyerMessage: 'Still available?',
      },
    ]);
  });

  it('lets an admin read them too, when the named seller is the listing’s', async () => {
    const productId = await listingWithTwoRequests();
    const response = await calls.interestedBuyers(cookies.admin, { productId, sellerId: seller.id });
    expect(response.statusCode).toBe(200);
    expect(body<InterestedBuyersResponse>(response).buyRequests).toHaveLength(2);
  });

  it('refuses a stranger, whether they name themselves or the seller', async () => {
    const productId = await listingWithTwoRequests();
    for (const sellerId of [stranger.id, seller.id]) {
      const response = await calls.interestedBuyers(cookies.stranger, { productId, sellerId });
      expect(response.statusCode).toBe(403);
      expect(body(response)).toMatchObject({ success: false, msg: authMessages.onlyListingSeller });
      expect(response.body).not.toContain('meera@campus.edu');
    }
  });

  it('refuses a sellerId that is not the listing’s seller, even for an admin', async () => {
    const productId = await listingWithTwoRequests();
    const response = await calls.interestedBuyers(cookies.admin, { productId, sellerId: stranger.id });
    expect(response.statusCode).toBe(403);
  });

  it("answers 404 'Product not found' for a missing listing", async () => {
    const response = await calls.interestedBuyers(cookies.seller, { productId: randomUUID(), sellerId: seller.id });
    expect(response.statusCode).toBe(404);
    expect(body(response)).toMatchObject({ success: false, msg: productMessages.notFound });
  });
});

describe('accepting a buy request (sold-out)', () => {
  it('sells the listing to the buyer, accepts their request and closes the others, in one go', async () => {
    const productId = await listingWithTwoRequests();
    const response = await calls.accept(cookies.seller, decision(productId));
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ success: true, msg: buyRequestMessages.accepted });

    expect(await storedListing(t, productId)).toEqual({ soldOut: true, buyerId: buyer.id });
    const stored = await storedRequests(t, productId);
    expect(stored.map((request) => [request.buyerId, request.status])).toEqual([
      [buyer.id, 'accepted'],
      [otherBuyer.id, 'closed'],
    ]);
    for (const request of stored) expect(request.decidedAt).toBeInstanceOf(Date);
    // Nothing left for the seller to decide.
    const list = await calls.interestedBuyers(cookies.seller, { productId, sellerId: seller.id });
    expect(body<InterestedBuyersResponse>(list).buyRequests).toEqual([]);
  });

  it("mails the buyer the seller's name, e-mail and phone", async () => {
    const productId = await listingWithTwoRequests('Hero bicycle');
    await calls.accept(cookies.seller, decision(productId));
    await t.drainJobs();
    expect(t.mailer.sent).toHaveLength(1);
    const mail = t.mailer.sent[0]!;
    expect(mail.to).toBe('meera@campus.edu');
    expect(mail.subject).toBe('Your buy request for "Hero bicycle" was accepted');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('ravi');
      expect(part).toContain('ravi@campus.edu');
      expect(part).toContain('+91 9123456780');
      expect(part).toContain(`https://market.campus.edu/shop/products/${productId}`);
    }
  });

  it('answers 409 to a second accept, and the first buyer stays the buyer', async () => {
    const productId = await listingWithTwoRequests();
    await calls.accept(cookies.seller, decision(productId));
    const other = await calls.accept(cookies.seller, decision(productId, otherBuyer.id));
    expect(other.statusCode).toBe(409);
    expect(body(other)).toMatchObject({ success: false, msg: buyRequestMessages.alreadyDecided });
    const same = await calls.accept(cookies.seller, decision(productId));
    expect(same.statusCode).toBe(409);
    expect(body(same)).toMatchObject({ success: false, msg: buyRequestMessages.soldOut });
    expect(await storedListing(t, productId)).toEqual({ soldOut: true, buyerId: buyer.id });
  });

  it('gives exactly one winner among many accepts racing on one listing', async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id, title: 'Raced desk' });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => insertUser(t.app.db)));
    for (const each of buyers) {
      const cookie = await sessionCookieFor(t, each.id);
      expect((await calls.markInterested(cookie, { productId, buyerMessage: `I want it (${each.userName})` })).statusCode).toBe(
        200,
      );
    }
    await t.drainJobs();
    t.mailer.sent.length = 0;

    const answers = await Promise.all(buyers.map((each) => calls.accept(cookies.seller, decision(productId, each.id))));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(buyers.length - 1);
    for (const answer of answers.filter((each) => each.statusCode === 409)) {
      expect(body(answer)).toMatchObject({ success: false, msg: buyRequestMessages.alreadyDecided });
    }

    const winner = buyers[statuses.indexOf(200)]!;
    expect(await storedListing(t, productId)).toEqual({ soldOut: true, buyerId: winner.id });
    const stored = await storedRequests(t, productId);
    expect(stored.filter((request) => request.status === 'accepted').map((request) => request.buyerId)).toEqual([winner.id]);
    expect(stored.filter((request) => request.status === 'closed')).toHaveLength(buyers.length - 1);
    await t.drainJobs();
    expect(t.mailer.sent.map((mail) => mail.to)).toEqual([winner.email]);
  });

  it('refuses a stranger accepting for someone else’s listing, naming themselves or the seller', async () => {
    const productId = await listingWithTwoRequests();
    for (const sellerId of [stranger.id, seller.id]) {
      const response = await calls.accept(cookies.stranger, decision(productId, buyer.id, sellerId));
      expect(response.statusCode).toBe(403);
      expect(body(response)).toMatchObject({ success: false, msg: authMessages.onlyListingSeller });
    }
    expect(await storedListing(t, productId)).toEqual({ soldOut: false, buyerId: null });
  });

  it('refuses an admin accepting: only the seller sells', async () => {
    const productId = await listingWithTwoRequests();
    const response = await calls.accept(cookies.admin, decision(productId));
    expect(response.statusCode).toBe(403);
    expect(await storedListing(t, productId)).toEqual({ soldOut: false, buyerId: null });
  });

  it('refuses a sellerId that disagrees with the session', async () => {
    const productId = await listingWithTwoRequests();
    const response = await calls.accept(cookies.seller, decision(productId, buyer.id, stranger.id));
    expect(response.statusCode).toBe(403);
    expect(await storedListing(t, productId)).toEqual({ soldOut: false, buyerId: null });
  });

  it("answers 404 'Buy request not found' for a buyer who never asked for the listing", async () => {
    const productId = await listingWithTwoRequests();
    for (const buyerId of [stranger.id, seller.id, randomUUID(), 'nobody']) {
      for (const call of [calls.accept, calls.reject]) {
        const response = await call(cookies.seller, decision(productId, buyerId));
        expect(response.statusCode).toBe(404);
        expect(body(response)).toEqual({ success: false, msg: buyRequestMessages.requestNotFound, code: 'NOT_FOUND' });
      }
    }
    expect(await storedListing(t, productId)).toEqual({ soldOut: false, buyerId: null });
    await t.drainJobs();
    expect(t.mailer.sent).toEqual([]);
  });

  it('answers 409 for accepting a request that was already rejected', async () => {
    const productId = await listingWithTwoRequests();
    await calls.reject(cookies.seller, decision(productId));
    const response = await calls.accept(cookies.seller, decision(productId));
    expect(response.statusCode).toBe(409);
    expect(body(response)).toEqual({ success: false, msg: buyRequestMessages.requestAlreadyDecided, code: 'CONFLICT' });
    expect(await storedListing(t, productId)).toEqual({ soldOut: false, buyerId: null });
  });

  it("answers 404 'Product not found' for a missing listing", async () => {
    const response = await calls.accept(cookies.seller, decision(randomUUID()));
    expect(response.statusCode).toBe(404);
    expect(body(response)).toMatchObject({ success: false, msg: productMessages.notFound });
  });

  it('keeps the sale when the mail to the buyer fails', async () => {
    const failing = await createTestApp({ mailer: { isDevOutbox: false, send: () => Promise.reject(new Error('SMTP down')) } });
    try {
      const [owner, asker] = [await insertUser(failing.app.db), await insertUser(failing.app.db)];
      const productId = await insertListing(failing.app.db, { sellerId: owner.id });
      const failingCalls = buyRequestCalls(failing);
      await failingCalls.markInterested(await sessionCookieFor(failing, asker.id), { productId, buyerMessage: 'Mine?' });
      const response = await failingCalls.accept(
        await sessionCookieFor(failing, owner.id),
        decision(productId, asker.id, owner.id),
      );
      expect(response.statusCode).toBe(200);
      expect(await storedListing(failing, productId)).toEqual({ soldOut: true, buyerId: asker.id });
    } finally {
      await failing.close();
    }
  });
});

describe('rejecting a buy request', () => {
  it('marks the request rejected, keeps it, and takes it off the seller’s list', async () => {
    const productId = await listingWithTwoRequests();
    const response = await calls.reject(cookies.seller, decision(productId));
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ success: true, msg: buyRequestMessages.rejected });

    const [stored] = await storedRequests(t, productId, buyer.id);
    expect(stored).toMatchObject({ status: 'rejected', message: 'Can I have it for 300?' });
    expect(stored!.decidedAt).toBeInstanceOf(Date);
    const list = body<InterestedBuyersResponse>(await calls.interestedBuyers(cookies.seller, { productId, sellerId: seller.id }));
    expect(list.buyRequests.map((entry) => entry.buyer._id)).toEqual([otherBuyer.id]);
    expect(await storedListing(t, productId)).toEqual({ soldOut: false, buyerId: null });
  });

  it('mails the buyer that the request was declined', async () => {
    const productId = await listingWithTwoRequests('Drafter');
    await calls.reject(cookies.seller, decision(productId));
    await t.drainJobs();
    expect(t.mailer.sent).toHaveLength(1);
    await t.drainJobs();
    expect(t.mailer.sent[0]).toMatchObject({ to: 'meera@campus.edu', subject: 'Your buy request for "Drafter" was declined' });
    await t.drainJobs();
    expect(t.mailer.sent[0]!.html).toContain('https://market.campus.edu/shop/products');
  });

  it('refuses rejecting twice, and a stranger or a disagreeing sellerId at all', async () => {
    const productId = await listingWithTwoRequests();
    await calls.reject(cookies.seller, decision(productId));
    const twice = await calls.reject(cookies.seller, decision(productId));
    expect(twice.statusCode).toBe(409);
    expect(body(twice)).toMatchObject({ success: false, msg: buyRequestMessages.requestAlreadyDecided });

    const byStranger = await calls.reject(cookies.stranger, decision(productId, otherBuyer.id, seller.id));
    expect(byStranger.statusCode).toBe(403);
    const disagreeing = await calls.reject(cookies.seller, decision(productId, otherBuyer.id, stranger.id));
    expect(disagreeing.statusCode).toBe(403);
    const [other] = await storedRequests(t, productId, otherBuyer.id);
    expect(other!.status).toBe('active');
  });

  it('lets the buyer ask again after a rejection, as a new request beside the old one', async () => {
    const productId = await listingWithTwoRequests();
    await calls.reject(cookies.seller, decision(productId));
    const again = await calls.markInterested(cookies.buyer, { productId, buyerMessage: 'How about 350?' });
    expect(body(again)).toEqual({ success: true, msg: buyRequestMessages.sent });
    expect((await storedRequests(t, productId, buyer.id)).map((request) => request.status)).toEqual(['rejected', 'active']);
  });
});
