import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { lendPglite } from './pglite-pool.ts';

/**
 * API tests run against one database per test file, on PGlite by default and on a real
 * PostgreSQL when TEST_DB=postgres (TEST_DATABASE_URL names the server). Global setup prepares a
 * migrated template once (see tests/support/api-global-setup.ts); files copy it on PostgreSQL, and
 * on PGlite borrow a database reset to it (tests/support/pglite-pool.ts).
 */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateFile?: string;
    postgresTemplateDb?: string;
  }
}

function templateEnv() {
  return {
    pgliteTemplateFile: inject('pgliteTemplateFile'),
    postgresTemplateDb: inject('postgresTemplateDb'),
    postgresUrl: process.env.TEST_DATABASE_URL,
  };
}

export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  handle: DatabaseHandle;
  url?: string;
  /** Closes the connection (on PostgreSQL the run's teardown drops the database). */
  dispose(): Promise<void>;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const env = templateEnv();
  if (TEST_DB === 'pglite') {
    if (!env.pgliteTemplateFile) throw new Error('API tests need their global setup (no PGlite template was provided)');
    const handle = await openDatabase({ pglite: await lendPglite(env.pgliteTemplateFile) });
    return { handle, dispose: () => handle.close() };
  }
  if (!env.postgresUrl || !env.postgresTemplateDb) {
    throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL and the API global setup');
  }
  const serverUrl = env.postgresUrl;
  const name = `${env.postgresTemplateDb.replace(/_template$/, '')}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${env.postgresTemplateDb}"`));
  const url = databaseUrlFor(serverUrl, name);
  const handle = await openDatabase({ databaseUrl: url });
  return {
    handle,
    url,
    // The database is left for the run's teardown (api-global-setup.ts): PostgreSQL makes every
    // DROP DATABASE wait for a full checkpoint, which stalled the other files' writes mid-pass.
    dispose: () => handle.close(),
  };
}

/**
 * Drops a run's databases, those whose names start with `prefix` (test files leave theirs for
 * this: see openTestDatabase). Each DROP DATABASE waits for a checkpoint; several connections at a
 * time let PostgreSQL serve their waits with fewer.
 */
export async function dropDatabases(serverUrl: string, prefix: string) {
  const names = await withAdminClient(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [
      `${prefix}%`,
    ]);
    return rows.map((row) => row.datname);
  });
  const dropper = () =>
    withAdminClient(serverUrl, async (client) => {
      for (let name = names.pop(); name; name = names.pop()) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });
  await Promise.all(Array.from({ length: 8 }, dropper));
}
