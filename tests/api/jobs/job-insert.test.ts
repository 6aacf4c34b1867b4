import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertJobsSql, JOB_SCHEMA } from '#server/jobs/job-queue.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

/**
 * The outbox stores a mail's delivery job in the mail's own statement (insertJobsSql) instead of
 * through pg-boss's send(): the row must be the one send() stores, or retries, timeouts and
 * clean-up would differ by the way a job was queued (and a pg-boss upgrade could change send()).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What decides how a job runs: everything but its id, data and the moments it was stored at. */
const POLICY_COLUMNS = sql.raw(`name, priority, state, retry_limit, retry_count, retry_delay, retry_backoff,
  expire_in, keep_until - start_after as kept_for, start_after - created_on as delay, singleton_key, singleton_on,
  dead_letter, policy`);

describe('a job stored by a feature’s own statement', () => {
  it('is the row pg-boss’s send() stores for the same kind', async () => {
    const rows = await t.app.db
      .transaction(async (tx) => {
        const sent = await t.app.jobs.enqueue(tx, 'mail.deliver', { outboxId: randomUUID() });
        const written = randomUUID();
        await tx.execute(
          sql.raw(
            `with source as (select '${written}'::uuid as id) ${insertJobsSql('mail.deliver', {
              id: 'source.id',
              data: `jsonb_build_object('outboxId', source.id)`,
              from: 'source',
            })}`,
          ),
        );
        const { rows: stored } = (await tx.execute(
          sql`select id, data, ${POLICY_COLUMNS} from ${sql.raw(JOB_SCHEMA)}.job where id in (${sent}, ${written}) order by id = ${sent} desc`,
        )) as unknown as { rows: Record<string, unknown>[] };
        throw Object.assign(new Error('roll back'), { stored, written });
      })
      .catch((error: { stored?: Record<string, unknown>[]; written?: string }) => {
        if (!error.stored) throw error;
        return { stored: error.stored, written: error.written! };
      });
    const [bySend, byStatement] = rows.stored;
    expect(byStatement).toMatchObject({ id: rows.written, data: { outboxId: rows.written } });
    const policy = ({ id: _id, data: _data, ...rest }: Record<string, unknown>) => rest;
    expect(policy(byStatement!)).toEqual(policy(bySend!));
    expect(policy(byStatement!)).toMatchObject({ name: 'mail.deliver', state: 'created', retry_limit: 12, retry_backoff: true });
  });

  it('refuses a kind that cannot be written into a statement', () => {
    expect(() => insertJobsSql("x'; drop table users; --" as never, { id: 'a', data: 'b', from: 'c' })).toThrow(
      /cannot be written/,
    );
  });
});
