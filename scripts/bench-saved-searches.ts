/**
 * node --import tsx scripts/bench-saved-searches.ts [-- --postgres postgres://postgres@127.0.0.1:5432/test]
 *
 * Saved-search matching at the scale issue 24 names: 10,000 saved searches (2,000 students, five
 * each, criteria mixed like real ones: text, categories, conditions, price ranges) and 1,000 new
 * listings in a day. For each listing it runs the query the alert job runs
 * (src/server/alerts/saved-search-matching.ts) and reports the time per listing and the matches,
 * then the plan of one. On an in-memory PGlite and, with --postgres (a scratch database is created
 * and dropped there), on PostgreSQL. Figures and plans: docs/PERFORMANCE.md.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { CATEGORIES, CORE_CONDITIONS } from '../src/domain/catalog.ts';
import { matchingSavedSearchesQuery } from '../src/server/alerts/saved-search-matching.ts';
import { type DatabaseHandle, openDatabase } from '../src/server/db/client.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';

const WORDS = ['cycle', 'book', 'lamp', 'phone', 'chair', 'kettle', 'calculator', 'guitar', 'table', 'shoes', 'bag', 'mattress'];
const SAVED_SEARCHES = 10_000;
const STUDENTS = 2_000;
const LISTINGS = 1_000;

let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const total = samples.reduce((sum, value) => sum + value, 0);
  return {
    n: sorted.length,
    mean: (total / sorted.length).toFixed(2),
    p50: at(0.5).toFixed(2),
    p95: at(0.95).toFixed(2),
    max: sorted.at(-1)!.toFixed(2),
  };
}

async function fill(handle: DatabaseHandle) {
  const db = handle.db;
  const userIds = Array.from({ length: STUDENTS }, () => randomUUID());
  for (let start = 0; start < STUDENTS; start += 500) {
    const values = userIds
      .slice(start, start + 500)
      .map((id, index) => sql`(${id}, ${`bench-${start + index}@campus.edu`}, ${`bench${start + index}`}, 'x')`);
    await db.execute(sql`insert into users (id, email, user_name, password_hash) values ${sql.join(values, sql`, `)}`);
  }
  const rows = [];
  for (let index = 0; index < SAVED_SEARCHES; index++) {
    const q = random() < 0.6 ? pick(WORDS) : null;
    const categories = random() < 0.5 ? [pick(CATEGORIES)] : random() < 0.5 ? [pick(CATEGORIES), pick(CATEGORIES)] : ['*'];
    const conditions = random() < 0.3 ? [pick(CORE_CONDITIONS)] : [];
    const min = random() < 0.3 ? Math.floor(random() * 2000) : null;
    const max = random() < 0.5 ? 500 + Math.floor(random() * 10000) : null;
    rows.push(
      sql`(${userIds[index % STUDENTS]}, ${`search ${index}`}, '{}'::jsonb, ${q}, ${`{${[...new Set(categories)].join(',')}}`}::text[], ${`{${conditions.map((c) => `"${c}"`).join(',')}}`}::text[], ${min}, ${max})`,
    );
  }
  for (let start = 0; start < rows.length; start += 1000) {
    await db.execute(
      sql`insert into saved_searches (user_id, name, criteria, q, categories, conditions, min_price, max_price) values ${sql.join(rows.slice(start, start + 1000), sql`, `)}`,
    );
  }
  await db.execute(sql`analyze saved_searches`);
  await db.execute(sql`analyze users`);
  return userIds;
}

async function measure(name: string, handle: DatabaseHandle) {
  const userIds = await fill(handle);
  const times: number[] = [];
  const matches: number[] = [];
  let sample: ReturnType<typeof matchingSavedSearchesQuery> | undefined;
  for (let index = 0; index < LISTINGS; index++) {
    const listing = {
      sellerId: pick(userIds),
      title: `${pick(['Hero', 'Used', 'Almost new', 'Blue'])} ${pick(WORDS)} ${index}`,
      price: 50 + Math.floor(random() * 8000),
      category: pick(CATEGORIES),
      condition: pick(CORE_CONDITIONS),
    };
    const query = matchingSavedSearchesQuery(listing);
    sample ??= query;
    const started = performance.now();
    const result = (await handle.db.execute(query)) as unknown as { rows: unknown[] };
    times.push(performance.now() - started);
    matches.push(result.rows.length);
  }
  console.info(`\n${name}: ${SAVED_SEARCHES} saved searches, ${LISTINGS} listings`);
  console.info('  ms per listing', stats(times));
  console.info('  matches per listing', stats(matches));
  console.info(`  all ${LISTINGS} listings: ${times.reduce((a, b) => a + b, 0).toFixed(0)} ms`);
  const plan = (await handle.db.execute(sql`explain (analyze, costs off, timing on) ${sample!}`)) as unknown as {
    rows: Record<string, string>[];
  };
  console.info('  plan of the first listing:');
  for (const row of plan.rows) console.info(`    ${Object.values(row)[0]}`);
}

const { values } = parseArgs({ options: { postgres: { type: 'string' } } });
const pglite = await openDatabase({});
await migrateDatabase(pglite);
await measure('PGlite', pglite);
await pglite.close();
if (values.postgres) {
  const url = new URL(values.postgres);
  const name = `bench_saved_searches_${Date.now()}`;
  const admin = new pg.Client({ connectionString: values.postgres });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  url.pathname = `/${name}`;
  try {
    const handle = await openDatabase({ databaseUrl: url.toString() });
    await migrateDatabase(handle, url.toString());
    await measure('PostgreSQL', handle);
    await handle.close();
  } finally {
    await admin.query(`drop database "${name}" with (force)`);
    await admin.end();
  }
}
