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
import type { Database } from '#server/db/client.ts';
import { buyRequests, products } from '#server/db/schema/index.ts';
import { selectProductCards } from '#server/products/product.mapper.ts';
import {
  type ListingFilter,
  categoryCountQuery,
  categoryCountersQuery,
  listingPageQuery,
} from '#server/products/products.repository.ts';
import { type ExplainCase, runExplain } from './explain-runner.ts';

function page(db: Database, filter: Partial<ListingFilter>, sort: ProductSort, limit = 24, offset = 0) {
  return listingPageQuery(db, { categories: [], ...filter }, sort, { offset, limit });
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

function cases(db: Database, ids: Awaited<ReturnType<typeof sampleIds>>): ExplainCase[] {
  return [
    { name: 'Home: newest, 10 cards', query: page(db, {}, 'newest', 10) },
    { name: 'Products: newest, first page of 24', query: page(db, {}, 'newest') },
    { name: 'Products: newest, page 50 (offset 1176)', query: page(db, {}, 'newest', 24, 1176) },
    { name: 'Products: price low to high', query: page(db, {}, 'priceLowHigh') },
    { name: 'Products: rating', query: page(db, {}, 'rating') },
    { name: 'Category Electronics, price high to low', query: page(db, { categories: ['Electronics'] }, 'priceHighLow') },
    { name: 'Categories Books + Cycle, newest', query: page(db, { categories: ['Books', 'Cycle'] }, 'newest') },
    { name: "Search 'calculator', newest", query: page(db, { q: 'calculator' }, 'newest') },
    {
      name: "Search 'calculator' + Electronics, price low to high",
      query: page(db, { q: 'calculator', categories: ['Electronics'] }, 'priceLowHigh'),
    },
    { name: "Search 'a' (one letter), newest", query: page(db, { q: 'a' }, 'newest') },
    {
      name: 'Similar products: Electronics minus one, newest',
      query: page(db, { categories: ['Electronics'], excludeId: ids.productId }, 'newest'),
    },
    { name: "Seller's listings (profile / My Listings)", query: page(db, { sellerId: ids.sellerId }, 'newest') },
    { name: 'Show Buy Requests (requested=true)', query: page(db, { requestedBy: ids.buyerId }, 'newest') },
    { name: 'Detail: one product card by id', query: selectProductCards(db).where(eq(products.id, ids.productId)) },
    { name: 'Counts: counters (no search)', query: categoryCountersQuery(db) },
    { name: 'Counts: counters minus the current product', query: categoryCountersQuery(db, ids.productId) },
    { name: "Counts: search 'calculator'", query: categoryCountQuery(db, { categories: [], q: 'calculator' }) },
    { name: "Counts: search 'jacket'", query: categoryCountQuery(db, { categories: [], q: 'jacket' }) },
    { name: "Counts: search 'a' (one letter)", query: categoryCountQuery(db, { categories: [], q: 'a' }) },
    { name: "Counts: one seller's listings", query: categoryCountQuery(db, { categories: [], sellerId: ids.sellerId }) },
    { name: 'Counts: buy requests of one buyer', query: categoryCountQuery(db, { categories: [], requestedBy: ids.buyerId }) },
  ];
}

runExplain(async (db) => cases(db, await sampleIds(db)));
