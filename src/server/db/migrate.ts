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
