import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { openConfiguredDatabase } from '#server/process/prepare.ts';
import { type TestDatabase, openTestDatabase } from '../../support/test-database.ts';

// Runs only in the PostgreSQL pass (see vitest.config.ts): PGlite has one session, no pool.
let database: TestDatabase;
let configured: DatabaseHandle | undefined;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await configured?.close();
  await database.dispose();
});

describe("the server's pool of PostgreSQL connections", () => {
  it('opens at most DATABASE_POOL_SIZE connections; further queries wait for one', async () => {
    const config = loadConfig({ DATABASE_URL: database.url, DATABASE_POOL_SIZE: '2', LOG_LEVEL: 'silent' });
    configured = await openConfiguredDatabase(config, pino({ level: 'silent' }));
    const queries = Array.from({ length: 5 }, () => configured!.runSql('select pg_sleep(0.3)'));
    await expect.poll(() => configured!.connections().waiting).toBe(3);
    expect(configured.connections().total).toBe(2);
    await Promise.all(queries);
  });
});
