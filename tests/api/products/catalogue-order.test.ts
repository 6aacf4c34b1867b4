import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRODUCT_SORTS, type ProductSort } from '#domain/catalog.ts';
import type { ProductListResponse } from '#domain/products/product.wire.ts';
import type { Statement } from '#server/db/client.ts';
import { products } from '#server/db/schema/index.ts';
import { findListingPage } from '#server/products/listing-statements.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListings, insertUser } from '../../support/factories.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { HOUR, START, idsOf, listingWalks, tiedListings } from './listing-walks.ts';

/**
 * Browsing pages by number are chosen in memory among the ids of the catalogue's first listings in
 * each sort (catalogue-order.ts), and by the database past them and after a cursor. Here the app
 * keeps 10 listings per sort, so every walk crosses from one to the other: each page must be the
 * one the database would answer.
 */
const ORDER_ROWS = 10;

let t: TestApp;
let viewer: UserRow;
let viewerCookie: string;
let listingIds: string[];

beforeAll(async () => {
  t = await createTestApp({ config: { listingOrderRows: ORDER_ROWS } });
  const asha = await insertUser(t.app.db, { userName: 'asha' });
  const bilal = await insertUser(t.app.db, { userName: 'bilal' });
  viewer = await insertUser(t.app.db, { userName: 'viewer' });
  viewerCookie = await sessionCookieFor(t, viewer.id);
  listingIds = await insertListings(
    t.app.db,
    tiedListings(30, [asha, bilal], (index) => `Listing ${index}`),
  );
  // Reserved listings come after the available ones in every sort; a hidden one is never shown.
  await t.app.db
    .update(products)
    .set({ reservedAt: new Date(START) })
    .where(inArray(products.id, [listingIds[2]!, listingIds[11]!]));
  await t.app.db.update(products).set({ underReview: true }).where(eq(products.id, listingIds[5]!));
  await t.settled();
});
afterAll(() => t.close());

const {
  get,
  walkByPage: walk,
  walkByCursor: walkCursor,
} = listingWalks(
  () => t,
  () => viewerCookie,
);
const walkByPage = (query: string) => walk('/api/v1/products', query);
const walkByCursor = async (query: string) => (await walkCursor('/api/v1/products', query)).ids;

/** The catalogue as the database orders it, every visible listing at once. */
async function databaseOrder(sort: ProductSort): Promise<string[]> {
  const rows = await findListingPage(t.app.dbHandle, { categories: [] }, sort, { limit: 1000, offset: 0 });
  return rows.map((row) => row.id);
}

describe('paging the catalogue among its first listings in each sort', () => {
  it.each(PRODUCT_SORTS)('gives the pages the database would, by page number and by cursor (%s)', async (sort) => {
    const expected = await databaseOrder(sort);
    expect(expected).toHaveLength(29);
    expect(await walkByPage(`sort=${sort}&limit=4`)).toEqual(expected);
    expect(await walkByPage(`sort=${sort}&limit=5`)).toEqual(expected);
    expect(await walkByCursor(`sort=${sort}&limit=4`)).toEqual(expected);
  });

  it('reads the first listings of a sort once, then only the cards of each page among them', async () => {
    await t.app.listingCache.clear();
    const run = vi.spyOn(t.app.dbHandle, 'runStatement');
    try {
      for (const page of [1, 2]) await get<ProductListResponse>(`/api/v1/products?sort=oldest&limit=4&page=${page}`);
      const names = run.mock.calls.map(([statement]) => (statement as Statement).name);
      expect(names.filter((name) => name === 'catalogue-order/oldest')).toHaveLength(1);
      expect(names.filter((name) => name === 'listing-cards-by-id')).toHaveLength(2);
      expect(names.filter((name) => name?.startsWith('listing-page/'))).toEqual([]);
      // Past the listings held, the database pages it.
      await get<ProductListResponse>('/api/v1/products?sort=oldest&limit=4&page=4');
      expect(
        run.mock.calls.map(([statement]) => (statement as Statement).name).filter((name) => name?.startsWith('listing-page/')),
      ).toHaveLength(1);
    } finally {
      run.mockRestore();
    }
  });

  it('shows a change on the next read: a new listing, a price cut, a listing reserved', async () => {
    for (const sort of PRODUCT_SORTS) await walkByPage(`sort=${sort}&limit=4`);
    const [newListing] = await insertListings(t.app.db, [
      { sellerId: viewer.id, title: 'Fresh listing', category: 'Books', price: 1, createdAt: new Date(START + 100 * HOUR) },
    ]);
    await t.app.db
      .update(products)
      .set({ reservedAt: new Date(START) })
      .where(eq(products.id, listingIds[0]!));
    await t.settled();
    const newest = await get<ProductListResponse>('/api/v1/products?sort=newest&limit=4');
    expect(idsOf(newest)[0]).toBe(newListing);
    const cheapest = await get<ProductListResponse>('/api/v1/products?sort=priceLowHigh&limit=4');
    expect(idsOf(cheapest)[0]).toBe(newListing);
    for (const sort of PRODUCT_SORTS) {
      const expected = await databaseOrder(sort);
      expect(expected.indexOf(listingIds[0]!)).toBeGreaterThan(expected.length - 4);
      expect(await walkByPage(`sort=${sort}&limit=4`)).toEqual(expected);
    }
  });
});
