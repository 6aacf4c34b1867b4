import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { bossDatabase } from '#server/jobs/boss-database.ts';
import { type JobDefinition, type JobKind, JobQueue, type JobQueueSettings, JOB_SCHEMA } from '#server/jobs/job-queue.ts';
import type { TestApp } from '../../support/test-app.ts';

declare module '#server/jobs/job-queue.ts' {
  interface JobKinds {
    'test.work': { n: number };
    'test.other': { n: number };
  }
}

export const TEST_QUEUE_SETTINGS: JobQueueSettings = {
  workers: true,
  pollingIntervalSeconds: 10,
  maintenanceIntervalSeconds: 3600,
  stopTimeoutMs: 2000,
  vacuumEveryRuns: 1000,
};

/** A job definition with test defaults: no retries unless asked, one worker. */
export function testJob<K extends JobKind>(kind: K, run: JobDefinition<K>['run'], overrides: Partial<JobDefinition<K>> = {}) {
  return { kind, run, retryLimit: 0, retryDelaySeconds: 1, timeoutSeconds: 30, concurrency: 1, ...overrides } as JobDefinition<K>;
}

/**
 * Another job queue on the test app's database and event bus, with kinds of its own: another
 * instance of the deployment, as far as the queue is concerned. Stopped by the returned stop().
 */
export async function startQueue(t: TestApp, definitions: JobDefinition[], settings: Partial<JobQueueSettings> = {}) {
  const queue = new JobQueue(t.app.dbHandle, t.app.events, t.app.log, { ...TEST_QUEUE_SETTINGS, ...settings });
  for (const definition of definitions) queue.define(definition);
  await queue.start();
  return queue;
}

export interface StoredJob {
  id: string;
  state: string;
  retryCount: number;
  output: { message?: string } | null;
  startAfter: Date;
  startedOn: Date | null;
}

/** The jobs of a kind as pg-boss stores them, oldest first. */
export async function storedJobs(t: TestApp, kind: string): Promise<StoredJob[]> {
  const result = (await t.app.db.execute(
    sql`select id::text as id, state::text as state, retry_count as "retryCount", output,
               start_after as "startAfter", started_on as "startedOn"
          from ${sql.raw(JOB_SCHEMA)}.job where name = ${kind} order by created_on`,
  )) as unknown as { rows: StoredJob[] };
  return result.rows.map((row) => ({
    ...row,
    startAfter: new Date(row.startAfter),
    startedOn: row.startedOn ? new Date(row.startedOn) : null,
  }));
}

/**
 * Takes the next job of a kind as a worker would, then never reports back: what a process
 * killed in the middle of the job leaves in the database.
 */
export async function takeJobAndDie(t: TestApp, kind: string): Promise<string> {
  const boss = new PgBoss({ db: bossDatabase(t.app.dbHandle), schema: JOB_SCHEMA, supervise: false, schedule: false });
  await boss.start();
  const [job] = await boss.fetch(kind);
  await boss.stop({ graceful: false, close: false, wait: true });
  if (!job) throw new Error(`no ${kind} job to take`);
  return job.id;
}
