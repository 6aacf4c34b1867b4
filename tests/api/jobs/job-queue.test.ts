import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BatchedJob, type FailedJob, type JobDefinition, JobQueue, PermanentJobError } from '#server/jobs/job-queue.ts';
import { TEST_DB } from '../../support/test-database.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';
import { TEST_QUEUE_SETTINGS, startQueue, storedJobs, takeJobAndDie, testJob } from './test-queues.ts';

let t: TestApp;
const queues: JobQueue[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  for (const queue of queues.splice(0)) await queue.stop();
  await t.app.db.execute(sql`delete from pgboss.job where name like 'test.%'`);
});
afterAll(() => t.close());

async function queueWith(...args: Parameters<typeof startQueue> extends [unknown, ...infer Rest] ? Rest : never) {
  const queue = await startQueue(t, ...args);
  queues.push(queue);
  return queue;
}

/** The test app's database, counting pg-boss's looks for jobs of `kind` (by either path). */
function countingLooks(kind: string) {
  const handle = t.app.dbHandle;
  const isLook = (text: string, values?: unknown[]) => /skip locked/i.test(text) && values?.[0] === kind;
  const looks = {
    count: 0,
    handle: {
      ...handle,
      runSql: (text: string, values?: unknown[]) => {
        if (isLook(text, values)) looks.count++;
        return handle.runSql(text, values);
      },
      runStatement: <Row>(statement: { name?: string | undefined; text: string; values: unknown[] }) => {
        if (isLook(statement.text, statement.values)) looks.count++;
        return handle.runStatement<Row>(statement);
      },
    },
  };
  return looks;
}

