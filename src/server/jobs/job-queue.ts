import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle, Queryable } from '../db/client.ts';
import type { EventBus } from '../events/event-bus.ts';
import { type TrackedBossDatabase, bossDatabase, bossDatabaseIn } from './boss-database.ts';

/**
 * What each kind of job carries. Features add their kinds where they define them:
 *   declare module '../jobs/job-queue.ts' { interface JobKinds { 'mail.deliver': { outboxId: string } } }
 * Job data is stored in the database until the job is archived: ids, never secrets.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobKinds {}

export type JobKind = keyof JobKinds;

declare module '../events/event-bus.ts' {
  interface BusTopics {
    /**
     * A job was committed: one worker of that kind in every instance looks at once. The id keeps
     * each job's event apart: PostgreSQL delivers identical payloads of one transaction only once.
     */
    'jobs.enqueued': { kind: string; id: string };
  }
}

/** The run of one job, as its handler sees it. */
export interface RunningJob {
  id: string;
  /** 1 for the first run, 2 for the first retry, … */
  attempt: number;
  /** True when no retry follows if this run fails. */
  lastAttempt: boolean;
}

export interface JobDefinition<K extends JobKind = JobKind> {
  kind: K;
  run(data: JobKinds[K], job: RunningJob): Promise<void>;
  /** Runs after the first that a failing job gets; then it ends as failed, listed for admins. */
  retryLimit: number;
  /** The first retry waits this long (and up to twice as long); each further one doubles it. */
  retryDelaySeconds: number;
  /** A run still going after this long is presumed dead (its process gone) and retried. */
  timeoutSeconds: number;
  /** Jobs of this kind run side by side in one instance. */
  concurrency: number;
  /** Cron expression (UTC): the job is enqueued at these times once per deployment. */
  schedule?: string;
  /** A few words on what a job of this kind is about, for the admin's list of failed jobs. */
  describe?(data: JobKinds[K]): Promise<string | null>;
}

export interface EnqueueOptions {
  /**
   * Run no sooner than this. A time, not a number of seconds: pg-boss casts its startAfter to both a
   * timestamp and an interval, and PGlite folds the cast a number of seconds fails.
   */
  startAfter?: Date;
}

/** Thrown by a job that can never succeed (e.g. the mail server refuses the address for good): no retries. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface JobQueueSettings {
  /** Run workers, the scheduler and maintenance in this instance (WORKERS=false turns them off). */
  workers: boolean;
  /** How often an idle worker looks for due jobs when no wake-up came (retries falling due, missed wake-ups). */
  pollingIntervalSeconds: number;
  /** How often one instance of the deployment expires dead runs and archives finished jobs. */
  maintenanceIntervalSeconds: number;
  /** Replaces every kind's first retry delay (tests make retries fast). */
  retryDelaySeconds?: number;
  /** At shutdown, how long running jobs may take to finish before they are failed (and retried later). */
  stopTimeoutMs: number;
  /**
   * A worker that has not come round its loop for this long is stuck (/readyz fails). Unset: the
   * longest job timeout plus two polling intervals and a margin, as a healthy worker always beats sooner.
   */
  stuckAfterMs?: number;
}

/** How a run ended, for metrics (metrics/metrics.ts). */
export type JobOutcome = 'completed' | 'failed';
export type JobObserver = (kind: string, outcome: JobOutcome, seconds: number) => void;

export const DEFAULT_JOB_QUEUE_SETTINGS: JobQueueSettings = {
  workers: true,
  pollingIntervalSeconds: 2,
  maintenanceIntervalSeconds: 30,
  stopTimeoutMs: 7000,
};

/** pg-boss keeps its tables in this schema of the app's database. */
export const JOB_SCHEMA = 'pgboss';

/** Failed jobs stay listed for admins this long unless retried or discarded. */
const FAILED_JOBS_KEPT_SECONDS = 30 * 24 * 3600;

const ABANDONED_MESSAGE = 'The server stopped while this job was running.';

/** Creates or upgrades pg-boss's tables (part of the database migrations). */
export async function installJobQueue(database: DatabaseHandle): Promise<void> {
  const boss = new PgBoss({ db: bossDatabase(database), schema: JOB_SCHEMA, migrate: true, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, close: false, wait: true });
}

