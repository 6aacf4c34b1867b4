import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { products, users } from '#server/db/schema/index.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import type { ProductListResponse } from '#domain/products/product.wire.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { buyRequestCalls } from '../buy-requests/buy-request-calls.ts';
import { countOf, eventually, listingCalls, titlesOf } from './listing-cache-calls.ts';

let t: TestApp;
let calls: ReturnType<typeof listingCalls>;
let seller: UserRow;
let buyer: UserRow;
let other: UserRow;
let admin: UserRow;
let sellerCookie: string;
let buyerCookie: string;
let otherCookie: string;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  calls = listingCalls(t);
  seller = await insertUser(t.app.db, { userName: 'kiran', email: 'kiran@campus.edu', phoneNumber: '9123456780' });
  buyer = await insertUser(t.app.db, { userName: 'meera' });
  other = await insertUser(t.app.db, { userName: 'dev' });
  admin = await insertUser(t.app.db, { userName: 'admin', isAdmin: true });
  sellerCookie = await sessionCookieFor(t, seller.id);
  buyerCookie = await sessionCookieFor(t, buyer.id);
  otherCookie = await sessionCookieFor(t, other.id);
  adminCookie = await sessionCookieFor(t, admin.id);
});
afterAll(() => t.close());

/** Three students report the listing: the third report hides it pending review (issue 13). */
async function reportThreeTimes(productId: string) {
  for (let index = 0; index < 3; index++) {
    const reporter = await insertUser(t.app.db);
    expect((await calls.report(await sessionCookieFor(t, reporter.id), productId)).statusCode).toBe(201);
  }
}

