import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Category, PRODUCT_SORTS, type ProductSort } from '#domain/catalog.ts';
import type { ProductListResponse } from '#domain/products/product.wire.ts';
import type { Statement } from '#server/db/client.ts';
import { products, userBlocks } from '#server/db/schema/index.ts';
import { type ListingFilter, findListingPage } from '#server/products/listing-statements.ts';
import { countListingsByCategory } from '#server/products/products.repository.ts';
import { SEARCH_MATCHES_MAX } from '#server/products/search-matches.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListings, insertUser } from '../../support/factories.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { HOUR, START, TIED_PRICES, idsOf, listingWalks, tiedListings } from './listing-walks.ts';

/**
 * A search's pages are chosen in memory among its matches (search-matches.ts), read once for all
 * its sorts, pages and categories. Every page must be the one the database would have answered:
 * these tests walk each sort by page number and by cursor and compare with the database's own
 * order (findListingPage, the statement every other list uses).
 */
let t: TestApp;
let viewer: UserRow;
let viewerCookie: string;
let blockedSeller: UserRow;
let lampIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  const asha = await insertUser(t.app.db, { userName: 'asha' });
  const bilal = await insertUser(t.app.db, { userName: 'bilal' });
  blockedSeller = await insertUser(t.app.db, { userName: 'blocked' });
  viewer = await insertUser(t.app.db, { userName: 'viewer' });
  viewerCookie = await sessionCookieFor(t, viewer.id);
  // 40 lamps full of ties, then some chairs.
  const ids = await insertListings(
    t.app.db,
    tiedListings(48, [asha, bilal, blockedSeller], (index) => (index < 40 ? `Desk LAMP ${index}` : `Chair ${index}`)),
  );
  lampIds = ids.slice(0, 40);
  // Three lamps within one millisecond: only microseconds tell them apart.
  for (const [index, id] of lampIds.slice(0, 3).entries()) {
    await t.app.db
      .update(products)
      .set({ renewedAt: sql`${`2026-01-01T10:00:00.000${index + 1}00Z`}::timestamptz` })
      .where(eq(products.id, id));
  }
  // Reserved lamps come after the available ones in every sort; a hidden one is never shown.
  await t.app.db
    .update(products)
    .set({ reservedAt: new Date(START) })
    .where(inArray(products.id, [lampIds[4]!, lampIds[9]!]));
  await t.app.db.update(products).set({ underReview: true }).where(eq(products.id, lampIds[6]!));
  await t.app.db.insert(userBlocks).values({ blockerId: viewer.id, blockedId: blockedSeller.id });
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

/** The viewer's search as the database orders it, every match at once. */
async function databaseOrder(sort: ProductSort, filter: Partial<ListingFilter> = {}): Promise<string[]> {
  const rows = await findListingPage(
    t.app.dbHandle,
    { q: 'lamp', categories: [], hiddenSellerIds: [blockedSeller.id], ...filter },
    sort,
    { limit: 1000, offset: 0 },
  );
  return rows.map((row) => row.id);
}

