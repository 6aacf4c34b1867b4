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

/** A due job as a batch handler gets it. */
export interface BatchedJob<K extends JobKind = JobKind> {
  data: JobKinds[K];
  job: RunningJob;
}

/** A job of a batch that failed, and why (a PermanentJobError ends it without retries). */
export interface FailedJob {
  id: string;
  error: unknown;
}

/** What runs a kind's jobs: one at a time, or (for a busy kind) up to batchSize in one call. */
export type JobHandler<K extends JobKind = JobKind> =
  | { run(data: JobKinds[K], job: RunningJob): Promise<void>; batchSize?: undefined; runBatch?: undefined }
  | {
      /**
       * Takes up to this many due jobs in one look and hands them to runBatch together, so a busy
       * queue's jobs share their database round trips (the look, their reads, the completion).
       */
      batchSize: number;
      /**
       * Runs the batch and answers the jobs that failed; the rest complete together. It must end
       * within timeoutSeconds as one job would (run the jobs' slow parts side by side). If it
       * throws, every job of the batch failed.
       */
      runBatch(jobs: BatchedJob<K>[]): Promise<FailedJob[]>;
      run?: undefined;
    };

export type JobDefinition<K extends JobKind = JobKind> = JobHandler<K> & {
  kind: K;
  /** Runs after the first that a failing job gets; then it ends as failed, listed for admins. */
  retryLimit: number;
  /** The first retry waits this long (and up to twice as long); each further one doubles it. */
  retryDelaySeconds: number;
  /** A run still going after this long is presumed dead (its process gone) and retried. */
  timeoutSeconds: number;
  /** Runs (a job, or a batch of them) of this kind side by side in one instance. */
  concurrency: number;
  /** Cron expression (UTC): the job is enqueued at these times once per deployment. */
  schedule?: string;
  /** A few words on what a job of this kind is about, for the admin's list of failed jobs. */
  describe?(data: JobKinds[K]): Promise<string | null>;
};

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
   * Every this many finished runs, an instance vacuums the job table (PostgreSQL). Each run leaves
   * dead row versions behind in the index of due jobs that every look scans (a bitmap scan never
   * marks them dead), and autovacuum may be off or far behind: 30,000 sent mails made a look cost
   * 3–6 ms, 0.1 ms after a vacuum.
   */
  vacuumEveryRuns: number;
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
  vacuumEveryRuns: 1000,
};

/** pg-boss keeps its tables in this schema of the app's database. */
export const JOB_SCHEMA = 'pgboss';

/**
 * A statement part that stores one job of `kind` for each row of `from`, as pg-boss's send()
 * stores one without options: the policy of the kind's queue, due now, pg-boss's defaults where
 * the queue sets none (tests/api/jobs/job-insert.test.ts compares the two rows). `id` and `data`
 * are SQL expressions over `from`. For a feature that stores its job in the statement that stores
 * the change causing it (the outbox: a mail and its delivery), one statement where send() added
 * one of its own; the caller then calls JobQueue.announce. Returns the new jobs' ids.
 */
export function insertJobsSql(kind: JobKind, { id, data, from }: { id: string; data: string; from: string }): string {
  if (!/^[a-z][a-z.-]*$/.test(kind)) throw new Error(`job kind ${kind} cannot be written into a statement`);
  return `insert into ${JOB_SCHEMA}.job (id, name, data, priority, start_after, dead_letter, expire_in, keep_until,
                             retry_limit, retry_delay, retry_backoff, policy)
    select ${id}, q.name, ${data}, 0, now(), q.dead_letter,
           coalesce(q.expire_seconds * interval '1 second', interval '15 minutes'),
           now() + coalesce((q.retention_minutes * 60)::text, '14 days')::interval,
           coalesce(q.retry_limit, 2),
           case when coalesce(q.retry_backoff, false) then greatest(q.retry_delay, 1) else coalesce(q.retry_delay, 0) end,
           coalesce(q.retry_backoff, false), q.policy
      from ${from} join ${JOB_SCHEMA}.queue q on q.name = '${kind}'
    returning id`;
}

/** Failed jobs stay listed for admins this long unless retried or discarded. */
const FAILED_JOBS_KEPT_SECONDS = 30 * 24 * 3600;

const ABANDONED_MESSAGE = 'The server stopped while this job was running.';

/** How many ids of jobs it took an instance remembers, to ignore their late wake-ups. */
const MAX_TAKEN_IDS = 1000;

