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
import { ConfigError, loadConfig } from '#server/config.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { DataDirLockedError } from '#server/db/data-dir-lock.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { buyRequests, products } from '#server/db/schema/index.ts';
import { selectProductCards } from '#server/products/product.mapper.ts';
import {
  type ListingFilter,
  categoryCountQuery,
  categoryCountersQuery,
  listingPageQuery,
} from '#server/products/products.repository.ts';

interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

interface Case {
  name: string;
  query: { toSQL(): { sql: string; params: unknown[] } };
}

const RUNS = 30;

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

function cases(db: Database, ids: Awaited<ReturnType<typeof sampleIds>>): Case[] {
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

/** Fastest and median of repeated runs: on a shared machine the minimum is the query's own cost. */
async function timings(client: RawClient, text: string, params: unknown[]): Promise<{ min: number; median: number }> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await client.query(text, params);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { min: times[0]!, median: times[Math.floor(times.length / 2)]! };
}

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : config.dataDir,
  });
  try {
    await migrateDatabase(database, config.databaseUrl);
    const client = (database.db as unknown as { $client: RawClient }).$client;
    const [{ count } = { count: 0 }] = await database.db.select({ count: sql<number>`count(*)::int` }).from(products);
    const [version] = (await client.query('select version()')).rows;
    console.info(`# ${database.kind} — ${Number(count).toLocaleString('en')} products\n\n${String(version?.version)}\n`);

    const summary: string[] = [`| query (client side, warm, ${RUNS} runs) | min ms | median ms |`, '|---|---:|---:|'];
    for (const { name, query } of cases(database.db, await sampleIds(database.db))) {
      const { sql: text, params } = query.toSQL();
      await client.query(text, params); // warm the cache: the figures are for a running server
      const plan = await client.query(`explain (analyze, buffers, costs off) ${text}`, params);
      const { min, median } = await timings(client, text, params);
      summary.push(`| ${name} | ${min.toFixed(2)} | ${median.toFixed(2)} |`);
      console.info(`## ${name}\n\n\`\`\`\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}\n\`\`\`\n`);
    }
    console.info(summary.join('\n'));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