describe('paging a search among its matches', () => {
  it.each(PRODUCT_SORTS)('gives the pages the database would, by page number and by cursor (%s)', async (sort) => {
    const expected = await databaseOrder(sort);
    expect(expected.length).toBeGreaterThan(20);
    expect(await walkByPage(`q=lamp&sort=${sort}&limit=4`)).toEqual(expected);
    expect(await walkByCursor(`q=lamp&sort=${sort}&limit=4`)).toEqual(expected);
    // One per page: every boundary falls between ties, the three lamps of one millisecond included.
    expect(await walkByCursor(`q=lamp&sort=${sort}&limit=1`)).toEqual(expected);
  });

  it.each([
    ['one category', 'category=Cycle', { categories: ['Cycle'] as Category[] }],
    [
      'two categories and a price range',
      'category=Books&category=Electronics&minPrice=100&maxPrice=600',
      {
        categories: ['Books', 'Electronics'] as Category[],
        minPrice: 100,
        maxPrice: 600,
      },
    ],
    ['one listing left out', () => `excludeId=${lampIds[1]}`, () => ({ excludeId: lampIds[1] })],
  ])('walks a search narrowed to %s the same way', async (_, query, filter) => {
    const narrowed = typeof filter === 'function' ? filter() : filter;
    const params = typeof query === 'function' ? query() : query;
    for (const sort of ['newest', 'priceLowHigh', 'rating'] satisfies ProductSort[]) {
      const expected = await databaseOrder(sort, narrowed);
      expect(expected.length).toBeGreaterThan(2);
      expect(await walkByPage(`q=lamp&${params}&sort=${sort}&limit=3`)).toEqual(expected);
      expect(await walkByCursor(`q=lamp&${params}&sort=${sort}&limit=3`)).toEqual(expected);
    }
  });

  it('counts the matches per category as the database does, and totals the chosen ones', async () => {
    const filter: ListingFilter = { q: 'lamp', categories: [], hiddenSellerIds: [blockedSeller.id], minPrice: 100 };
    const counted = await countListingsByCategory(t.app.db, filter);
    const page = await get<ProductListResponse>('/api/v1/products?q=lamp&minPrice=100&category=Books&category=Cycle');
    expect(page.categories).toEqual(
      [...counted].map(([name, count]) => ({ name, count })).sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(page.total).toBe((counted.get('Books') ?? 0) + (counted.get('Cycle') ?? 0));
  });

  it('reads the matches of a search once for all its sorts and pages', async () => {
    const run = vi.spyOn(t.app.dbHandle, 'runStatement');
    try {
      for (const sort of PRODUCT_SORTS) await walkByPage(`q=desk&sort=${sort}&limit=5`);
      const statements = run.mock.calls.map(([statement]) => statement as Statement);
      const scans = statements.filter((statement) => statement.text.includes('from products where'));
      expect(scans).toHaveLength(1);
      expect(statements.filter((statement) => statement.name === 'listing-cards-by-id').length).toBeGreaterThan(10);
    } finally {
      run.mockRestore();
    }
  });

  it('reads the matches again after a listing changes: a new lamp, a lamp reserved', async () => {
    await walkByPage('q=lamp&sort=newest&limit=4');
    const [newLamp] = await insertListings(t.app.db, [
      { sellerId: viewer.id, title: 'Reading lamp', category: 'Books', price: 35, createdAt: new Date(START + 100 * HOUR) },
    ]);
    await t.app.db
      .update(products)
      .set({ reservedAt: new Date(START) })
      .where(eq(products.id, lampIds[0]!));
    await t.settled();
    for (const sort of PRODUCT_SORTS) {
      const expected = await databaseOrder(sort);
      expect(expected).toContain(newLamp);
      expect(await walkByCursor(`q=lamp&sort=${sort}&limit=4`)).toEqual(expected);
    }
  });
});

describe('a search with more matches than are kept', () => {
  it(`is paged by the database past ${SEARCH_MATCHES_MAX.toLocaleString('en')} matches, with the same answers`, async () => {
    const seller = await insertUser(t.app.db, { userName: 'stool-seller' });
    const stools = Array.from({ length: SEARCH_MATCHES_MAX + 1 }, (_, index) => ({
      sellerId: seller.id,
      title: `Stool ${index}`,
      price: TIED_PRICES[index % TIED_PRICES.length],
      createdAt: new Date(START + Math.floor(index / 2) * 1000),
    }));
    await insertListings(t.app.db, stools);
    await t.settled();
    const run = vi.spyOn(t.app.dbHandle, 'runStatement');
    try {
      const first = await get<ProductListResponse>('/api/v1/products?q=stool&sort=priceLowHigh&limit=50');
      const second = await get<ProductListResponse>(
        `/api/v1/products?q=stool&sort=priceLowHigh&limit=50&cursor=${first.nextCursor}`,
      );
      const expected = await databaseOrder('priceLowHigh', { q: 'stool', hiddenSellerIds: [blockedSeller.id] });
      expect([...idsOf(first), ...idsOf(second)]).toEqual(expected.slice(0, 100));
      expect(first.total).toBe(SEARCH_MATCHES_MAX + 1);
      const pageStatements = run.mock.calls.filter(([statement]) => (statement as Statement).text.includes('order by'));
      expect(pageStatements.length).toBeGreaterThanOrEqual(2);
    } finally {
      run.mockRestore();
    }
  });
});
