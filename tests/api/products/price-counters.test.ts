import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, users } from '#server/db/schema/index.ts';
import { countListingsByCategory, readPriceRangeCounters } from '#server/products/products.repository.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertListings, insertUser } from '../../support/factories.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { countOf, listingCalls } from './listing-cache-calls.ts';

// A price filter's category counts come from product_price_counts, kept by triggers on products
// (migration 0025): these tests hold them to a count of the listings themselves.

let t: TestApp;
let calls: ReturnType<typeof listingCalls>;
let seller: UserRow;
let viewer: UserRow;
let sellerCookie: string;
let viewerCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  calls = listingCalls(t);
  seller = await insertUser(t.app.db, { userName: 'ravi' });
  viewer = await insertUser(t.app.db, { userName: 'sana' });
  sellerCookie = await sessionCookieFor(t, seller.id);
  viewerCookie = await sessionCookieFor(t, viewer.id);
});
afterAll(() => t.close());

/** The counters' rows that are not zero, and the same figures counted from the visible listings. */
async function countersAndRecount() {
  const counters = await t.app.db.execute<{ price: string; category: string; count: number }>(sql`
    select price::text as price, category, product_count as count from product_price_counts
     where product_count > 0 order by product_price_counts.price, category`);
  const recount = await t.app.db.execute<{ price: string; category: string; count: number }>(sql`
    select price::text as price, category, count(*)::int as count from products
     where not hidden group by products.price, category order by products.price, category`);
  const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;
  return { counters: rowsOf(counters), recount: rowsOf(recount) };
}

async function expectCountersExact() {
  const { counters, recount } = await countersAndRecount();
  expect(counters).toEqual(recount);
  return counters;
}

describe('the price counters', () => {
  it('stay equal to a count of the visible listings through inserts, edits, hiding and deletes', async () => {
    const ids = await insertListings(t.app.db, [
      { sellerId: seller.id, title: 'Counter lamp', category: 'Others', price: 300 },
      { sellerId: seller.id, title: 'Counter kettle', category: 'Others', price: 300 },
      { sellerId: seller.id, title: 'Counter novel', category: 'Books', price: 300 },
      { sellerId: seller.id, title: 'Counter chair', category: 'Furniture', price: 1250.5 },
      { sellerId: seller.id, title: 'Counter jacket', category: 'Clothing', price: 799.99, expired: true },
    ]);
    expect(await expectCountersExact()).toEqual([
      { price: '300.00', category: 'Books', count: 1 },
      { price: '300.00', category: 'Others', count: 2 },
      { price: '1250.50', category: 'Furniture', count: 1 },
    ]);

    // A new price, a new category, both at once, in one statement.
    await t.app.db.update(products).set({ price: 450 }).where(eq(products.id, ids[0]!));
    await t.app.db.update(products).set({ category: 'Electronics' }).where(eq(products.id, ids[1]!));
    await t.app.db
      .update(products)
      .set({ price: sql`${products.price} + 1`, category: 'Stationery' })
      .where(sql`${products.id} in (${ids[2]!}, ${ids[3]!})`);
    await expectCountersExact();

    // Hidden (under review, expired, its seller held) and shown again.
    await t.app.db.update(products).set({ underReview: true }).where(eq(products.id, ids[0]!));
    await t.app.db.update(products).set({ expired: false }).where(eq(products.id, ids[4]!));
    await t.app.db.update(products).set({ sellerHeld: true }).where(eq(products.sellerId, seller.id));
    expect(await expectCountersExact()).toEqual([]);
    await t.app.db.update(products).set({ sellerHeld: false }).where(eq(products.sellerId, seller.id));
    await expectCountersExact();

    // Deleted, and deleted with their seller's account.
    await t.app.db.delete(products).where(eq(products.id, ids[1]!));
    const leaving = await insertUser(t.app.db, { userName: 'leaving' });
    await insertListings(t.app.db, [
      { sellerId: leaving.id, category: 'Cycle', price: 2200 },
      { sellerId: leaving.id, category: 'Cycle', price: 2200 },
    ]);
    await expectCountersExact();
    await t.app.db.delete(users).where(eq(users.id, leaving.id));
    await expectCountersExact();
  });

  it('answer every price range as a count of its listings does, less the listing left out', async () => {
    const categories = ['Books', 'Electronics', 'Furniture', 'Others'] as const;
    const prices = [0, 60.5, 99.99, 100, 250, 250, 999, 1000, 1000.01, 4500, 12000];
    await insertListings(
      t.app.db,
      prices.map((price, index) => ({ sellerId: seller.id, price, category: categories[index % categories.length]! })),
    );
    const excluded = await insertListing(t.app.db, { sellerId: seller.id, price: 250, category: 'Books' });
    const ranges = [
      { minPrice: 100, maxPrice: 1000 },
      { minPrice: 100 },
      { maxPrice: 99.99 },
      { minPrice: 1000.01, maxPrice: 1000.01 },
      { minPrice: 0, maxPrice: 0 },
      { minPrice: 50000 },
    ];
    for (const range of ranges) {
      for (const excludeId of [undefined, excluded]) {
        const counted = await countListingsByCategory(t.app.db, { categories: [], ...range, excludeId });
        expect(await readPriceRangeCounters(t.app.db, range, excludeId)).toEqual(counted);
      }
    }
  });
});

