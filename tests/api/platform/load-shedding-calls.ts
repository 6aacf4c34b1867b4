import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { siteMessages } from '#domain/site.messages.ts';
import { type Config, testConfig } from '#server/config.ts';
import { type TestApp, type TestAppOptions, createTestApp } from '../../support/test-app.ts';

/** Helpers of the load-shedding tests (PGlite and PostgreSQL). */
export const BUSY_BODY = { success: false, msg: siteMessages.busy, code: 'BUSY' };
/** Names no listing: served, the answer is 404; shed, 503. Shedding comes before authentication. */
export const SOME_LISTING = `/api/v1/products/${randomUUID()}`;

/**
 * An app shedding past these limits only: the others are out of reach, so that a test process
 * slowed by a busy machine (event-loop delay) does not shed for another reason.
 */
export async function appWithShedding(limits: Partial<Config['loadShedding']>, options: Pick<TestAppOptions, 'jobs'> = {}) {
  const unreachable = {
    // Not even sampled: a loop blocked for a whole sample reads as an infinite delay.
    sampleIntervalMs: 600_000,
    eventLoopDelayMs: 60_000,
    turnMs: 60_000,
    heapUsedMb: 1_000_000,
    dbWaiters: 1_000_000,
    dbWaitMs: 3_600_000,
    inFlight: 1_000_000,
  };
  const { loadShedding } = testConfig();
  return createTestApp({ ...options, config: { loadShedding: { ...loadShedding, ...unreachable, enabled: true, ...limits } } });
}

/** Connections the pool has: PGlite runs one session; the PostgreSQL pool opens ten. */
export const poolSize = (app: TestApp) => (app.app.dbHandle.kind === 'pglite' ? 1 : 10);

/**
 * Holds `count` transactions open until released: the first poolSize get a connection, the rest
 * wait for one, as requests do when the database cannot keep up.
 */
export async function holdConnections(app: TestApp, count: number): Promise<() => Promise<void>> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let holding = 0;
  const held = Array.from({ length: count }, () =>
    app.app.db.transaction(async (tx) => {
      await tx.execute('select 1');
      holding++;
      await gate;
    }),
  );
  // Every connection taken (on a slow machine the transactions take a while to get them: a request
  // sent before would still find one free), and the rest of the transactions waiting.
  await expect.poll(() => holding, { timeout: 10_000 }).toBe(Math.min(count, poolSize(app)));
  const waiting = Math.max(0, count - poolSize(app));
  await expect.poll(() => app.app.dbHandle.connections().waiting, { timeout: 5000 }).toBeGreaterThanOrEqual(waiting);
  const release = async () => {
    open();
    await Promise.all(held);
  };
  return release;
}
