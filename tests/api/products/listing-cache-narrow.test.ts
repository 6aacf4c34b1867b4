import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { buyRequestCalls } from '../buy-requests/buy-request-calls.ts';
import { changePriceUnannounced, listingCalls } from './listing-cache-calls.ts';

/**
 * A write drops only the cached answers that read what it changed (issue 25). Each test caches
 * an answer, changes its listing behind the caches' back (no trigger fires), makes a write
 * elsewhere, and reads again: the old price still showing proves the answer was kept.
 */
let t: TestApp;
let calls: ReturnType<typeof listingCalls>;
let requests: ReturnType<typeof buyRequestCalls>;
let seller: UserRow;
let buyer: UserRow;
let sellerCookie: string;
let buyerCookie: string;
let readerCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  calls = listingCalls(t);
  requests = buyRequestCalls(t);
  seller = await insertUser(t.app.db, { userName: 'asha' });
  buyer = await insertUser(t.app.db, { userName: 'rahul' });
  sellerCookie = await sessionCookieFor(t, seller.id);
  buyerCookie = await sessionCookieFor(t, buyer.id);
  readerCookie = await sessionCookieFor(t, (await insertUser(t.app.db, { userName: 'reader' })).id);
});
afterAll(() => t.close());

const priceIn = (page: Awaited<ReturnType<typeof calls.list>>, id: string) => page.products.find((p) => p._id === id)?.price;

describe('what a write drops from the listing cache', () => {
  it('keeps every listing answer when a student adds a listing to their wishlist or removes it', async () => {
    const wanted = await insertListing(t.app.db, { sellerId: seller.id, title: 'Wishlist kettle', price: 500 });
    const bystander = await insertListing(t.app.db, { sellerId: seller.id, title: 'Wishlist bystander lamp', price: 700 });
    await calls.settled();
    expect((await calls.detail(bystander, readerCookie)).product!.price).toBe(700);
    expect(priceIn(await calls.list(readerCookie, { q: 'wishlist' }), bystander)).toBe(700);
    await changePriceUnannounced(t, bystander, 650);

    const add = await t.app.inject({ method: 'POST', url: `/api/v1/wishlist/add/${wanted}`, headers: { cookie: buyerCookie } });
    expect(add.statusCode).toBe(200);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/wishlist/delete/${wanted}`,
      headers: { cookie: buyerCookie },
    });
    expect(remove.statusCode).toBe(200);

    expect((await calls.detail(bystander, readerCookie)).product!.price).toBe(700);
    expect(priceIn(await calls.list(readerCookie, { q: 'wishlist' }), bystander)).toBe(700);
  });

  it("keeps lists and details when a buy request is sent, and shows it on the buyer's Show Buy Requests at once", async () => {
    const asked = await insertListing(t.app.db, { sellerId: seller.id, title: 'Requested drafter', price: 300 });
    const bystander = await insertListing(t.app.db, { sellerId: seller.id, title: 'Requested bystander', price: 900 });
    await calls.settled();
    expect((await calls.list(buyerCookie, { requested: 'true' })).products.map((p) => p._id)).not.toContain(asked);
    expect((await calls.detail(bystander, readerCookie)).product!.price).toBe(900);
    expect(priceIn(await calls.list(readerCookie, { q: 'requested' }), bystander)).toBe(900);
    await changePriceUnannounced(t, bystander, 850);

    const sent = await requests.markInterested(buyerCookie, { productId: asked, buyerMessage: 'Is it still there?' });
    expect(sent.statusCode).toBe(200);

    expect((await calls.list(buyerCookie, { requested: 'true' })).products.map((p) => p._id)).toContain(asked);
    expect((await calls.detail(bystander, readerCookie)).product!.price).toBe(900);
    expect(priceIn(await calls.list(readerCookie, { q: 'requested' }), bystander)).toBe(900);
  });

  it("drops the edited listing's answers and every list page, and keeps other listings' details", async () => {
    const edited = await insertListing(t.app.db, { sellerId: seller.id, title: 'Edit target cycle', price: 4000 });
    const bystander = await insertListing(t.app.db, { sellerId: seller.id, title: 'Edit bystander chair', price: 1200 });
    await calls.settled();
    expect((await calls.detail(edited, readerCookie)).product!.price).toBe(4000);
    expect((await calls.detail(bystander, readerCookie)).product!.price).toBe(1200);
    expect(priceIn(await calls.list(readerCookie, { q: 'edit' }), bystander)).toBe(1200);
    await changePriceUnannounced(t, bystander, 1100);

    expect((await calls.editPrice(sellerCookie, edited, 'Edit target cycle', 3500)).statusCode).toBe(200);

    expect((await calls.detail(edited, readerCookie)).product!.price).toBe(3500);
    const page = await calls.list(readerCookie, { q: 'edit' });
    expect(priceIn(page, edited)).toBe(3500);
    // The page was read again, so it shows the price changed behind the cache's back too...
    expect(priceIn(page, bystander)).toBe(1100);
    // ...while the other listing's own answer was kept.
    expect((await calls.detail(bystander, readerCookie)).product!.price).toBe(1200);
  });

  it("changes only the blocker's lists when a student blocks a seller", async () => {
    const blockedSeller = await insertUser(t.app.db, { userName: 'spammer' });
    const spam = await insertListing(t.app.db, { sellerId: blockedSeller.id, title: 'Blockable speaker', price: 100 });
    const bystander = await insertListing(t.app.db, { sellerId: seller.id, title: 'Blockable bystander', price: 200 });
    await calls.settled();
    expect((await calls.list(buyerCookie, { q: 'blockable' })).products.map((p) => p._id)).toContain(spam);
    expect(priceIn(await calls.list(readerCookie, { q: 'blockable' }), bystander)).toBe(200);
    await changePriceUnannounced(t, bystander, 150);

    expect((await calls.block(buyerCookie, blockedSeller.id)).statusCode).toBeLessThan(300);

    expect((await calls.list(buyerCookie, { q: 'blockable' })).products.map((p) => p._id)).not.toContain(spam);
    expect(priceIn(await calls.list(readerCookie, { q: 'blockable' }), bystander)).toBe(200);
  });
});
