import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { createMemoryMailer } from '#server/mail/mailer.ts';
import { createLocalStorage } from '#server/storage/storage.ts';
import { startTcpProxy } from '../support/tcp-proxy.ts';
import { type TestDatabase, openTestDatabase } from '../support/test-database.ts';

// Runs only in the PostgreSQL pass (see vitest.config.ts): PGlite lives in-process and cannot go away.
let database: TestDatabase;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await openTestDatabase();
  const target = new URL(database.url!);
  proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  const proxied = new URL(database.url!);
  proxied.host = `127.0.0.1:${proxy.port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-ready-'));
  const handle = await openDatabase({ databaseUrl: proxied.toString(), onPoolError: () => {} });
  const config = testConfig({ dataDir });
  app = await buildApp({
    config,
    database: handle,
    mailer: createMemoryMailer(),
    storage: createLocalStorage(path.join(dataDir, 'uploads'), config.publicUrl),
    uploadsDir: path.join(dataDir, 'uploads'),
  });
});

afterAll(async () => {
  await app?.close();
  await proxy?.close();
  await database?.dispose();
});

describe('readiness against PostgreSQL', () => {
  it('fails /readyz while the database is unreachable and recovers without a restart', async () => {
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    await proxy.cut();
    const down = await app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    // /readyz also reports the load (issue 26); a database outage is not shed load.
    const { load, ...readiness } = down.json();
    expect(readiness).toEqual({ status: 'unavailable', database: 'postgres', reason: 'database' });
    expect(load).toMatchObject({ shedding: false });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await proxy.restore();
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/readyz' })).statusCode, { timeout: 10_000 })
      .toBe(200);
  });

  it('answers API calls with 503 and a message while the database is down', async () => {
    await proxy.cut();
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/auth/check-auth',
        headers: { cookie: 'cm_session=some-token' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ success: false, code: 'UNAVAILABLE' });
    } finally {
      await proxy.restore();
    }
  });
});
