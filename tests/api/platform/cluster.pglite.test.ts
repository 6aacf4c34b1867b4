import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childPids } from '../../../scripts/bench/process-tree.ts';
import { type ServerProcess, startServerProcess } from '../../support/server-process.ts';

/**
 * Issue 25: the embedded database lives inside one process, so WEB_CONCURRENCY cannot fork
 * workers on it: the compiled server runs one process and says why. It uses no test database, so
 * it runs in the PGlite pass only (the PostgreSQL pass would start the same server again).
 */
describe('WEB_CONCURRENCY on the embedded database', () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-cluster-pglite-'));
    server = await startServerProcess({ DATA_DIR: dataDir, WEB_CONCURRENCY: '4' });
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGTERM');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs one process, and warns that WEB_CONCURRENCY was ignored', async () => {
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', database: 'pglite' });
    expect(childPids(server.pid)).toEqual([]);
    expect(server.fullOutput()).toContain('WEB_CONCURRENCY=4 is ignored with the embedded database (PGlite)');
  });

  it('exits 0 on SIGTERM', async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'campus-market.lock'))).toBe(false);
  });
});