describe("a price filter's category counts", () => {
  it('follow a listing whose price an edit moves out of the range', async () => {
    const id = await insertListing(t.app.db, { sellerId: seller.id, title: 'Range bicycle', category: 'Cycle', price: 3300 });
    const range = { minPrice: '3250', maxPrice: '3350' };
    expect(countOf(await calls.list(viewerCookie, range), 'Cycle')).toBe(1);
    expect((await calls.editPrice(sellerCookie, id, 'Range bicycle', 3400)).statusCode).toBe(200);
    const after = await calls.list(viewerCookie, range);
    expect(countOf(after, 'Cycle')).toBe(0);
    expect(after.total).toBe(0);
    expect(countOf(await calls.list(viewerCookie, { minPrice: '3400', maxPrice: '3400' }), 'Cycle')).toBe(1);
  });

  it('equal a count of the visible listings for ranges typed by hand, before and after a new listing', async () => {
    await insertListings(t.app.db, [
      { sellerId: seller.id, category: 'Cycle', price: 4321.5 },
      { sellerId: seller.id, category: 'Cycle', price: 4400 },
      { sellerId: seller.id, category: 'Electronics', price: 4321.49 },
      { sellerId: seller.id, category: 'Electronics', price: 4500, expired: true },
    ]);
    const ranges: Record<string, string>[] = [
      { minPrice: '4321.5', maxPrice: '4400' },
      { minPrice: '4321.49', maxPrice: '4321.5' },
      { minPrice: '4000' },
      { maxPrice: '4321.49' },
      { minPrice: '4401', maxPrice: '4499' },
    ];
    const expectCountsAsCounted = async () => {
      await calls.settled();
      for (const range of ranges) {
        const bound = (text: string | undefined) => (text === undefined ? undefined : Number(text));
        const counted = await countListingsByCategory(t.app.db, {
          categories: [],
          minPrice: bound(range.minPrice),
          maxPrice: bound(range.maxPrice),
        });
        const page = await calls.list(viewerCookie, range);
        expect(new Map(page.categories.map(({ name, count }) => [name, count]))).toEqual(counted);
        expect(page.total).toBe([...counted.values()].reduce((sum, count) => sum + count, 0));
      }
    };
    await expectCountsAsCounted();
    await insertListing(t.app.db, { sellerId: seller.id, category: 'Cycle', price: 4321.5 });
    await expectCountsAsCounted();
    expect(countOf(await calls.list(viewerCookie, ranges[0]!), 'Cycle')).toBe(3);
  });

  it('leave out the listings of a seller the viewer blocked, in the range only', async () => {
    const blocked = await insertUser(t.app.db, { userName: 'blocked' });
    await insertListings(t.app.db, [
      { sellerId: blocked.id, category: 'Stationery', price: 7100 },
      { sellerId: blocked.id, category: 'Stationery', price: 9900 },
      { sellerId: seller.id, category: 'Stationery', price: 7200 },
    ]);
    const range = { minPrice: '7000', maxPrice: '8000' };
    expect(countOf(await calls.list(viewerCookie, range), 'Stationery')).toBe(2);
    expect((await calls.block(viewerCookie, blocked.id)).statusCode).toBe(201);
    const after = await calls.list(viewerCookie, range);
    expect(countOf(after, 'Stationery')).toBe(1);
    expect(after.total).toBe(1);
  });
});
