/**
 * What the explain-* scripts share: open the seeded database (DATA_DIR or DATABASE_URL), print
 * EXPLAIN (ANALYZE, BUFFERS) of each query exactly as the app builds it, then the fastest and
 * median time of repeated warm runs, as the markdown kept in docs/PERFORMANCE.md.
 */
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '#server/config.ts';
import { type Database, type Statement, type StatementRunner, openDatabase } from '#server/db/client.ts';
import { DataDirLockedError } from '#server/db/data-dir-lock.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { products } from '#server/db/schema/index.ts';

interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface ExplainCase {
  name: string;
  /** A drizzle query, or a statement built once by the app (products/listing-statements.ts). */
  query: { toSQL(): { sql: string; params: unknown[] } } | Statement;
}

function textOf(query: ExplainCase['query']): { sql: string; params: unknown[] } {
  return 'toSQL' in query ? query.toSQL() : { sql: query.text, params: query.values };
}

const RUNS = 30;

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

/** Builds the cases from the seeded data; the handle runs the app's built-once statements. */
type BuildCases = (db: Database, handle: StatementRunner) => Promise<ExplainCase[]>;

async function explainAll(buildCases: BuildCases) {
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
    for (const { name, query } of await buildCases(database.db, database)) {
      const { sql: text, params } = textOf(query);
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

/** Runs the script's cases against the configured database; a bad setting or a locked DATA_DIR is one line. */
export function runExplain(buildCases: BuildCases) {
  explainAll(buildCases).catch((error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
    process.exit(1);
  });
}
