import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { buyRequestCalls } from '../buy-requests/buy-request-calls.ts';
import { countOf, eventually, listingCalls, titlesOf } from './listing-cache-calls.ts';

/**
 * Two app instances on one PostgreSQL, each with its own listing cache: a change made through
 * one shows through the other's (cached) list and detail within a second.
 */
let one: TestApp;
let two: TestApp;
let viaOne: ReturnType<typeof listingCalls>;
let viaTwo: ReturnType<typeof listingCalls>;
let seller: UserRow;
let buyer: UserRow;
let sellerCookieOne: string;
let buyerCookieOne: string;
let readerCookieTwo: string;

beforeAll(async () => {
  one = await createTestApp();
  two = await createTestApp({ sameDatabaseAs: one });
  viaOne = listingCalls(one);
  viaTwo = listingCalls(two);
  seller = await insertUser(one.app.db, { userName: 'ravi' });
  buyer = await insertUser(one.app.db, { userName: 'meera' });
  sellerCookieOne = await sessionCookieFor(one, seller.id);
  buyerCookieOne = await sessionCookieFor(one, buyer.id);
  readerCookieTwo = await sessionCookieFor(two, (await insertUser(one.app.db, { userName: 'reader' })).id);
});
afterAll(async () => {
  await two?.close();
  await one?.close();
});

/** Reads the listing through instance two until `check` passes, for at most a second. */
async function seenOnTwo(id: string, q: string, check: (product: { list: unknown; detail: unknown }) => void) {
  const started = Date.now();
  await eventually(async () => {
    const list = (await viaTwo.list(readerCookieTwo, { q })).products.find((product) => product._id === id) ?? null;
    const detail = (await viaTwo.detail(id, readerCookieTwo)).product;
    check({ list, detail });
  }, 1000);
  expect(Date.now() - started).toBeLessThan(1000);
}

/** Fills instance two's cache with the listing as it is now. */
async function warmTwo(id: string, q: string) {
  await viaTwo.list(readerCookieTwo, { q });
  await viaTwo.detail(id, readerCookieTwo);
  expect(two.app.listingCache.bodies.size).toBeGreaterThan(0);
}

describe('listing cache across instances (PostgreSQL)', () => {
  it('shows a new listing through the other instance within a second', async () => {
    expect(titlesOf(await viaTwo.list(readerCookieTwo, { q: 'fresh kettle' }))).toEqual([]);
    const id = await insertListing(one.app.db, { sellerId: seller.id, title: 'Fresh kettle' });
    await seenOnTwo(id, 'fresh kettle', ({ list, detail }) => {
      expect(list).toMatchObject({ title: 'Fresh kettle' });
      expect(detail).toMatchObject({ title: 'Fresh kettle' });
    });
  });

  it('shows a price edited through one instance on the other within a second', async () => {
    const id = await insertListing(one.app.db, { sellerId: seller.id, title: 'Priced cycle', price: 3200 });
    await warmTwo(id, 'priced cycle');
    expect((await viaOne.editPrice(sellerCookieOne, id, 'Priced cycle', 2750)).statusCode).toBe(200);
    await seenOnTwo(id, 'priced cycle', ({ list, detail }) => {
      expect(list).toMatchObject({ price: 2750 });
      expect(detail).toMatchObject({ price: 2750 });
    });
  });

  it('shows a listing sold through one instance as sold on the other within a second', async () => {
    const id = await insertListing(one.app.db, { sellerId: seller.id, title: 'Sold cooler' });
    const requests = buyRequestCalls(one);
    await requests.markInterested(buyerCookieOne, { productId: id, buyerMessage: 'Mine?' });
    await warmTwo(id, 'sold cooler');
    await requests.accept(sellerCookieOne, { buyerId: buyer.id, productId: id, sellerId: seller.id });
    await seenOnTwo(id, 'sold cooler', ({ list, detail }) => {
      expect(list).toMatchObject({ soldOut: true, buyer: null });
      expect(detail).toMatchObject({ soldOut: true, buyer: null });
    });
  });

  it('takes a listing hidden by reports through one instance out of the other within a second', async () => {
    const id = await insertListing(one.app.db, { sellerId: seller.id, title: 'Reported watch', category: 'Electronics' });
    await warmTwo(id, 'reported watch');
    expect(countOf(await viaTwo.list(readerCookieTwo, { q: 'reported watch' }), 'Electronics')).toBe(1);
    for (let index = 0; index < 3; index++) {
      const reporter = await insertUser(one.app.db);
      expect((await viaOne.report(await sessionCookieFor(one, reporter.id), id)).statusCode).toBe(201);
    }
    await seenOnTwo(id, 'reported watch', ({ list }) => expect(list).toBeNull());
    expect(countOf(await viaTwo.list(readerCookieTwo, { q: 'reported watch' }), 'Electronics')).toBe(0);
  });

  it("shows a seller's new name through the other instance within a second", async () => {
    const renamed = await insertUser(one.app.db, { userName: 'old ravi' });
    const id = await insertListing(one.app.db, { sellerId: renamed.id, title: 'Renamed desk' });
    await warmTwo(id, 'renamed desk');
    expect((await viaOne.rename(await sessionCookieFor(one, renamed.id), renamed.id, 'Ravi Kumar')).statusCode).toBe(200);
    await seenOnTwo(id, 'renamed desk', ({ list, detail }) => {
      expect(list).toMatchObject({ seller: { userName: 'Ravi Kumar' } });
      expect(detail).toMatchObject({ seller: { userName: 'Ravi Kumar' } });
    });
  });

  it("keeps a seller blocked through one instance out of the blocker's lists on the other within a second", async () => {
    const pushy = await insertUser(one.app.db, { userName: 'pushy' });
    await insertListing(one.app.db, { sellerId: pushy.id, title: 'Blocked speaker' });
    const blocker = await insertUser(one.app.db, { userName: 'blocker' });
    const blockerOnTwo = await sessionCookieFor(two, blocker.id);
    expect(titlesOf(await viaTwo.list(blockerOnTwo, { q: 'blocked speaker' }))).toEqual(['Blocked speaker']);
    expect((await viaOne.block(await sessionCookieFor(one, blocker.id), pushy.id)).statusCode).toBe(201);
    await eventually(async () => expect(titlesOf(await viaTwo.list(blockerOnTwo, { q: 'blocked speaker' }))).toEqual([]));
    expect(titlesOf(await viaTwo.list(readerCookieTwo, { q: 'blocked speaker' }))).toEqual(['Blocked speaker']);
  });

  it('stores nothing while its event connection is being made again, and starts afresh once it is back', async () => {
    const id = await insertListing(one.app.db, { sellerId: seller.id, title: 'Resync lamp' });
    await warmTwo(id, 'resync lamp');
    const listener = two.app.dbHandle.notifications as unknown as { client?: { end(): Promise<void> } };
    await listener.client!.end();
    await eventually(async () => expect(two.app.events.live).toBe(false));
    await viaTwo.detail(id, readerCookieTwo);
    expect(two.app.listingCache.bodies.size).toBe(0);
    await eventually(async () => expect(two.app.events.live).toBe(true), 3000);
    await viaTwo.detail(id, readerCookieTwo);
    expect(two.app.listingCache.bodies.size).toBe(1);
  });
});
