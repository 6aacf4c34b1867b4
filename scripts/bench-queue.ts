/**
 * npm run bench:queue [-- --postgres postgres://postgres@127.0.0.1:5432/test --jobs 300]
 *
 * Measures the job queue as the app uses it (src/server/jobs/job-queue.ts), on an in-memory
 * PGlite and, with --postgres (a server URL: a scratch database is created and dropped there),
 * on PostgreSQL:
 *  - what enqueueing adds to a transaction (a one-row insert with and without a job in it);
 *  - the time from commit to a worker starting the job, woken over the event bus, and at a
 *    polling interval of 2 s when no wake-up arrives (what it would be without the bus).
 * Figures are in docs/decisions/0016-job-queue.md.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { type DatabaseHandle, openDatabase } from '../src/server/db/client.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { EventBus } from '../src/server/events/event-bus.ts';
import { JobQueue } from '../src/server/jobs/job-queue.ts';

declare module '../src/server/jobs/job-queue.ts' {
  interface JobKinds {
    'bench.job': { committedAt: number };
  }
}

const log = pino({ level: 'warn' });

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { n: sorted.length, p50: at(0.5).toFixed(2), p95: at(0.95).toFixed(2), max: sorted.at(-1)!.toFixed(2) };
}

async function measure(name: string, handle: DatabaseHandle, jobs: number) {
  await handle.db.execute(sql`create table if not exists bench_change (id serial primary key, note text)`);
  const events = new EventBus(handle.notifications, log);
  await events.start();
  const latencies: number[] = [];
  const queue = new JobQueue(handle, events, log, {
    workers: true,
    pollingIntervalSeconds: 2,
    maintenanceIntervalSeconds: 3600,
    stopTimeoutMs: 2000,
    vacuumEveryRuns: 1000,
  });
  queue.define({
    kind: 'bench.job',
    run: async ({ committedAt }) => void latencies.push(performance.now() - committedAt),
    retryLimit: 0,
    retryDelaySeconds: 1,
    timeoutSeconds: 30,
    concurrency: 2,
  });
  await queue.start();

  // Enqueue cost: the same one-row transaction with and without a job.
  const plain: number[] = [];
  const withJob: number[] = [];
  for (let i = 0; i < jobs; i++) {
    let started = performance.now();
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into bench_change (note) values ('plain')`);
    });
    plain.push(performance.now() - started);
    started = performance.now();
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into bench_change (note) values ('with a job')`);
      await queue.enqueue(tx, 'bench.job', { committedAt: 0 });
    });
    withJob.push(performance.now() - started);
  }
  await queue.drain(60_000);
  latencies.length = 0;

  // Commit to start, one job at a time, with the worker asleep.
  const woken: number[] = [];
  for (let i = 0; i < 50; i++) {
    await delay(20);
    const before = latencies.length;
    await handle.db.transaction((tx) => queue.enqueue(tx, 'bench.job', { committedAt: performance.now() }));
    while (latencies.length === before) await delay(1);
    woken.push(latencies.at(-1)!);
  }
  // Without the wake-up: the bus subscription is removed, so only the 2 s poll finds the job.
  await queue.stop();
  const polled: number[] = [];
  // A bus that is never started delivers nothing: no wake-ups reach these workers.
  const polling = new JobQueue(handle, new EventBus(handle.notifications, log), log, {
    workers: true,
    pollingIntervalSeconds: 2,
    maintenanceIntervalSeconds: 3600,
    stopTimeoutMs: 2000,
    vacuumEveryRuns: 1000,
  });
  polling.define({
    kind: 'bench.job',
    run: async ({ committedAt }) => void polled.push(performance.now() - committedAt),
    retryLimit: 0,
    retryDelaySeconds: 1,
    timeoutSeconds: 30,
    concurrency: 1,
  });
  await polling.start();
  for (let i = 0; i < 10; i++) {
    const before = polled.length;
    await handle.db.transaction((tx) => polling.enqueue(tx, 'bench.job', { committedAt: performance.now() }));
    while (polled.length === before) await delay(5);
  }
  await polling.stop();
  await events.stop();

  console.info(`\n${name}`);
  console.info('  transaction, one-row insert (ms)        ', stats(plain));
  console.info('  the same with a job enqueued in it (ms)  ', stats(withJob));
  console.info('  commit -> worker starts, woken (ms)      ', stats(woken));
  console.info('  commit -> worker starts, 2 s poll (ms)   ', stats(polled));
}

async function main() {
  const { values } = parseArgs({ options: { postgres: { type: 'string' }, jobs: { type: 'string', default: '300' } } });
  const jobs = Number(values.jobs);

  const pglite = await openDatabase({});
  await migrateDatabase(pglite);
  await measure('PGlite (in memory)', pglite, jobs);
  await pglite.close();

  if (values.postgres) {
    const name = `bench_queue_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: values.postgres });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(values.postgres);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString() });
    try {
      await migrateDatabase(handle, url.toString());
      await measure('PostgreSQL', handle, jobs);
    } finally {
      await handle.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