/**
 * The one durable job queue: pg-boss on the app's own database (PGlite or PostgreSQL). A job is
 * enqueued in the transaction of the change that causes it; the commit also tells every instance
 * over the event bus, so a worker starts within milliseconds instead of at its next poll. Failed
 * runs are retried with exponential backoff; a job that keeps failing ends as failed.
 *
 * pg-boss stores, locks (SKIP LOCKED), retries, expires, schedules and archives. The worker loops
 * are ours, over its fetch / complete / fail: pg-boss 10's work() does not await the statement
 * that completes a job, so a database error there would be an unhandled rejection, and it sleeps a
 * polling interval after every job. See docs/decisions/0016-job-queue.md.
 */
export class JobQueue {
  private readonly bossDb: TrackedBossDatabase;
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition>();
  /** Workers waiting for a job, by kind: calling one wakes that worker. */
  private readonly sleepers = new Map<string, Set<() => void>>();
  /** Wake-ups so far, by kind: a worker that was busy fetching when one came does not sleep through it. */
  private readonly wakeups = new Map<string, number>();
  /** Jobs this instance is running, to fail them if they outlast the shutdown wait. */
  private readonly running = new Map<string, string>();
  private loops: Promise<void>[] = [];
  /** Each worker loop's last time round (performance.now()), the heartbeat /readyz reads. */
  private readonly beats = new Map<number, number>();
  private readonly observers = new Set<JobObserver>();
  private stopWaking: (() => void) | undefined;
  private started = false;
  private stopping = false;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly events: EventBus,
    private readonly log: FastifyBaseLogger,
    private readonly settings: JobQueueSettings = DEFAULT_JOB_QUEUE_SETTINGS,
  ) {
    this.bossDb = bossDatabase(database);
    this.boss = new PgBoss({
      db: this.bossDb,
      schema: JOB_SCHEMA,
      migrate: true,
      supervise: settings.workers,
      schedule: settings.workers,
      maintenanceIntervalSeconds: settings.maintenanceIntervalSeconds,
      archiveFailedAfterSeconds: FAILED_JOBS_KEPT_SECONDS,
    });
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
  }

  /** Declares a kind of job; every kind is defined before start(). */
  define<K extends JobKind>(definition: JobDefinition<K>): void {
    if (this.started) throw new Error(`job ${definition.kind} defined after the queue started`);
    this.definitions.set(definition.kind, definition as unknown as JobDefinition);
  }

  get kinds(): string[] {
    return [...this.definitions.keys()];
  }

  get runsWorkers(): boolean {
    return this.settings.workers;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.boss.start();
    for (const definition of this.definitions.values()) await this.createQueue(definition);
    if (!this.settings.workers) return;
    // The embedded database allows one process, so a run still marked active was cut short by a crash.
    if (this.database.kind === 'pglite') await this.retryAbandonedRuns();
    await this.syncSchedules();
    this.stopWaking = this.events.subscribe('jobs.enqueued', ({ kind }) => this.wakeOne(kind));
    for (const definition of this.definitions.values()) {
      for (let i = 0; i < definition.concurrency; i++) this.loops.push(this.workLoop(definition, this.loops.length));
    }
  }

  /** Calls `observer` after every run in this instance; returns the function that stops it. */
  observe(observer: JobObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /**
   * Whether a worker loop of this instance has not come round for longer than a healthy one can
   * take: a run is bounded by its timeout and a sleep by the polling interval, so only a hung
   * database call or a blocked loop gets here.
   */
  get stuck(): boolean {
    if (!this.started || this.stopping || this.beats.size === 0) return false;
    const oldest = Math.min(...this.beats.values());
    return performance.now() - oldest > this.stuckAfterMs;
  }

  private get stuckAfterMs(): number {
    if (this.settings.stuckAfterMs !== undefined) return this.settings.stuckAfterMs;
    const longestRun = Math.max(0, ...[...this.definitions.values()].map((definition) => definition.timeoutSeconds));
    return (longestRun + 2 * this.settings.pollingIntervalSeconds) * 1000 + 30_000;
  }

  /**
   * Stores a job in `tx`, the transaction making the change that causes it: both commit or
   * neither does. Workers everywhere are woken when it commits.
   */
  async enqueue<K extends JobKind>(tx: Queryable, kind: K, data: JobKinds[K], options: EnqueueOptions = {}): Promise<string> {
    if (!this.definitions.has(kind)) throw new Error(`unknown job kind ${kind}`);
    const later = options.startAfter ? { startAfter: options.startAfter } : {};
    const id = await this.boss.send(kind, data as object, { db: bossDatabaseIn(tx), ...later });
    if (!id) throw new Error(`job ${kind} was not stored`);
    await this.events.publish(tx, 'jobs.enqueued', { kind, id });
    return id;
  }

  /**
   * Stops taking jobs, waits up to stopTimeoutMs for running ones, then fails those still
   * running so that they are retried (by this or another instance).
   */
  async stop(): Promise<void> {
    if (!this.started || this.stopping) return;
    this.stopping = true;
    this.stopWaking?.();
    for (const kind of this.kinds) this.wake(kind);
    const finished = Promise.allSettled(this.loops).then(() => true);
    const timedOut = delay(this.settings.stopTimeoutMs, false, { ref: false });
    if (!(await Promise.race([finished, timedOut]))) {
      for (const [id, kind] of this.running) {
        await this.boss.fail(kind, id, { message: ABANDONED_MESSAGE }).catch(() => {});
      }
      this.log.warn({ jobs: this.running.size }, 'shutdown: jobs still running were failed, to be retried');
    }
    await this.boss.stop({ graceful: false, close: false, wait: true });
    // pg-boss leaves some of its statements unawaited: let them land before the database closes.
    await this.bossDb.settled();
  }

  /** Runs every due job now and resolves once none is due or running (tests; never on a request path). */
  async drain(timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const kind of this.kinds) this.wake(kind);
      const { rows } = await this.database.runSql(
        `select count(*)::int as pending from ${JOB_SCHEMA}.job
          where name = any($1::text[])
            and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`,
        [this.kinds],
      );
      if (Number(rows[0]?.pending) === 0 && this.running.size === 0) return;
      if (Date.now() > deadline) throw new Error(`jobs still pending after ${timeoutMs} ms`);
      await delay(10);
    }
  }

  /** Expires dead runs and archives finished jobs now, instead of at the next maintenance (tests). */
  async maintain(): Promise<void> {
    await this.boss.maintain();
  }

  /** What a job is about, as its kind describes it (null when it cannot say). */
  async describe(kind: string, data: unknown): Promise<string | null> {
    try {
      return (await this.definitions.get(kind)?.describe?.(data as never)) ?? null;
    } catch {
      return null;
    }
  }

  /** Puts a failed job back in the queue for one more run, inside the caller's transaction. */
  async retryFailed(tx: Queryable, kind: string, id: string): Promise<void> {
    await this.boss.retry(kind, id, { db: bossDatabaseIn(tx) });
    await this.events.publish(tx, 'jobs.enqueued', { kind, id });
  }

  /** Removes a failed job for good, inside the caller's transaction. */
  async discardFailed(tx: Queryable, kind: string, id: string): Promise<void> {
    await this.boss.deleteJob(kind, id, { db: bossDatabaseIn(tx) });
  }

  private async createQueue(definition: JobDefinition) {
    const policy = {
      retryLimit: definition.retryLimit,
      retryDelay: this.settings.retryDelaySeconds ?? definition.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: definition.timeoutSeconds,
    };
    // Creating is a no-op for an existing queue; updating applies a changed policy on deploy.
    // Instances starting at the same moment may deadlock or collide creating the same queues:
    // PostgreSQL then aborts one of them, which simply tries again.
    for (let attempt = 1; ; attempt++) {
      try {
        await this.boss.createQueue(definition.kind, { name: definition.kind, ...policy });
        await this.boss.updateQueue(definition.kind, { name: definition.kind, ...policy });
        return;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (attempt >= 5 || (code !== '40P01' && code !== '23505')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  }

  private async syncSchedules() {
    const scheduled = await this.boss.getSchedules();
    for (const { name } of scheduled) {
      if (!this.definitions.get(name)?.schedule) await this.boss.unschedule(name);
    }
    for (const definition of this.definitions.values()) {
      if (definition.schedule) await this.boss.schedule(definition.kind, definition.schedule, {}, { tz: 'UTC' });
    }
  }

  /** One worker: takes a due job of its kind, runs it, records the outcome; sleeps when there is none. */
  private async workLoop(definition: JobDefinition, loop: number) {
    while (!this.stopping) {
      this.beats.set(loop, performance.now());
      const wakeupsBefore = this.wakeups.get(definition.kind) ?? 0;
      let job: PgBoss.JobWithMetadata<object> | undefined;
      try {
        [job] = await this.boss.fetch<object>(definition.kind, { batchSize: 1, includeMetadata: true });
      } catch (error) {
        this.log.error({ err: error, kind: definition.kind }, 'could not fetch jobs');
      }
      if (job) await this.runJob(definition, job);
      else if ((this.wakeups.get(definition.kind) ?? 0) === wakeupsBefore) await this.sleep(definition.kind);
    }
  }

  private async runJob(definition: JobDefinition, job: PgBoss.JobWithMetadata<object>) {
    const attempt = job.retryCount + 1;
    this.running.set(job.id, definition.kind);
    const started = performance.now();
    let outcome: JobOutcome = 'failed';
    try {
      await withTimeout(
        definition.run(job.data as never, { id: job.id, attempt, lastAttempt: job.retryCount >= job.retryLimit }),
        definition.timeoutSeconds * 1000,
      );
      await this.boss.complete(definition.kind, job.id);
      outcome = 'completed';
    } catch (error) {
      const permanent = error instanceof PermanentJobError;
      this.log.warn({ err: error, job: job.id, kind: definition.kind, attempt, permanent }, 'job failed');
      try {
        if (permanent) await this.noMoreRetries(definition.kind, job.id);
        await this.boss.fail(definition.kind, job.id, { message: errorMessage(error) });
      } catch (recordError) {
        // The run stays marked active; maintenance expires it after timeoutSeconds and it is retried.
        this.log.error({ err: recordError, job: job.id, kind: definition.kind }, 'could not record a job failure');
      }
    } finally {
      this.running.delete(job.id);
      for (const observer of this.observers) observer(definition.kind, outcome, (performance.now() - started) / 1000);
    }
  }

  /** pg-boss retries while retry_count < retry_limit; closing that gap makes this failure final. */
  private async noMoreRetries(kind: string, id: string) {
    await this.database.runSql(`update ${JOB_SCHEMA}.job set retry_limit = retry_count where name = $1 and id = $2`, [kind, id]);
  }

  private async retryAbandonedRuns() {
    const { rows } = await this.database.runSql(`select name, id::text as id from ${JOB_SCHEMA}.job where state = 'active'`);
    if (rows.length > 0) this.log.warn({ jobs: rows.length }, 'retrying jobs cut short when the server last stopped');
    for (const row of rows) await this.boss.fail(String(row.name), String(row.id), { message: ABANDONED_MESSAGE });
  }

  /**
   * Waits for a wake-up of this kind or the polling interval, whichever comes first. A plain
   * timer: an aborted timers/promises delay costs an AbortError with its stack on every wake-up.
   */
  private async sleep(kind: string) {
    if (this.stopping) return;
    let sleepers = this.sleepers.get(kind);
    if (!sleepers) this.sleepers.set(kind, (sleepers = new Set()));
    const waiting = sleepers;
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        waiting.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, this.settings.pollingIntervalSeconds * 1000);
      waiting.add(wake);
    });
  }

  /**
   * A job of this kind was committed: one sleeping worker looks for it. Waking them all made
   * every worker of the kind fetch for each job, and all but one found nothing (3.2 fetches a
   * buy request, for its one mail). Workers busy meanwhile look again anyway (the wake-up count).
   */
  private wakeOne(kind: string) {
    this.wakeups.set(kind, (this.wakeups.get(kind) ?? 0) + 1);
    const [first] = this.sleepers.get(kind) ?? [];
    first?.();
  }

  /** Every worker of this kind looks now (shutdown, drain). */
  private wake(kind: string) {
    this.wakeups.set(kind, (this.wakeups.get(kind) ?? 0) + 1);
    for (const wake of [...(this.sleepers.get(kind) ?? [])]) wake();
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Rejects when `work` takes longer than `ms` (the work itself cannot be cancelled and may go on). */
async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the job took longer than ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
