import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '#server/db/schema/index.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

// Runs only in the PostgreSQL pass: the app's transactions on node-postgres send BEGIN, COMMIT and
// ROLLBACK themselves (db/client.ts), on a connection of the pool.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const row = (key: string) => ({ key, hits: 1, resetAt: new Date(Date.now() + 60_000) });
/** The first row of a raw statement's answer. */
async function firstRow<Row>(statement: ReturnType<typeof sql>): Promise<Row> {
  const result = (await t.app.db.execute(statement)) as unknown as { rows: Row[] };
  return result.rows[0]!;
}
const stored = async () => (await t.app.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key).sort();

describe('transactions on PostgreSQL', () => {
  it('commits all of a transaction’s writes together', async () => {
    await t.app.db.transaction(async (tx) => {
      await tx.insert(rateLimits).values(row('commit-1'));
      await tx.insert(rateLimits).values(row('commit-2'));
    });
    expect(await stored()).toEqual(expect.arrayContaining(['commit-1', 'commit-2']));
  });

  it('rolls every write back when one step fails, and the connection serves the next caller', async () => {
    const failed = t.app.db.transaction(async (tx) => {
      await tx.insert(rateLimits).values(row('rolled-back-1'));
      await tx.insert(rateLimits).values(row('rolled-back-1'));
    });
    await expect(failed).rejects.toThrow();
    expect(await stored()).not.toContain('rolled-back-1');
    // Every connection of the pool is idle again, none left inside the failed transaction.
    const rows = await Promise.all(
      Array.from({ length: 10 }, () => firstRow<{ xid: unknown }>(sql`select txid_current_if_assigned() as xid`)),
    );
    expect(rows.map((row) => row.xid)).toEqual(Array(10).fill(null));
  });

  it('keeps the options of a transaction that has them (read only refuses a write)', async () => {
    const write = t.app.db.transaction(
      async (tx) => {
        await tx.insert(rateLimits).values(row('read-only'));
      },
      { accessMode: 'read only' },
    );
    await expect(write).rejects.toThrow();
    expect(await stored()).not.toContain('read-only');
  });

  it('closes a connection that could not roll back, and the database keeps answering', async () => {
    const lost = t.app.db.transaction(async (tx) => {
      await tx.insert(rateLimits).values(row('lost'));
      await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
    });
    await expect(lost).rejects.toThrow();
    expect(await stored()).not.toContain('lost');
    const answers = await Promise.all(Array.from({ length: 12 }, () => firstRow<{ one: number }>(sql`select 1 as one`)));
    expect(answers.map((row) => row.one)).toEqual(Array(12).fill(1));
  });
});
