import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { installJobQueue } from '../jobs/job-queue.ts';
import type { DatabaseHandle } from './client.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary but fixed: every instance migrating the same PostgreSQL waits on this lock. */
const MIGRATION_LOCK_ID = 724_611_001;

/**
 * Applies the committed drizzle-kit migrations, then installs or upgrades the job queue's own
 * schema (pg-boss migrates itself, under a lock of its own). Against PostgreSQL several instances
 * may start at once, so the drizzle work happens on one connection holding an advisory lock.
 */
export async function migrateDatabase(handle: DatabaseHandle, databaseUrl?: string): Promise<void> {
  await migrateTables(handle, databaseUrl);
  await installJobQueue(handle);
}

async function migrateTables(handle: DatabaseHandle, databaseUrl?: string): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrateNodePg(drizzleNodePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}

/** The committed migrations' timestamps (drizzle-kit's journal), read once. */
let journalTimes: number[] | undefined;
function committedMigrationTimes(): number[] {
  journalTimes ??= (
    JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] }
  ).entries.map((entry) => entry.when);
  return journalTimes;
}

/**
 * How many committed migrations the database lacks, judged as drizzle's migrator judges it: by the
 * newest applied migration's timestamp. Non-zero means this code runs against an older schema
 * (another instance is migrating, or a migration failed): /readyz fails until it is applied.
 */
export async function pendingMigrations(handle: DatabaseHandle): Promise<number> {
  // Two statements: a query naming a table that does not exist fails when it is planned.
  const exists = await handle.runSql(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  let applied = -Infinity;
  if (exists.rows[0]?.present === true) {
    const { rows } = await handle.runSql('select max(created_at)::text as newest from drizzle.__drizzle_migrations');
    if (rows[0]?.newest !== null && rows[0]?.newest !== undefined) applied = Number(rows[0].newest);
  }
  return committedMigrationTimes().filter((when) => when > applied).length;
}