/**
 * The due jobs of a kind in the order a look takes them. pg-boss's own index of due jobs is by
 * start time, so a look sorted the whole backlog to take one: 0.8 ms a look with a few thousand
 * mails waiting, 0.07 ms with this index. Created on the partitioned table, so every kind's
 * partition (those pg-boss adds later too) has it.
 */
const DUE_ORDER_INDEX = `create index if not exists job_due_order_idx
  on ${JOB_SCHEMA}.job (name, priority desc, created_on, id) where state < 'active'`;

/** Creates or upgrades pg-boss's tables (part of the database migrations), with our index. */
export async function installJobQueue(database: DatabaseHandle): Promise<void> {
  const boss = new PgBoss({ db: bossDatabase(database), schema: JOB_SCHEMA, migrate: true, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, close: false, wait: true });
  try {
    await database.runSql(DUE_ORDER_INDEX);
  } catch (error) {
    // Instances migrating at the same moment: another one created it first.
    const code = (error as { code?: unknown }).code;
    if (code !== '23505' && code !== '42P07') throw error;
  }
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
  /** Each kind's worker while it waits for a job: calling it wakes the worker. */
  private readonly sleepers = new Map<string, Set<() => void>>();
  /** Wake-ups so far, by kind: a worker that was busy fetching or running when one came does not sleep through it. */
  private readonly wakeups = new Map<string, number>();
  /**
   * Jobs this instance is running, by id: their kind (to fail them if they outlast the shutdown
   * wait) and when they started (performance.now(): a hung run is stuck too).
   */
  private readonly running = new Map<string, { kind: string; startedAt: number }>();
  private loops: Promise<void>[] = [];
  /** Each worker loop's last time round (performance.now()), the heartbeat /readyz reads. */
  private readonly beats = new Map<number, number>();
  private readonly observers = new Set<JobObserver>();
  private stopWaking: (() => void) | undefined;
  private runsSinceVacuum = 0;
  /** Ids of the jobs this instance took lately, whose wake-ups may still be on their way. */
  private readonly taken = new Set<string>();
  private vacuuming: Promise<void> | undefined;
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
    this.stopWaking = this.events.subscribe('jobs.enqueued', ({ kind, id }) => {
      // A look can take a job before its wake-up arrives (NOTIFY trails the commit): that wake-up
      // has nothing left to find here, and was an empty look for every busy second job.
      if (!this.taken.delete(id)) this.wake(kind);
    });
    for (const definition of this.definitions.values()) this.loops.push(this.workLoop(definition, this.loops.length));
  }

  /** Calls `observer` after every run in this instance; returns the function that stops it. */
  observe(observer: JobObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /**
   * Whether a worker loop of this instance has not come round, or a run has not ended, for longer
   * than a healthy one can take: a run is bounded by its timeout and a sleep by the polling
   * interval, so only a hung database call or a blocked loop gets here.
   */
  get stuck(): boolean {
    if (!this.started || this.stopping || this.beats.size === 0) return false;
    const oldest = Math.min(...this.beats.values(), ...[...this.running.values()].map((run) => run.startedAt));
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
    await this.announce(tx, kind, id);
    return id;
  }

  /** Wakes workers everywhere when `tx` commits, for a job a feature stored itself (insertJobsSql). */
  async announce(tx: Queryable, kind: JobKind, id: string): Promise<void> {
    if (!this.definitions.has(kind)) throw new Error(`unknown job kind ${kind}`);
    await this.events.publish(tx, 'jobs.enqueued', { kind, id });
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
      for (const [id, { kind }] of this.running) {
        await this.boss.fail(kind, id, { message: ABANDONED_MESSAGE }).catch(() => {});
      }
      this.log.warn({ jobs: this.running.size }, 'shutdown: jobs still running were failed, to be retried');
    }
    await this.boss.stop({ graceful: false, close: false, wait: true });
    await this.vacuuming;
    // pg-boss leaves some of its statements unawaited: let them land before the database closes.
    await this.bossDb.settled();
  }

  /** Runs every due job now and resolves once none is due or running (tests; never on a request path). */
  async drain(timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // Only the kinds with due jobs are woken: waking all 13 every 10 ms made the drain after a
      // bench run cost more than some of the runs it measured.
      const { rows } = await this.database.runSql(
        `select name, count(*) filter (where state <> 'active')::int as due from ${JOB_SCHEMA}.job
          where name = any($1::text[])
            and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))
          group by name`,
        [this.kinds],
      );
      for (const row of rows) if (Number(row.due) > 0) this.wake(String(row.name));
      if (rows.length === 0 && this.running.size === 0) return;
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

  /**
   * One kind's worker: keeps up to `concurrency` of its jobs running, and looks for more only
   * when one may be waiting: at start, after a wake-up (a job committed anywhere), after a full
   * batch (it may have left some behind) and every polling interval (retries falling due, missed
   * wake-ups). A look takes as many jobs as there are free slots, in one statement. Separate
   * workers per slot each looked after every run, and mostly found nothing (2.9 looks a job).
   */
  private async workLoop(definition: JobDefinition, loop: number) {
    const { kind, concurrency } = definition;
    const batchSize = definition.batchSize ?? 1;
    const runs = new Set<Promise<void>>();
    let mayBeWaiting = true;
    let lookedAt = 0;
    let seenWakeups = 0;
    while (!this.stopping) {
      this.beats.set(loop, performance.now());
      const free = concurrency - runs.size;
      if (free > 0 && (mayBeWaiting || this.wakeupsOf(kind) !== seenWakeups)) {
        seenWakeups = this.wakeupsOf(kind);
        lookedAt = performance.now();
        const jobs = await this.fetch(kind, free * batchSize);
        mayBeWaiting = jobs !== undefined && jobs.length === free * batchSize;
        for (let first = 0; first < (jobs?.length ?? 0); first += batchSize) {
          const run: Promise<void> = this.runJobs(definition, jobs!.slice(first, first + batchSize)).finally(() =>
            runs.delete(run),
          );
          runs.add(run);
        }
        if (jobs !== undefined) continue;
      }
      const pollInMs = lookedAt + this.settings.pollingIntervalSeconds * 1000 - performance.now();
      if (pollInMs <= 0 && free > 0) {
        mayBeWaiting = true;
        continue;
      }
      // All slots busy: only a run finishing (or shutdown) lets it take another job.
      const sleepMs = free === 0 ? this.settings.pollingIntervalSeconds * 1000 : Math.max(pollInMs, 0);
      if (this.wakeupsOf(kind) === seenWakeups || free === 0) await this.sleep(kind, sleepMs, runs);
    }
    await Promise.allSettled(runs);
  }

  private wakeupsOf(kind: string): number {
    return this.wakeups.get(kind) ?? 0;
  }

  /** Up to `count` due jobs of the kind, now marked running; undefined if the database refused. */
  private async fetch(kind: string, count: number): Promise<PgBoss.JobWithMetadata<object>[] | undefined> {
    try {
      const jobs = await this.boss.fetch<object>(kind, { batchSize: count, includeMetadata: true });
      for (const job of jobs) this.taken.add(job.id);
      // Most wake-ups arrive before the look that takes their job: keep only the latest ids.
      for (const id of this.taken) {
        if (this.taken.size <= MAX_TAKEN_IDS) break;
        this.taken.delete(id);
      }
      return jobs;
    } catch (error) {
      this.log.error({ err: error, kind }, 'could not fetch jobs');
      return undefined;
    }
  }

  /**
   * One run: a job, or a batch of them. The jobs that succeeded complete in one statement; each
   * failed one is recorded for a retry (or as failed for good). Observers hear of every job, each
   * with its run's duration.
   */
  private async runJobs(definition: JobDefinition, jobs: PgBoss.JobWithMetadata<object>[]) {
    const { kind } = definition;
    const started = performance.now();
    for (const job of jobs) this.running.set(job.id, { kind, startedAt: started });
    const failures = await this.runAndComplete(definition, jobs);
    for (const failure of failures)
      await this.recordFailure(
        kind,
        failure,
        jobs.find((job) => job.id === failure.id),
      );
    for (const job of jobs) this.running.delete(job.id);
    this.runsSinceVacuum += jobs.length;
    if (this.runsSinceVacuum >= this.settings.vacuumEveryRuns) this.vacuum();
    const seconds = (performance.now() - started) / 1000;
    const failedIds = new Set(failures.map((failure) => failure.id));
    for (const job of jobs) {
      for (const observer of this.observers) observer(kind, failedIds.has(job.id) ? 'failed' : 'completed', seconds);
    }
  }

  /** Runs the jobs and completes those that succeeded; answers the failed ones, each once. */
  private async runAndComplete(definition: JobDefinition, jobs: PgBoss.JobWithMetadata<object>[]): Promise<FailedJob[]> {
    const batch = jobs.map((job) => ({
      data: job.data as never,
      job: { id: job.id, attempt: job.retryCount + 1, lastAttempt: job.retryCount >= job.retryLimit },
    }));
    let failures: FailedJob[];
    try {
      failures = failuresOf(jobs, await withTimeout(handlerOf(definition)(batch), definition.timeoutSeconds * 1000));
    } catch (error) {
      // A run that threw or outlasted its timeout: none of its jobs is known to be done.
      return jobs.map((job) => ({ id: job.id, error }));
    }
    const failed = new Set(failures.map((failure) => failure.id));
    const succeeded = jobs.filter((job) => !failed.has(job.id)).map((job) => job.id);
    try {
      if (succeeded.length > 0) await this.boss.complete(definition.kind, succeeded);
    } catch (error) {
      // Those still run again; the failures keep their own reasons (a permanent one stays permanent).
      return [...failures, ...succeeded.map((id) => ({ id, error }))];
    }
    return failures;
  }

  private async recordFailure(kind: string, { id, error }: FailedJob, job: PgBoss.JobWithMetadata<object> | undefined) {
    const permanent = error instanceof PermanentJobError;
    const attempt = job ? job.retryCount + 1 : undefined;
    this.log.warn({ err: error, job: id, kind, attempt, permanent }, 'job failed');
    try {
      if (permanent) await this.noMoreRetries(kind, id);
      await this.boss.fail(kind, id, { message: errorMessage(error) });
    } catch (recordError) {
      // The run stays marked active; maintenance expires it after timeoutSeconds and it is retried.
      this.log.error({ err: recordError, job: id, kind }, 'could not record a job failure');
    }
  }

  /** In the background, one at a time; the embedded database's one session has no room for it. */
  private vacuum() {
    if (this.vacuuming || this.database.kind !== 'postgres') return;
    this.runsSinceVacuum = 0;
    this.vacuuming = this.database
      .runSql(`vacuum (skip_locked) ${JOB_SCHEMA}.job`)
      .then(
        () => {},
        (error: unknown) => this.log.warn({ err: error }, 'could not vacuum the job table'),
      )
      .finally(() => (this.vacuuming = undefined));
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
   * Waits for a wake-up of this kind, a run of it finishing, or `ms`, whichever comes first. A
   * plain timer: an aborted timers/promises delay costs an AbortError with its stack on every wake-up.
   */
  private async sleep(kind: string, ms: number, runs: Set<Promise<void>>) {
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
      const timer = setTimeout(wake, ms);
      waiting.add(wake);
      // A finished run frees a slot; the loop looks again only if a job may be waiting.
      if (runs.size > 0) void Promise.race(runs).then(wake, wake);
    });
  }

  /** A job of this kind was committed, or shutdown or a drain asks: the kind's worker looks now. */
  private wake(kind: string) {
    this.wakeups.set(kind, this.wakeupsOf(kind) + 1);
    for (const wake of [...(this.sleepers.get(kind) ?? [])]) wake();
  }
}

/**
 * A batch handler's failures, one per job of the batch. An id that is not one of the batch's is a
 * bug in the handler: then nothing it did can be trusted, and the whole batch fails.
 */
function failuresOf(jobs: PgBoss.JobWithMetadata<object>[], answered: FailedJob[]): FailedJob[] {
  const ids = new Set(jobs.map((job) => job.id));
  const failures = new Map<string, FailedJob>();
  for (const failure of answered) {
    if (!ids.has(failure.id)) throw new Error(`the batch handler answered a job that is not in its batch (${failure.id})`);
    if (!failures.has(failure.id)) failures.set(failure.id, failure);
  }
  return [...failures.values()];
}

/** A kind's jobs as one batch handler: a one-at-a-time kind's single job, its failure caught. */
function handlerOf(definition: JobDefinition): (jobs: BatchedJob[]) => Promise<FailedJob[]> {
  if (definition.runBatch) return (jobs) => definition.runBatch(jobs);
  const { run } = definition;
  return async (jobs) => {
    const failures: FailedJob[] = [];
    for (const { data, job } of jobs) {
      try {
        await run(data, job);
      } catch (error) {
        failures.push({ id: job.id, error });
      }
    }
    return failures;
  };
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
