import { profileMessages } from '#domain/users/profile.messages.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyBuyRequestsResponse, RequestedProductIdsResponse } from '#domain/buy-requests/buy-request.wire.ts';
import type { ProductListResponse } from '#domain/products/product.wire.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { buyRequestCalls } from './buy-request-calls.ts';

let t: TestApp;
let calls: ReturnType<typeof buyRequestCalls>;
let seller: UserRow;
let buyer: UserRow;
let rival: UserRow;
let sellerCookie: string;
let buyerCookie: string;
let rivalCookie: string;
/** pending: still open; accepted: sold to the buyer; rejected: declined; closed: sold to the rival. */
const listings = { pending: '', accepted: '', rejected: '', closed: '', untouched: '' };

const ask = (cookie: string, productId: string, buyerMessage: string) =>
  calls.markInterested(cookie, { productId, buyerMessage });

beforeAll(async () => {
  t = await createTestApp();
  calls = buyRequestCalls(t);
  seller = await insertUser(t.app.db, { userName: 'ravi', email: 'ravi@campus.edu', phoneNumber: '9123456780' });
  buyer = await insertUser(t.app.db, { userName: 'meera' });
  rival = await insertUser(t.app.db, { userName: 'dev' });
  sellerCookie = await sessionCookieFor(t, seller.id);
  buyerCookie = await sessionCookieFor(t, buyer.id);
  rivalCookie = await sessionCookieFor(t, rival.id);
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  for (const [index, name] of (['pending', 'accepted', 'rejected', 'closed', 'untouched'] as const).entries()) {
    listings[name] = await insertListing(t.app.db, { sellerId: seller.id, title: name, createdAt: day(index + 1) });
  }
  for (const name of ['pending', 'accepted', 'rejected', 'closed'] as const)
    await ask(buyerCookie, listings[name], `About ${name}`);
  await ask(rivalCookie, listings.closed, 'Mine, please');
  const by = (buyerId: string, productId: string) => ({ buyerId, productId, sellerId: seller.id });
  await calls.accept(sellerCookie, by(buyer.id, listings.accepted));
  await calls.reject(sellerCookie, by(buyer.id, listings.rejected));
  await calls.accept(sellerCookie, by(rival.id, listings.closed));
});
afterAll(() => t.close());

describe("a buyer's own requests (my-requests)", () => {
  it('lists the latest request per listing, newest first, with its status', async () => {
    const response = await calls.myRequests(buyerCookie);
    expect(response.statusCode).toBe(200);
    const { requests } = body<MyBuyRequestsResponse>(response);
    expect(requests.map((request) => [request.productId, request.status, request.buyerMessage])).toEqual([
      [listings.closed, 'closed', 'About closed'],
      [listings.rejected, 'rejected', 'About rejected'],
      [listings.accepted, 'accepted', 'About accepted'],
      [listings.pending, 'active', 'About pending'],
    ]);
    const pending = requests.find((request) => request.status === 'active')!;
    expect(pending.decidedAt).toBeNull();
    for (const decided of requests.filter((request) => request.status !== 'active')) expect(decided.decidedAt).not.toBeNull();
  });

  it("gives the seller's contact only on the accepted request", async () => {
    const { requests } = body<MyBuyRequestsResponse>(await calls.myRequests(buyerCookie));
    for (const request of requests) {
      if (request.status === 'accepted') {
        expect(request.seller).toEqual({ _id: seller.id, userName: 'ravi', email: 'ravi@campus.edu', phoneNumber: '9123456780' });
      } else {
        expect(request.seller).toBeUndefined();
      }
    }
  });

  it('answers for one listing when asked, and with nothing for a listing never asked for', async () => {
    const one = body<MyBuyRequestsResponse>(await calls.myRequests(buyerCookie, listings.rejected));
    expect(one.requests.map((request) => request.status)).toEqual(['rejected']);
    expect(body<MyBuyRequestsResponse>(await calls.myRequests(buyerCookie, listings.untouched)).requests).toEqual([]);
    expect(body<MyBuyRequestsResponse>(await calls.myRequests(buyerCookie, 'nonsense')).requests).toEqual([]);
  });

  it("shows nobody else's requests", async () => {
    const { requests } = body<MyBuyRequestsResponse>(await calls.myRequests(rivalCookie));
    expect(requests.map((request) => [request.productId, request.status])).toEqual([[listings.closed, 'accepted']]);
    expect(body<MyBuyRequestsResponse>(await calls.myRequests(sellerCookie)).requests).toEqual([]);
  });
});

describe('the ids of the listings a user asked for (wishlist/get-buy-requests)', () => {
  it('lists the caller’s requested listings, whatever became of the requests', async () => {
    const response = await calls.requestedIds(buyerCookie, buyer.id);
    expect(response.statusCode).toBe(200);
    const answer = body<RequestedProductIdsResponse>(response);
    expect(answer).toEqual({ success: true, buyRequests: expect.any(Array) });
    expect([...answer.buyRequests].sort()).toEqual(
      [listings.pending, listings.accepted, listings.rejected, listings.closed].sort(),
    );
  });

  it("refuses another user's id, even the seller asking about a buyer", async () => {
    for (const cookie of [sellerCookie, rivalCookie]) {
      const response = await calls.requestedIds(cookie, buyer.id);
      expect(response.statusCode).toBe(403);
      expect(body(response)).toMatchObject({ success: false });
    }
  });

  it("answers 404 'User not found' for an id that is no id at all", async () => {
    const response = await calls.requestedIds(buyerCookie, 'someone');
    expect(response.statusCode).toBe(404);
    expect(body(response)).toEqual({ success: false, msg: profileMessages.notFound, code: 'NOT_FOUND' });
  });
});

describe('the products list with requested=true', () => {
  it("shows only the listings the caller asked for, matching the buyer's requests", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/products',
      query: { requested: 'true' },
      headers: { cookie: buyerCookie },
    });
    expect(response.statusCode).toBe(200);
    const { products, total } = body<ProductListResponse>(response);
    const ids = body<RequestedProductIdsResponse>(await calls.requestedIds(buyerCookie, buyer.id)).buyRequests;
    expect(total).toBe(4);
    expect(products.map((product) => product._id).sort()).toEqual([...ids].sort());
  });
});