describe('listing answers served from the cache', () => {
  it('answers a repeated call with the same JSON', async () => {
    await insertListing(t.app.db, { sellerId: seller.id, title: 'Repeat kettle' });
    // Its notice, landing after the two reads on PostgreSQL, would drop the one answer cached.
    await calls.settled();
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/products?q=repeat', headers: { cookie: otherCookie } });
    const second = await t.app.inject({ method: 'GET', url: '/api/v1/products?q=repeat', headers: { cookie: otherCookie } });
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.body).toBe(first.body);
    expect(t.app.listingCache.bodies.size).toBeGreaterThan(0);
  });

  it('answers the same query written three ways from one cached answer', async () => {
    await insertListing(t.app.db, { sellerId: seller.id, title: 'Spelled lamp' });
    await calls.settled();
    const computedBefore = t.app.listingCache.answers.computed;
    const spellings = [
      '?q=spelled+lamp',
      '?q=spelled+lamp&sort=newest',
      '?sort=newest&page=1&q=spelled%20lamp',
      '?q=spelled+lamp',
    ];
    for (const spelling of spellings) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/products${spelling}`,
        headers: { cookie: otherCookie },
      });
      expect(titlesOf(body<ProductListResponse>(response))).toEqual(['Spelled lamp']);
    }
    expect(t.app.listingCache.answers.computed - computedBefore).toBe(1);
  });

  it('computes an answer once for students asking for it at the same moment, and sends each the same bytes', async () => {
    await insertListing(t.app.db, { sellerId: seller.id, title: 'Crowded kettle' });
    await calls.settled();
    const computedBefore = t.app.listingCache.answers.computed;
    const cookies = [otherCookie, buyerCookie, otherCookie, buyerCookie, otherCookie, buyerCookie];
    const answers = await Promise.all(
      cookies.map((cookie) => t.app.inject({ method: 'GET', url: '/api/v1/products?q=crowded', headers: { cookie } })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(cookies.map(() => 200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(t.app.listingCache.answers.computed - computedBefore).toBe(1);
  });

  it('does not share an answer begun before a change with a later asker: they read the change', async () => {
    const id = await insertListing(t.app.db, { sellerId: seller.id, title: 'Slow lamp' });
    await calls.settled();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered = () => {};
    const blocked = new Promise<void>((resolve) => (entered = resolve));
    const runStatement = t.app.dbHandle.runStatement.bind(t.app.dbHandle);
    // The first asker's read of the listing waits until the change below has reached the cache.
    const spy = vi.spyOn(t.app.dbHandle, 'runStatement').mockImplementationOnce(async (statement) => {
      entered();
      await gate;
      return runStatement(statement);
    });
    try {
      const computedBefore = t.app.listingCache.answers.computed;
      const first = calls.detail(id, otherCookie);
      await blocked;
      await t.app.db.update(products).set({ price: 999 }).where(eq(products.id, id));
      await calls.settled();
      const second = calls.detail(id, buyerCookie);
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      expect((await second).product!.price).toBe(999);
      await first;
      expect(t.app.listingCache.answers.computed - computedBefore).toBe(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('counts an answer by the bytes it sends, against LISTING_CACHE_MB', async () => {
    await insertListing(t.app.db, { sellerId: seller.id, title: 'Measured lamp', description: 'A desk lamp. '.repeat(150) });
    await calls.settled();
    const before = t.app.listingCache.bodies.bytes;
    const answer = await t.app.inject({ method: 'GET', url: '/api/v1/products?q=measured', headers: { cookie: otherCookie } });
    const sent = Buffer.byteLength(answer.body);
    expect(sent).toBeGreaterThan(2000);
    // The bytes sent, and the key it is found under (a few hundred bytes at most).
    const counted = t.app.listingCache.bodies.bytes - before;
    expect(counted).toBeGreaterThanOrEqual(sent);
    expect(counted).toBeLessThan(sent + 1000);
    expect(t.app.config.listingCacheMb).toBeGreaterThanOrEqual(16);
  });

  it('shows a change written straight to the database (a job, a script, another instance) within a second', async () => {
    const id = await insertListing(t.app.db, { sellerId: seller.id, title: 'Direct desk', price: 900 });
    expect((await calls.list(otherCookie, { q: 'direct desk' })).products[0]!.price).toBe(900);
    expect((await calls.detail(id, otherCookie)).product!.price).toBe(900);
    await t.app.db.update(products).set({ price: 750 }).where(eq(products.id, id));
    await eventually(async () => {
      expect((await calls.list(otherCookie, { q: 'direct desk' })).products[0]!.price).toBe(750);
      expect((await calls.detail(id, otherCookie)).product!.price).toBe(750);
    });
  });

  it("shows the seller's price edit on their next call, and on everyone else's", async () => {
    const id = await insertListing(t.app.db, { sellerId: seller.id, title: 'Edited cycle', category: 'Cycle', price: 3200 });
    expect((await calls.list(sellerCookie, { sellerId: seller.id })).products.find((p) => p._id === id)!.price).toBe(3200);
    expect((await calls.detail(id, otherCookie)).product!.price).toBe(3200);
    expect((await calls.editPrice(sellerCookie, id, 'Edited cycle', 2800)).statusCode).toBe(200);
    expect((await calls.list(sellerCookie, { sellerId: seller.id })).products.find((p) => p._id === id)!.price).toBe(2800);
    expect((await calls.detail(id, otherCookie)).product!.price).toBe(2800);
  });

  it('shows a listing as sold right after the seller accepts a buy request', async () => {
    const id = await insertListing(t.app.db, { sellerId: seller.id, title: 'Sold lamp' });
    expect((await calls.detail(id, otherCookie)).product!.soldOut).toBe(false);
    const requests = buyRequestCalls(t);
    await requests.markInterested(buyerCookie, { productId: id, buyerMessage: 'Is it still there?' });
    await requests.accept(sellerCookie, { buyerId: buyer.id, productId: id, sellerId: seller.id });
    expect((await calls.detail(id, otherCookie)).product!.soldOut).toBe(true);
    expect((await calls.list(otherCookie, { q: 'sold lamp' })).products[0]!.soldOut).toBe(true);
  });

  it("shows the seller's new name on their listings once they rename themselves", async () => {
    const renamed = await insertUser(t.app.db, { userName: 'old name' });
    const id = await insertListing(t.app.db, { sellerId: renamed.id, title: 'Renamed chair' });
    expect((await calls.detail(id, otherCookie)).product!.seller.userName).toBe('old name');
    expect((await calls.rename(await sessionCookieFor(t, renamed.id), renamed.id, 'New Name')).statusCode).toBe(200);
    expect((await calls.detail(id, otherCookie)).product!.seller.userName).toBe('New Name');
    expect((await calls.list(otherCookie, { q: 'renamed chair' })).products[0]!.seller.userName).toBe('New Name');
  });

  it('takes a listing out of lists, search and its category count as soon as a third report hides it', async () => {
    const id = await insertListing(t.app.db, { sellerId: seller.id, title: 'Reported phone', category: 'Electronics' });
    await insertListing(t.app.db, { sellerId: seller.id, title: 'Reported phone case', category: 'Electronics' });
    const before = await calls.list(otherCookie, { q: 'reported phone' });
    expect(countOf(before, 'Electronics')).toBe(2);
    await reportThreeTimes(id);
    const after = await calls.list(otherCookie, { q: 'reported phone' });
    expect(titlesOf(after)).toEqual(['Reported phone case']);
    expect(countOf(after, 'Electronics')).toBe(1);
    expect(after.total).toBe(1);
  });

  it("lowers a search's category counts when a listing is hidden straight in the database", async () => {
    const id = await insertListing(t.app.db, { sellerId: seller.id, title: 'Hidden drafter', category: 'Stationery' });
    await insertListing(t.app.db, { sellerId: seller.id, title: 'Hidden drafter set', category: 'Stationery' });
    // Two pages of one search: the second is answered from the cached counts.
    expect(countOf(await calls.list(otherCookie, { q: 'hidden drafter', limit: '1' }), 'Stationery')).toBe(2);
    expect(countOf(await calls.list(otherCookie, { q: 'hidden drafter', limit: '1', page: '2' }), 'Stationery')).toBe(2);
    await t.app.db.update(products).set({ underReview: true }).where(eq(products.id, id));
    await eventually(async () => {
      const page = await calls.list(otherCookie, { q: 'hidden drafter', limit: '1', page: '2' });
      expect(countOf(page, 'Stationery')).toBe(1);
      expect(page.totalPages).toBe(1);
    });
  });

  it("counts a listing written straight to the database in the catalogue's category counts within a second", async () => {
    const books = async (page: string) => countOf(await calls.list(otherCookie, { limit: '1', page }), 'Books');
    const before = await books('1');
    // The next page is answered from the counters kept in memory.
    expect(await books('2')).toBe(before);
    await insertListing(t.app.db, { sellerId: seller.id, title: 'Counted atlas', category: 'Books' });
    await eventually(async () => expect(await books('3')).toBe(before + 1));
    await t.app.db.update(products).set({ underReview: true }).where(eq(products.title, 'Counted atlas'));
    await eventually(async () => expect(await books('4')).toBe(before));
  });

  it("takes a suspended seller's listings out of lists and search counts", async () => {
    const suspended = await insertUser(t.app.db, { userName: 'spammer' });
    await insertListing(t.app.db, { sellerId: suspended.id, title: 'Spam sticker', category: 'Others' });
    expect(countOf(await calls.list(otherCookie, { q: 'spam sticker' }), 'Others')).toBe(1);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/moderation/actions',
      headers: { cookie: adminCookie },
      payload: { action: 'suspend', targetType: 'user', targetId: suspended.id, reason: 'Spam', days: 7 },
    });
    expect(response.statusCode).toBe(200);
    const after = await calls.list(otherCookie, { q: 'spam sticker' });
    expect(after.products).toEqual([]);
    expect(countOf(after, 'Others')).toBe(0);
  });
});

describe("no one is served another viewer's cached answer", () => {
  let soldId: string;

  beforeAll(async () => {
    soldId = await insertListing(t.app.db, {
      sellerId: seller.id,
      title: 'Viewer bicycle',
      soldOut: true,
      buyerId: buyer.id,
    });
  });

  it('shows the buyer of a sold listing to its seller, its buyer and admins only, in whichever order they ask', async () => {
    const asked = [
      [adminCookie, buyer.id],
      [otherCookie, null],
      [undefined, null],
      [buyerCookie, buyer.id],
      [otherCookie, null],
      [sellerCookie, buyer.id],
      [otherCookie, null],
      [adminCookie, buyer.id],
    ] as const;
    for (const [cookie, expected] of asked) {
      expect((await calls.detail(soldId, cookie)).product!.buyer).toBe(expected);
      expect((await calls.list(cookie ?? adminCookie, { q: 'viewer bicycle' })).products[0]!.buyer).toBe(
        cookie ? expected : buyer.id,
      );
    }
  });

  it.each([
    ['its buyer asks first', () => [buyerCookie, otherCookie, undefined, sellerCookie, otherCookie]],
    ['another student asks first', () => [otherCookie, buyerCookie, otherCookie, sellerCookie, undefined]],
  ])("never hands one student's own view to another asking at the same moment (%s)", async (_, order) => {
    const id = await insertListing(t.app.db, { sellerId: seller.id, title: 'Racing bicycle', soldOut: true, buyerId: buyer.id });
    await calls.settled();
    const cookies = order();
    const answers = await Promise.all(cookies.map((cookie) => calls.detail(id, cookie)));
    const seesBuyer = (cookie: string | undefined) => cookie === buyerCookie || cookie === sellerCookie;
    expect(answers.map((answer) => answer.product!.buyer)).toEqual(
      cookies.map((cookie) => (seesBuyer(cookie) ? buyer.id : null)),
    );
    expect(answers.map((answer) => 'email' in answer.product!.seller)).toEqual(cookies.map((cookie) => cookie !== undefined));
  });

  it("keeps the seller's e-mail and phone from an anonymous caller after a student's call was cached", async () => {
    const id = await insertListing(t.app.db, { sellerId: seller.id, title: 'Contact lamp' });
    expect((await calls.detail(id, otherCookie)).product!.seller.email).toBe('kiran@campus.edu');
    const anonymous = await calls.detail(id);
    expect(anonymous.product!.seller).not.toHaveProperty('email');
    expect(anonymous.product!.seller).not.toHaveProperty('phoneNumber');
    expect((await calls.detail(id, otherCookie)).product!.seller.phoneNumber).toBe('9123456780');
  });

  it("answers each student's Show Buy Requests with their own requests", async () => {
    const id = await insertListing(t.app.db, { sellerId: seller.id, title: 'Requested kettle' });
    await buyRequestCalls(t).markInterested(buyerCookie, { productId: id, buyerMessage: 'Still there?' });
    expect(titlesOf(await calls.list(buyerCookie, { requested: 'true', q: 'requested kettle' }))).toEqual(['Requested kettle']);
    expect(titlesOf(await calls.list(otherCookie, { requested: 'true', q: 'requested kettle' }))).toEqual([]);
    expect(titlesOf(await calls.list(buyerCookie, { requested: 'true', q: 'requested kettle' }))).toEqual(['Requested kettle']);
  });

  it("shows the buyer's request in their next read of a cached answer, the request's own events having arrived with its answer", async () => {
    const id = await insertListing(t.app.db, { sellerId: seller.id, title: 'Awaited kettle' });
    await calls.settled();
    const query = { requested: 'true', q: 'awaited kettle' };
    expect(titlesOf(await calls.list(buyerCookie, query))).toEqual([]);
    const barriers = vi.spyOn(t.app.events, 'caughtUp');
    try {
      const sent = await buyRequestCalls(t).markInterested(buyerCookie, { productId: id, buyerMessage: 'Still there?' });
      expect(sent.statusCode).toBe(200);
      // No barrier of its own after the answer: one went with the request's transaction.
      expect(barriers).not.toHaveBeenCalled();
    } finally {
      barriers.mockRestore();
    }
    expect(titlesOf(await calls.list(buyerCookie, query))).toEqual(['Awaited kettle']);
  });

  it("shows a seller their own hidden listing, and not to others asking for that seller's listings", async () => {
    const id = await insertListing(t.app.db, { sellerId: seller.id, title: 'Own hidden mug' });
    await t.app.db.update(products).set({ underReview: true }).where(eq(products.id, id));
    const query = { sellerId: seller.id, q: 'own hidden mug' };
    await eventually(async () => expect(titlesOf(await calls.list(sellerCookie, query))).toEqual(['Own hidden mug']));
    expect(titlesOf(await calls.list(otherCookie, query))).toEqual([]);
    expect(titlesOf(await calls.list(sellerCookie, query))).toEqual(['Own hidden mug']);
  });

  it("answers each student's Show Buy Requests with their own however the query is written", async () => {
    const id = await insertListing(t.app.db, { sellerId: seller.id, title: 'Written kettle' });
    await buyRequestCalls(t).markInterested(buyerCookie, { productId: id, buyerMessage: 'Still there?' });
    await calls.settled();
    // `tru%65` is `true` once decoded: a cached answer is looked up by the query as it arrived.
    const url = '/api/v1/products?requested=tru%65&q=written+kettle';
    const titlesFor = async (cookie: string) =>
      titlesOf(body<ProductListResponse>(await t.app.inject({ method: 'GET', url, headers: { cookie } })));
    expect(await titlesFor(buyerCookie)).toEqual(['Written kettle']);
    expect(await titlesFor(otherCookie)).toEqual([]);
    expect(await titlesFor(adminCookie)).toEqual([]);
    expect(await titlesFor(buyerCookie)).toEqual(['Written kettle']);
  });

  it('shows a seller their own hidden listing however their id is written, and not to others asking the same', async () => {
    const id = await insertListing(t.app.db, { sellerId: seller.id, title: 'Encoded hidden mug' });
    await t.app.db.update(products).set({ underReview: true }).where(eq(products.id, id));
    await calls.settled();
    const encodedId = `%${seller.id.charCodeAt(0).toString(16)}${seller.id.slice(1)}`;
    const url = `/api/v1/products?sellerId=${encodedId}&q=encoded+hidden+mug`;
    const titlesFor = async (cookie: string) =>
      titlesOf(body<ProductListResponse>(await t.app.inject({ method: 'GET', url, headers: { cookie } })));
    expect(await titlesFor(sellerCookie)).toEqual(['Encoded hidden mug']);
    expect(await titlesFor(otherCookie)).toEqual([]);
    expect(await titlesFor(sellerCookie)).toEqual(['Encoded hidden mug']);
  });

  it('refuses a query that fails validation after a valid one was answered from the cache', async () => {
    await insertListing(t.app.db, { sellerId: seller.id, title: 'Paged lamp' });
    await calls.settled();
    for (let read = 0; read < 2; read++)
      expect(titlesOf(await calls.list(otherCookie, { q: 'paged lamp', page: '1' }))).toEqual(['Paged lamp']);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/products?q=paged+lamp&page=0',
      headers: { cookie: otherCookie },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('keeps a blocked seller out of the blocker’s lists only, and brings them back on unblock', async () => {
    const blocked = await insertUser(t.app.db, { userName: 'pushy' });
    await insertListing(t.app.db, { sellerId: blocked.id, title: 'Blocked guitar', category: 'Others' });
    const blocker = await insertUser(t.app.db, { userName: 'blocker' });
    const blockerCookie = await sessionCookieFor(t, blocker.id);
    const query = { q: 'blocked guitar' };
    expect(titlesOf(await calls.list(blockerCookie, query))).toEqual(['Blocked guitar']);
    expect(titlesOf(await calls.list(otherCookie, query))).toEqual(['Blocked guitar']);
    expect((await calls.block(blockerCookie, blocked.id)).statusCode).toBe(201);
    const hidden = await calls.list(blockerCookie, query);
    expect(titlesOf(hidden)).toEqual([]);
    expect(countOf(hidden, 'Others')).toBe(0);
    expect(titlesOf(await calls.list(otherCookie, query))).toEqual(['Blocked guitar']);
    expect((await calls.unblock(blockerCookie, blocked.id)).statusCode).toBe(200);
    expect(titlesOf(await calls.list(blockerCookie, query))).toEqual(['Blocked guitar']);
  });

  it('keeps a seller renamed straight in the database from showing the old name for more than a second', async () => {
    const renamed = await insertUser(t.app.db, { userName: 'before' });
    const id = await insertListing(t.app.db, { sellerId: renamed.id, title: 'Direct rename' });
    expect((await calls.detail(id)).product!.seller.userName).toBe('before');
    await t.app.db.update(users).set({ userName: 'after' }).where(eq(users.id, renamed.id));
    await eventually(async () => expect((await calls.detail(id)).product!.seller.userName).toBe('after'));
  });
});
