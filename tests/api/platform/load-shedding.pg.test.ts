import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/test-app.ts';
import { BUSY_BODY, SOME_LISTING, appWithShedding, holdConnections } from './load-shedding-calls.ts';

// Runs only in the PostgreSQL pass (see vitest.config.ts): the pool of ten connections and its waits.
let t: TestApp | undefined;
let release: (() => Promise<void>) | undefined;
afterEach(async () => {
  await release?.();
  release = undefined;
  await t?.close();
  t = undefined;
});

/** One GET on a connection of its own; resolves with the status and body, or rejects on a socket error. */
function getOnce(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('load shedding on PostgreSQL', () => {
  it('times the wait of a plain query for a pooled connection, and forgets it once served', async () => {
    // No job workers: a poll of theirs waiting for a held connection could age past the limit
    // before the first read arrives on a busy machine, and have that read shed (CI, 2 December).
    t = await appWithShedding({ dbWaitMs: 300 }, { jobs: { workers: false } });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    release = await holdConnections(t, 10);
    // A read through pool.query(): it waits for one of the ten held connections.
    const waiting = getOnce(`${base}${SOME_LISTING}`);
    const app = t;
    await expect.poll(() => app.app.dbHandle.connections().oldestWaitMs, { timeout: 5000 }).toBeGreaterThan(300);
    expect(app.app.dbHandle.connections().waiting).toBe(1);
    const shed = await getOnce(`${base}${SOME_LISTING}`);
    expect(shed.status).toBe(503);
    expect(JSON.parse(shed.body)).toEqual(BUSY_BODY);
    await release();
    release = undefined;
    expect((await waiting).status).toBe(404);
    await expect.poll(() => app.app.dbHandle.connections()).toMatchObject({ waiting: 0, oldestWaitMs: 0 });
  });

  it(
    'answers every one of a burst of 200 connections while the pool is held: those past the limits shed, the others served',
    { timeout: 120_000 },
    async () => {
      t = await appWithShedding({ dbWaiters: 8, inFlight: 40 });
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      release = await holdConnections(t, 10);
      const answers = Array.from({ length: 200 }, () => getOnce(`${base}${SOME_LISTING}`));
      const app = t;
      await expect.poll(() => app.app.loadShedder.shed.size, { timeout: 10_000 }).toBeGreaterThan(0);
      await release();
      release = undefined;
      const settled = await Promise.allSettled(answers);
      // No socket error, no connection left without an answer.
      expect(settled.filter((answer) => answer.status === 'rejected')).toEqual([]);
      const statuses = settled.map((answer) => (answer as PromiseFulfilledResult<{ status: number }>).value.status);
      expect(new Set(statuses)).toEqual(new Set([404, 503]));
      expect(await getOnce(`${base}${SOME_LISTING}`)).toMatchObject({ status: 404 });
    },
  );
});
