/**
 * Prints EXPLAIN ANALYZE of the listing queries exactly as the app builds them, and the median
 * time of each over repeated runs, against the seeded catalogue (DATA_DIR or DATABASE_URL).
 *
 *   npm run seed -- --products 100000 && node --import tsx scripts/explain-listings.ts
 *
 * The output is the markdown kept in docs/PERFORMANCE.md.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { ProductSort } from '#domain/catalog.ts';
import type { Database, StatementRunner } from '#server/db/client.ts';
import { buyRequests, products } from '#server/db/schema/index.ts';
import {
  type ListingFilter,
  type RowKey,
  findListingPage,
  listingPageStatement,
  productCardStatement,
  sortKeyOf,
} from '#server/products/listing-statements.ts';
import { categoryCountQuery, categoryCountersQuery } from '#server/products/products.repository.ts';
import { type ExplainCase, runExplain } from './explain-runner.ts';

/** A page as the app asks for it: one row more than it shows, to learn whether a next page exists. */
function page(filter: Partial<ListingFilter>, sort: ProductSort, limit = 24, offset = 0, after?: RowKey) {
  return listingPageStatement({ categories: [], ...filter }, sort, { offset, limit: limit + 1, after });
}

/** The cursor at the end of page `pageNumber` of 24, as the app would have handed it out. */
async function cursorAfterPage(handle: StatementRunner, sort: ProductSort, pageNumber: number): Promise<RowKey> {
  const [row] = await findListingPage(handle, { categories: [] }, sort, { offset: pageNumber * 24 - 1, limit: 1 });
  if (!row) throw new Error(`The catalogue has fewer than ${pageNumber * 24} listings: seed --products 100000 first.`);
  return { key: sortKeyOf(sort, row), id: row.id };
}

async function sampleIds(db: Database) {
  const [buyer] = await db
    .select({ id: buyRequests.buyerId })
    .from(buyRequests)
    .groupBy(buyRequests.buyerId)
    .orderBy(desc(sql`count(*)`))
    .limit(1);
  const [seller] = await db
    .select({ id: products.sellerId })
    .from(products)
    .groupBy(products.sellerId)
    .orderBy(desc(sql`count(*)`))
    .limit(1);
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.category, 'Electronics')).limit(1);
  return { buyerId: buyer?.id ?? '', sellerId: seller?.id ?? '', productId: product?.id ?? '' };
}

function cases(db: Database, ids: Awaited<ReturnType<typeof sampleIds>>, deep: DeepCursors): ExplainCase[] {
  return [
    { name: 'Home: newest, 10 cards', query: page({}, 'newest', 10) },
    { name: 'Products: newest, first page of 24', query: page({}, 'newest') },
    { name: 'Products: newest, page 50 (offset 1176)', query: page({}, 'newest', 24, 1176) },
    { name: 'Products: newest, page 50 by cursor', query: page({}, 'newest', 24, 0, deep.newest) },
    // Page 1000: the seeded catalogue shows about 40% of its listings (the rest expired, hidden).
    { name: 'Products: newest, page 1000 (offset 23,976)', query: page({}, 'newest', 24, 23_976) },
    { name: 'Products: newest, page 1000 by cursor (after 23,976 rows)', query: page({}, 'newest', 24, 0, deep.newestDeep) },
    // The oldest rows are mostly expired listings, which browsing skips.
    { name: 'Products: oldest, page 200 (offset 4,776)', query: page({}, 'oldest', 24, 4_776) },
    { name: 'Products: price high to low, page 200 (offset 4,776)', query: page({}, 'priceHighLow', 24, 4_776) },
    { name: 'Products: price low to high, page 50 by cursor', query: page({}, 'priceLowHigh', 24, 0, deep.price) },
    { name: 'Products: rating, page 50 by cursor', query: page({}, 'rating', 24, 0, deep.rating) },
    { name: 'Products: price low to high', query: page({}, 'priceLowHigh') },
    { name: 'Products: rating', query: page({}, 'rating') },
    { name: 'Category Electronics, price high to low', query: page({ categories: ['Electronics'] }, 'priceHighLow') },
    { name: 'Categories Books + Cycle, newest', query: page({ categories: ['Books', 'Cycle'] }, 'newest') },
    { name: "Search 'calculator', newest", query: page({ q: 'calculator' }, 'newest') },
    {
      name: "Search 'calculator' + Electronics, price low to high",
      query: page({ q: 'calculator', categories: ['Electronics'] }, 'priceLowHigh'),
    },
    { name: "Search 'a' (one letter), newest", query: page({ q: 'a' }, 'newest') },
    {
      name: 'Similar products: Electronics minus one, newest',
      query: page({ categories: ['Electronics'], excludeId: ids.productId }, 'newest'),
    },
    { name: "Seller's listings (profile / My Listings)", query: page({ sellerId: ids.sellerId }, 'newest') },
    { name: 'Show Buy Requests (requested=true)', query: page({ requestedBy: ids.buyerId }, 'newest') },
    { name: 'Detail: one product card by id', query: productCardStatement(ids.productId) },
    { name: 'Counts: counters (no search)', query: categoryCountersQuery(db) },
    { name: 'Counts: counters minus the current product', query: categoryCountersQuery(db, ids.productId) },
    { name: "Counts: search 'calculator'", query: categoryCountQuery(db, { categories: [], q: 'calculator' }) },
    { name: "Counts: search 'jacket'", query: categoryCountQuery(db, { categories: [], q: 'jacket' }) },
    { name: "Counts: search 'a' (one letter)", query: categoryCountQuery(db, { categories: [], q: 'a' }) },
    { name: "Counts: one seller's listings", query: categoryCountQuery(db, { categories: [], sellerId: ids.sellerId }) },
    { name: 'Counts: buy requests of one buyer', query: categoryCountQuery(db, { categories: [], requestedBy: ids.buyerId }) },
  ];
}

interface DeepCursors {
  newest: RowKey;
  newestDeep: RowKey;
  price: RowKey;
  rating: RowKey;
}

async function deepCursors(handle: StatementRunner): Promise<DeepCursors> {
  return {
    newest: await cursorAfterPage(handle, 'newest', 49),
    newestDeep: await cursorAfterPage(handle, 'newest', 999),
    price: await cursorAfterPage(handle, 'priceLowHigh', 49),
    rating: await cursorAfterPage(handle, 'rating', 49),
  };
}

runExplain(async (db, handle) => cases(db, await sampleIds(db), await deepCursors(handle)));
