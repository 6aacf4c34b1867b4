import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type every query is written against; PGlite and node-postgres both fit it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** What a query helper accepts: the database itself or an open transaction. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'query'>;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** PGlite only: a tarball of the whole data directory (backups, test templates). */
  dumpDataDir?: () => Promise<Blob>;
  /** Throws unless the database answers a query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL of a real server; when absent, PGlite is embedded. */
  databaseUrl?: string | undefined;
  /** PGlite's data directory; absent means in memory (tests). */
  pgliteDir?: string | undefined;
  /** In-memory PGlite only: start from this dump of an already migrated database (tests). */
  pgliteTemplate?: Blob | undefined;
  /** Called when an idle pooled connection dies (the pool replaces it on next use). */
  onPoolError?: (error: Error) => void;
}

const drizzleOptions = { schema, casing: 'snake_case' } as const;

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.onPoolError)
    : await openPglite(options.pgliteDir, options.pgliteTemplate);
  return closeOnce(handle);
}

/** Shutdown paths may overlap (signal, app close, test teardown); the second close is a no-op. */
function closeOnce(handle: DatabaseHandle): DatabaseHandle {
  let closing: Promise<void> | undefined;
  return { ...handle, close: () => (closing ??= handle.close()) };
}

async function openPglite(dataDir: string | undefined, template?: Blob): Promise<DatabaseHandle> {
  const dir = dataDir ? path.join(dataDir, 'pglite') : undefined;
  const releaseLock = dataDir ? acquireDataDirLock(dataDir) : () => {};
  try {
    const client = await PGlite.create({
      ...(dir ? { dataDir: dir } : {}),
      ...(template && !dir ? { loadDataDir: template } : {}),
      extensions: { pg_trgm },
    });
    const db = drizzlePglite(client, drizzleOptions) as unknown as Database;
    return {
      db,
      kind: 'pglite',
      ping: async () => {
        await client.query('select 1');
      },
      dumpDataDir: () => client.dumpDataDir('gzip'),
      close: async () => {
        try {
          await client.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

async function openPostgres(databaseUrl: string, onPoolError?: (error: Error) => void): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    application_name: 'campus-market',
  });
  pool.on('error', (error) => onPoolError?.(error));
  const db = drizzleNodePg(pool, drizzleOptions) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
