import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkAtCommit, quoteLiteral, sendWithCommit } from '#server/db/client.ts';
import { rateLimits } from '#server/db/schema/index.ts';
import { transactionWithEvents } from '#server/events/event-bus.ts';
import { nextEvents } from '../events/bus-events.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';
import { roundTripsOfTransaction } from './round-trips.ts';

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

  it('sends BEGIN in the round trip of the transaction’s first statement', async () => {
    const trips = await roundTripsOfTransaction(() =>
      t.app.db.transaction(async (tx) => {
        await tx.insert(rateLimits).values(row('begun-1'));
        await tx.insert(rateLimits).values(row('begun-2'));
      }),
    );
    expect(trips).toHaveLength(3);
    expect(trips[0]).toHaveLength(1);
    expect(trips[0]!.join('')).toMatch(/begin[\s\S]*insert into "rate_limits"/);
    expect(trips[2]!.join('')).toMatch(/commit/);
    expect(await stored()).toEqual(expect.arrayContaining(['begun-1', 'begun-2']));
  });

  it('sends the statements a transaction starts together in one write, and hands the connection back as it was', async () => {
    let connection: object | undefined;
    const trips = await roundTripsOfTransaction(() =>
      t.app.db.transaction(async (tx) => {
        connection = (tx._.session as unknown as { client: object }).client;
        await Promise.all(['together-1', 'together-2', 'together-3'].map((key) => tx.insert(rateLimits).values(row(key))));
      }),
    );
    expect(trips.map((trip) => trip.length)).toEqual([1, 1]);
    expect(trips[0]!.join('').match(/insert into "rate_limits"/g)).toHaveLength(3);
    expect(await stored()).toEqual(expect.arrayContaining(['together-1', 'together-2', 'together-3']));
    // Its own query method (the corking one) is gone: the pool's next caller gets node-postgres's.
    expect(connection).toBeInstanceOf(pg.Client);
    expect(Object.hasOwn(connection!, 'query')).toBe(false);
  });

  describe('what is sent with the COMMIT', () => {
    const insertRow = (key: string) =>
      `insert into rate_limits (key, hits, reset_at) values (${quoteLiteral(key)}, 1, now() + interval '1 minute')`;

    /**
     * The text of every statement the transaction's connection is given while `work` runs (the one
     * that was sent `begin`), up to its COMMIT: other connections (the job workers' polls) are left
     * out, and so is a poll that takes the connection back from the pool before `work` resolves.
     */
    async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
      const query = vi.spyOn(pg.Client.prototype, 'query');
      try {
        await work();
        const texts = query.mock.calls.map(([config]) =>
          typeof config === 'string' ? config : (config as { text: string }).text,
        );
        const transactionClient = query.mock.contexts[texts.indexOf('begin')];
        const ofTransaction = texts.filter((_, call) => query.mock.contexts[call] === transactionClient);
        return ofTransaction.slice(0, ofTransaction.findIndex((text) => /(^|;)commit$/.test(text)) + 1);
      } finally {
        query.mockRestore();
      }
    }

    it('runs a statement given to sendWithCommit after the transaction’s own, in the round trip of its COMMIT', async () => {
      const statements = await statementsOf(() =>
        t.app.db.transaction(async (tx) => {
          await tx.insert(rateLimits).values(row('before-commit'));
          expect(sendWithCommit(tx, insertRow('with-commit'))).toBe(true);
        }),
      );
      expect(await stored()).toEqual(expect.arrayContaining(['before-commit', 'with-commit']));
      expect(statements).toHaveLength(3);
      expect(statements[0]).toBe('begin');
      expect(statements[2]).toBe(`${insertRow('with-commit')};commit`);
    });

    it('rolls the whole transaction back when a statement sent with the COMMIT fails', async () => {
      const failed = t.app.db.transaction(async (tx) => {
        await tx.insert(rateLimits).values(row('before-failed-commit'));
        sendWithCommit(tx, insertRow('failed-with-commit'));
        sendWithCommit(tx, 'select 1/0');
      });
      await expect(failed).rejects.toThrow(/division by zero/);
      expect(await stored()).not.toContain('before-failed-commit');
      expect(await stored()).not.toContain('failed-with-commit');
      const rows = await Promise.all(
        Array.from({ length: 10 }, () => firstRow<{ xid: unknown }>(sql`select txid_current_if_assigned() as xid`)),
      );
      expect(rows.map((row) => row.xid)).toEqual(Array(10).fill(null));
    });

    it('awaits a statement given to checkAtCommit only once COMMIT has gone out behind it, in one round trip', async () => {
      const trips = await roundTripsOfTransaction(() =>
        t.app.db.transaction(async (tx) => {
          await tx.insert(rateLimits).values(row('awaited'));
          expect(checkAtCommit(tx, tx.insert(rateLimits).values(row('checked-at-commit')).execute())).toBe(true);
        }),
      );
      // BEGIN with the awaited insert, then the checked one with COMMIT.
      expect(trips).toHaveLength(2);
      expect(trips[1]!.join('')).toMatch(/insert into "rate_limits"[\s\S]*commit/);
      expect(await stored()).toEqual(expect.arrayContaining(['awaited', 'checked-at-commit']));
    });

    it('rolls back and rejects with a checked statement’s own error, not that of the aborted statements behind it', async () => {
      await t.app.db.insert(rateLimits).values(row('taken'));
      const failed = t.app.db.transaction(async (tx) => {
        await tx.insert(rateLimits).values(row('before-failed-check'));
        checkAtCommit(tx, tx.insert(rateLimits).values(row('taken')).execute());
        // Runs after the failed statement, in the aborted transaction.
        await tx.insert(rateLimits).values(row('after-failed-check'));
      });
      // A unique violation (drizzle wraps the driver's error), not 25P02 "current transaction is aborted".
      await expect(failed).rejects.toMatchObject({ cause: { code: '23505' } });
      expect(await stored()).not.toContain('before-failed-check');
      expect(await stored()).not.toContain('after-failed-check');
    });

    it('rejects a transaction that PostgreSQL rolled back at COMMIT, even when the failure was swallowed', async () => {
      const swallowed = t.app.db.transaction(async (tx) => {
        await tx.insert(rateLimits).values(row('swallowed'));
        await tx.execute(sql`select 1/0`).catch(() => {});
      });
      await expect(swallowed).rejects.toThrow(/not committed \(ROLLBACK\)/);
      expect(await stored()).not.toContain('swallowed');
    });

    it('quotes a literal that reads back as written, whatever standard_conforming_strings says', async () => {
      const text = `it's \\ a "test"; commit; -- \\' ünï 🎉`;
      for (const conforming of ['on', 'off']) {
        const read = await t.app.db.transaction(async (tx) => {
          await tx.execute(sql.raw(`set local standard_conforming_strings = ${conforming}`));
          const result = (await tx.execute(sql.raw(`select ${quoteLiteral(text)} as text`))) as unknown as {
            rows: { text: string }[];
          };
          return result.rows[0]!.text;
        });
        expect(read).toBe(text);
      }
    });

    it('leaves a transaction with options to its caller: nothing is sent with its COMMIT', async () => {
      await t.app.db.transaction(
        async (tx) => {
          expect(sendWithCommit(tx, insertRow('not-with-commit'))).toBe(false);
        },
        { isolationLevel: 'serializable' },
      );
      expect(await stored()).not.toContain('not-with-commit');
    });

    it('sends a transactionWithEvents’ events in the round trip of its COMMIT, as one notification in the order published', async () => {
      const arriving = nextEvents(t.app.events, 2);
      const statements = await statementsOf(() =>
        transactionWithEvents(t.app.db, async (tx) => {
          await t.app.events.publish(tx, 'test.ping', { n: 1 });
          await t.app.events.publish(tx, 'test.ping', { n: 2 });
        }),
      );
      expect(statements).toEqual([
        'begin',
        'notify campus_market_events, \'[{"topic":"test.ping","data":{"n":1}},{"topic":"test.ping","data":{"n":2}}]\';commit',
      ]);
      expect(await arriving).toEqual([1, 2]);
    });
  });
});