describe('enqueueing in the transaction of the change', () => {
  it('stores no job when the transaction rolls back, and runs the job once it commits', async () => {
    const ran: number[] = [];
    const queue = await queueWith([testJob('test.work', async ({ n }) => void ran.push(n))]);

    await t.app.db
      .transaction(async (tx) => {
        await queue.enqueue(tx, 'test.work', { n: 1 });
        throw new Error('the change failed');
      })
      .catch(() => {});
    expect(await storedJobs(t, 'test.work')).toEqual([]);

    await t.app.db.transaction((tx) => queue.enqueue(tx, 'test.work', { n: 2 }));
    await expect.poll(() => ran, { timeout: 5000 }).toEqual([2]);
    await expect.poll(async () => (await storedJobs(t, 'test.work')).map((job) => job.state)).toEqual(['completed']);
  });

  it('starts a worker right after the commit instead of at its next poll (10 s here)', async () => {
    let startedAt = 0;
    const queue = await queueWith([testJob('test.work', async () => void (startedAt = Date.now()))]);
    // Let the worker find the queue empty and go to sleep for its polling interval.
    await delay(200);
    const committedAt = await t.app.db.transaction(async (tx) => {
      await queue.enqueue(tx, 'test.work', { n: 1 });
      return Date.now();
    });
    await expect.poll(() => startedAt, { timeout: 3000, interval: 5 }).toBeGreaterThan(0);
    expect(startedAt - committedAt).toBeLessThan(1000);
  });

  it('wakes the workers of another instance: one enqueues with workers off, the other runs it', async () => {
    const ran: number[] = [];
    const web = await queueWith([testJob('test.work', async () => {})], { workers: false });
    await queueWith([testJob('test.work', async ({ n }) => void ran.push(n))]);
    await delay(200);
    const started = Date.now();
    await t.app.db.transaction((tx) => web.enqueue(tx, 'test.work', { n: 7 }));
    await expect.poll(() => ran, { timeout: 3000, interval: 5 }).toEqual([7]);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('looks once at start and once for a committed job, not again after running it', async () => {
    const looks = countingLooks('test.work');
    const ran: number[] = [];
    const queue = new JobQueue(looks.handle, t.app.events, t.app.log, TEST_QUEUE_SETTINGS);
    queue.define(testJob('test.work', async ({ n }) => void ran.push(n), { concurrency: 4 }));
    await queue.start();
    queues.push(queue);
    // The kind's worker looks once for all four slots, finds nothing and goes to sleep.
    await expect.poll(() => looks.count, { timeout: 3000, interval: 5 }).toBe(1);
    await delay(100);

    await t.app.db.transaction((tx) => queue.enqueue(tx, 'test.work', { n: 1 }));
    await expect.poll(() => ran, { timeout: 3000, interval: 5 }).toEqual([1]);
    await delay(300);
    // The look the wake-up caused took the job and found no more: nothing to look for after the run.
    expect(looks.count).toBe(2);
  });

  it('does not look again for the late wake-up of a job it already took', async () => {
    const looks = countingLooks('test.work');
    const ran: number[] = [];
    const queue = new JobQueue(looks.handle, t.app.events, t.app.log, TEST_QUEUE_SETTINGS);
    queue.define(testJob('test.work', async ({ n }) => void ran.push(n)));
    await queue.start();
    queues.push(queue);
    await expect.poll(() => looks.count, { timeout: 3000, interval: 5 }).toBe(1);
    const id = await t.app.db.transaction((tx) => queue.enqueue(tx, 'test.work', { n: 1 }));
    await expect.poll(() => ran, { timeout: 3000, interval: 5 }).toEqual([1]);
    await delay(100);
    const afterRun = looks.count;

    // The same job's wake-up once more, as when a look takes a job before its NOTIFY arrives.
    await t.app.events.publish(t.app.db, 'jobs.enqueued', { kind: 'test.work', id });
    await delay(300);
    expect(looks.count).toBe(afterRun);
    // Another job's wake-up is looked for at once.
    await t.app.events.publish(t.app.db, 'jobs.enqueued', { kind: 'test.work', id: randomUUID() });
    await expect.poll(() => looks.count, { timeout: 3000, interval: 5 }).toBe(afterRun + 1);
  });

  it('works through a backlog in batches of its free slots, never more than its concurrency at once', async () => {
    let runningNow = 0;
    let mostAtOnce = 0;
    const ran: number[] = [];
    const web = await queueWith([testJob('test.work', async () => {})], { workers: false });
    await t.app.db.transaction(async (tx) => {
      for (let n = 1; n <= 7; n++) await web.enqueue(tx, 'test.work', { n });
    });
    await queueWith([
      testJob(
        'test.work',
        async ({ n }) => {
          mostAtOnce = Math.max(mostAtOnce, ++runningNow);
          await delay(20);
          runningNow--;
          ran.push(n);
        },
        { concurrency: 3 },
      ),
    ]);
    // Long before the 10 s poll: a full batch, and each finished run, mean more may be waiting.
    await expect.poll(() => ran.toSorted(), { timeout: 3000, interval: 5 }).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(mostAtOnce).toBe(3);
  });

  it('runs jobs committed together side by side, one worker each', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const running: number[] = [];
    const queue = await queueWith([
      testJob(
        'test.work',
        async ({ n }) => {
          running.push(n);
          await gate;
        },
        { concurrency: 2 },
      ),
    ]);
    await delay(200);
    await t.app.db.transaction(async (tx) => {
      await queue.enqueue(tx, 'test.work', { n: 1 });
      await queue.enqueue(tx, 'test.work', { n: 2 });
    });
    // Both start long before the 10 s poll: each committed job woke a worker of its own.
    await expect.poll(() => running.toSorted(), { timeout: 3000, interval: 5 }).toEqual([1, 2]);
    release();
  });

  it('runs nothing in an instance with workers off', async () => {
    let runs = 0;
    const web = await queueWith([testJob('test.work', async () => void runs++)], { workers: false, pollingIntervalSeconds: 0.5 });
    await t.app.db.transaction((tx) => web.enqueue(tx, 'test.work', { n: 1 }));
    await delay(1200);
    expect(runs).toBe(0);
    expect((await storedJobs(t, 'test.work')).map((job) => job.state)).toEqual(['created']);
  });
});

describe('a busy kind in batches', () => {
  /** A batched test kind: records each batch's numbers, and answers the failures `fail` picks. */
  function batchedJob(batches: number[][], fail: (n: number, attempt: number) => Error | undefined, batchSize = 3) {
    const { run: _unused, ...defaults } = testJob('test.work', async () => {}, { retryLimit: 1, retryDelaySeconds: 1 });
    return {
      ...defaults,
      batchSize,
      runBatch: async (jobs: BatchedJob<'test.work'>[]) => {
        batches.push(jobs.map(({ data }) => data.n));
        const failures: FailedJob[] = [];
        for (const { data, job } of jobs) {
          const error = fail(data.n, job.attempt);
          if (error) failures.push({ id: job.id, error });
        }
        return failures;
      },
    } as JobDefinition<'test.work'>;
  }

  async function enqueueBacklog(count: number) {
    // Its policy (one retry) is the one the stored jobs keep.
    const web = await queueWith([testJob('test.work', async () => {}, { retryLimit: 1, retryDelaySeconds: 1 })], {
      workers: false,
    });
    await t.app.db.transaction(async (tx) => {
      for (let n = 1; n <= count; n++) await web.enqueue(tx, 'test.work', { n });
    });
  }

  const stateByN = async () =>
    Object.fromEntries(
      (
        (await t.app.db.execute(
          sql`select (data->>'n')::int as n, state::text as state, retry_count as "retryCount", output->>'message' as message
                from pgboss.job where name = 'test.work'`,
        )) as unknown as { rows: { n: number; state: string; retryCount: number; message: string | null }[] }
      ).rows.map((row) => [row.n, row]),
    );

  /** Both jobs of the backlog failed once with their batch, then completed on their retry. */
  const expectBothRetriedOnceThenCompleted = () =>
    expect
      .poll(async () => Object.values(await stateByN()).map((row) => [row.state, row.retryCount]), {
        timeout: 8000,
        interval: 100,
      })
      .toEqual([
        ['completed', 1],
        ['completed', 1],
      ]);

  it('hands due jobs to the batch handler together, completes those that succeeded and retries the one that failed', async () => {
    await enqueueBacklog(5);
    const batches: number[][] = [];
    await queueWith(
      [batchedJob(batches, (n, attempt) => (n === 2 && attempt === 1 ? new Error('mail server busy') : undefined))],
      { pollingIntervalSeconds: 0.5 },
    );
    await expect.poll(async () => (await stateByN())[2]?.state, { timeout: 8000, interval: 100 }).toBe('completed');
    const [first, second, retry] = batches;
    expect([first!.length, second!.length]).toEqual([3, 2]);
    expect([...first!, ...second!].toSorted()).toEqual([1, 2, 3, 4, 5]);
    expect(retry).toEqual([2]);
    const states = await stateByN();
    for (const n of [1, 3, 4, 5]) expect(states[n]).toMatchObject({ state: 'completed', retryCount: 0 });
    expect(states[2]).toMatchObject({ state: 'completed', retryCount: 1 });
  });

  it('ends a job of a batch that can never succeed at once, and the others complete', async () => {
    await enqueueBacklog(3);
    const batches: number[][] = [];
    await queueWith([batchedJob(batches, (n) => (n === 3 ? new PermanentJobError('550 no such mailbox') : undefined))]);
    // 'failed' and not 'retry': its one retry was given up at once.
    await expect.poll(async () => (await stateByN())[3]?.state, { timeout: 5000 }).toBe('failed');
    expect(batches).toHaveLength(1);
    const states = await stateByN();
    expect(states[3]).toMatchObject({ retryCount: 0, message: '550 no such mailbox' });
    expect([states[1]?.state, states[2]?.state]).toEqual(['completed', 'completed']);
  });

  it('runs a look of several batches side by side, one per free slot', async () => {
    await enqueueBacklog(4);
    const batches: number[][] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const definition = batchedJob(batches, () => undefined, 2);
    await queueWith([
      {
        ...definition,
        concurrency: 2,
        runBatch: async (jobs: BatchedJob<'test.work'>[]) => {
          const failures = await definition.runBatch!(jobs);
          await gate;
          return failures;
        },
      } as JobDefinition<'test.work'>,
    ]);
    // Both batches of the one look are running before either ends.
    await expect.poll(() => batches.map((batch) => batch.length), { timeout: 3000, interval: 5 }).toEqual([2, 2]);
    expect(batches.flat().toSorted()).toEqual([1, 2, 3, 4]);
    release();
    await expect
      .poll(async () => Object.values(await stateByN()).map((row) => row.state), { timeout: 3000 })
      .toEqual(['completed', 'completed', 'completed', 'completed']);
  });

  it("keeps a batch's own failures when its completion fails: the permanent one ends, the others run again", async () => {
    const batches: number[][] = [];
    const worker = await queueWith(
      [batchedJob(batches, (n) => (n === 3 ? new PermanentJobError('550 no such mailbox') : undefined))],
      { pollingIntervalSeconds: 0.5 },
    );
    // The statement completing the first batch fails (the database went away for a moment).
    const boss = (worker as unknown as { boss: { complete: (...args: unknown[]) => Promise<unknown> } }).boss;
    const complete = boss.complete.bind(boss);
    let completions = 0;
    boss.complete = (...args) => (++completions === 1 ? Promise.reject(new Error('connection lost')) : complete(...args));
    await enqueueBacklog(3);

    await expect
      .poll(
        async () =>
          Object.values(await stateByN())
            .map((row) => row.state)
            .toSorted(),
        { timeout: 8000, interval: 100 },
      )
      .toEqual(['completed', 'completed', 'failed']);
    const states = await stateByN();
    expect(states[3]).toMatchObject({ state: 'failed', retryCount: 0, message: '550 no such mailbox' });
    expect([states[1]?.retryCount, states[2]?.retryCount]).toEqual([1, 1]);
    // The first run had all three; the retries (each with its own jitter) only the two.
    expect(batches[0]!.toSorted()).toEqual([1, 2, 3]);
    expect(batches.slice(1).flat().toSorted()).toEqual([1, 2]);
  });

  /** A batched kind whose first run answers as `firstRun` does, and whose later runs do their jobs. */
  async function queueMisbehavingOnce(firstRun: () => Promise<FailedJob[]>) {
    let calls = 0;
    const definition = batchedJob([], () => undefined);
    const runBatch = async (jobs: BatchedJob<'test.work'>[]) => (++calls === 1 ? firstRun() : definition.runBatch!(jobs));
    await queueWith([{ ...definition, runBatch } as JobDefinition<'test.work'>], { pollingIntervalSeconds: 0.5 });
  }

  it('fails the whole batch when its handler answers a job that is not in it', async () => {
    await enqueueBacklog(2);
    await queueMisbehavingOnce(async () => [{ id: '00000000-0000-4000-8000-000000000000', error: new Error('not mine') }]);
    await expectBothRetriedOnceThenCompleted();
  });

  it('retries every job of a batch whose handler throws', async () => {
    await enqueueBacklog(2);
    await queueMisbehavingOnce(async () => {
      throw new Error('the database went away');
    });
    await expectBothRetriedOnceThenCompleted();
  });
});

describe('failures', () => {
  it('retries a failing job with growing delays, then ends it as failed with its last error', async () => {
    const attempts: { attempt: number; at: number; last: boolean }[] = [];
    const queue = await queueWith(
      [
        testJob(
          'test.work',
          async (_data, job) => {
            attempts.push({ attempt: job.attempt, at: Date.now(), last: job.lastAttempt });
            throw new Error(`mail server down (attempt ${job.attempt})`);
          },
          { retryLimit: 2, retryDelaySeconds: 1 },
        ),
      ],
      { pollingIntervalSeconds: 0.5 },
    );
    await t.app.db.transaction((tx) => queue.enqueue(tx, 'test.work', { n: 1 }));
    await expect
      .poll(async () => (await storedJobs(t, 'test.work'))[0]?.state, { timeout: 15_000, interval: 200 })
      .toBe('failed');

    expect(attempts.map((a) => [a.attempt, a.last])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    const [first, second, third] = attempts.map((a) => a.at);
    // The first retry waits 1–2 s, the second 2–4 s (exponential, with jitter).
    expect(second! - first!).toBeGreaterThanOrEqual(900);
    expect(third! - second!).toBeGreaterThanOrEqual(1900);
    const [job] = await storedJobs(t, 'test.work');
    expect(job!.output?.message).toBe('mail server down (attempt 3)');
  });

  it('ends a job that can never succeed at its first failure', async () => {
    let runs = 0;
    const queue = await queueWith([
      testJob(
        'test.work',
        async () => {
          runs++;
          throw new PermanentJobError('550 5.1.1 no such mailbox');
        },
        { retryLimit: 5 },
      ),
    ]);
    await t.app.db.transaction((tx) => queue.enqueue(tx, 'test.work', { n: 1 }));
    await expect.poll(async () => (await storedJobs(t, 'test.work'))[0]?.state, { timeout: 5000 }).toBe('failed');
    await delay(1500);
    expect(runs).toBe(1);
    expect((await storedJobs(t, 'test.work'))[0]!.output?.message).toBe('550 5.1.1 no such mailbox');
  });

  it('retries a job whose worker died mid-run, once its timeout has passed and maintenance notices', async () => {
    const delivered: number[] = [];
    const queue = await queueWith(
      [testJob('test.work', async ({ n }) => void delivered.push(n), { timeoutSeconds: 1, retryLimit: 3 })],
      { workers: false },
    );
    await t.app.db.transaction((tx) => queue.enqueue(tx, 'test.work', { n: 1 }));
    await takeJobAndDie(t, 'test.work');
    expect((await storedJobs(t, 'test.work'))[0]!.state).toBe('active');

    const healthy = await queueWith(
      [testJob('test.work', async ({ n }) => void delivered.push(n), { timeoutSeconds: 1, retryLimit: 3 })],
      {
        pollingIntervalSeconds: 0.5,
      },
    );
    await delay(1100);
    await healthy.maintain();
    await expect.poll(() => delivered, { timeout: 8000 }).toEqual([1]);
    expect((await storedJobs(t, 'test.work'))[0]!.retryCount).toBe(1);
  });
});

describe('shutdown', () => {
  it('lets a running job finish before it stops', async () => {
    let finished = false;
    const queue = await startQueue(t, [
      testJob('test.work', async () => {
        await delay(400);
        finished = true;
      }),
    ]);
    await t.app.db.transaction((tx) => queue.enqueue(tx, 'test.work', { n: 1 }));
    await expect.poll(async () => (await storedJobs(t, 'test.work'))[0]?.state).toBe('active');
    await queue.stop();
    expect(finished).toBe(true);
    expect((await storedJobs(t, 'test.work'))[0]!.state).toBe('completed');
  });

  it('fails a job that outlasts the bounded wait, so that it is retried', async () => {
    const queue = await startQueue(t, [testJob('test.work', () => new Promise<void>(() => {}), { retryLimit: 2 })], {
      stopTimeoutMs: 300,
    });
    await t.app.db.transaction((tx) => queue.enqueue(tx, 'test.work', { n: 1 }));
    await expect.poll(async () => (await storedJobs(t, 'test.work'))[0]?.state).toBe('active');
    const stopping = Date.now();
    await queue.stop();
    expect(Date.now() - stopping).toBeLessThan(2000);
    const [job] = await storedJobs(t, 'test.work');
    expect(job!.state).toBe('retry');
    expect(job!.output?.message).toBe('The server stopped while this job was running.');
  });

  // PostgreSQL may have other instances running jobs, so there a dead run waits for its timeout (above).
  if (TEST_DB === 'pglite') {
    it('retries at start a job left running by a crash (the embedded database has no other process)', async () => {
      const delivered: number[] = [];
      const before = await queueWith([testJob('test.work', async () => {}, { retryLimit: 2 })], { workers: false });
      await t.app.db.transaction((tx) => before.enqueue(tx, 'test.work', { n: 5 }));
      await takeJobAndDie(t, 'test.work');

      await queueWith([testJob('test.work', async ({ n }) => void delivered.push(n), { retryLimit: 2 })], {
        pollingIntervalSeconds: 0.5,
      });
      await expect.poll(() => delivered, { timeout: 8000 }).toEqual([5]);
    });
  }
});

if (TEST_DB === 'postgres') {
  describe('keeping each look cheap as jobs pile up', () => {
    const jobTableVacuums = async () => {
      const { rows } = await t.app.dbHandle.runSql(
        `select coalesce(sum(vacuum_count), 0)::int as n from pg_stat_all_tables where schemaname = 'pgboss'`,
      );
      return Number(rows[0]!.n);
    };

    it('takes the next due job from an index in due order, without sorting the backlog', async () => {
      const web = await queueWith([testJob('test.work', async () => {})], { workers: false });
      await t.app.db.transaction(async (tx) => {
        for (let n = 1; n <= 1500; n++) await web.enqueue(tx, 'test.work', { n });
      });
      await t.app.dbHandle.runSql('analyze pgboss.job');
      // pg-boss's look, as it writes it (plans.js fetchNextJob), for one job.
      const { rows } = await t.app.dbHandle.runSql(
        `explain (format json) select id from pgboss.job
            where name = $1 and state < 'active' and start_after < now()
            order by priority desc, created_on, id limit 1 for update skip locked`,
        ['test.work'],
      );
      const plan = JSON.stringify(rows[0]);
      expect(plan).toContain('"Node Type":"Index Scan"');
      expect(plan).not.toContain('"Node Type":"Sort"');
    });

    it('vacuums the job table every so many finished runs, so dead runs do not slow every look', async () => {
      const ran: number[] = [];
      await queueWith([testJob('test.work', async ({ n }) => void ran.push(n), { concurrency: 2 })], { vacuumEveryRuns: 5 });
      const before = await jobTableVacuums();
      for (let n = 1; n <= 4; n++) await t.app.db.transaction((tx) => queues[0]!.enqueue(tx, 'test.work', { n }));
      await expect.poll(() => ran.length, { timeout: 3000, interval: 5 }).toBe(4);
      await delay(300);
      expect(await jobTableVacuums()).toBe(before);

      await t.app.db.transaction((tx) => queues[0]!.enqueue(tx, 'test.work', { n: 5 }));
      await expect.poll(jobTableVacuums, { timeout: 5000, interval: 50 }).toBeGreaterThan(before);
    });
  });
}
