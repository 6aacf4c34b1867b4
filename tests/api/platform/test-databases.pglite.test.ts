import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/index.ts';
import { insertUser } from '../../support/factories.ts';
import { type TestDatabase, openTestDatabase } from '../../support/test-database.ts';

/**
 * The API tests' PGlite databases are recycled between files (tests/support/pglite-pool.ts): a
 * closed one is put back as the migrated template was and lent to the next file.
 */
async function instanceOf(database: TestDatabase): Promise<string> {
  const { rows } = await database.handle.runSql('select pg_postmaster_start_time()::text as started');
  return String(rows[0]!.started);
}

async function count(database: TestDatabase, table: string): Promise<number> {
  const { rows } = await database.handle.runSql(`select count(*)::int as n from ${table}`);
  return Number(rows[0]!.n);
}

describe('a test database handed to the next test file', () => {
  it('is the same database, with only the template’s rows and sequences', async () => {
    const first = await openTestDatabase();
    const instance = await instanceOf(first);
    const templateSpots = await count(first, 'safe_spots');
    expect(templateSpots).toBeGreaterThan(0);
    await insertUser(first.handle.db, { email: 'left-behind@campus.edu' });
    await first.handle.runSql('delete from safe_spots');
    await first.handle.runSql(`select nextval('notifications_seq_seq')`);
    await first.dispose();

    const next = await openTestDatabase();
    try {
      expect(await instanceOf(next)).toBe(instance);
      expect(await next.handle.db.select().from(users)).toEqual([]);
      expect(await count(next, 'safe_spots')).toBe(templateSpots);
      const { rows } = await next.handle.runSql(`select nextval('notifications_seq_seq')::int as n`);
      expect(rows[0]!.n).toBe(1);
    } finally {
      await next.dispose();
    }
  });

  it('drops the job partitions the last file added, so its queues can be made again', async () => {
    const first = await openTestDatabase();
    const instance = await instanceOf(first);
    await first.handle.runSql(`
      create table pgboss.j_left_behind (like pgboss.job including all);
      alter table pgboss.job attach partition pgboss.j_left_behind for values in ('left.behind')`);
    await first.dispose();

    const next = await openTestDatabase();
    try {
      expect(await instanceOf(next)).toBe(instance);
      const { rows } = await next.handle.runSql(`select to_regclass('pgboss.j_left_behind') as partition`);
      expect(rows[0]!.partition).toBeNull();
    } finally {
      await next.dispose();
    }
  });

  it('is closed instead when the last file changed its schema', async () => {
    const first = await openTestDatabase();
    const instance = await instanceOf(first);
    await first.handle.db.execute(sql`alter table users add column left_behind int`);
    await first.dispose();

    const next = await openTestDatabase();
    try {
      expect(await instanceOf(next)).not.toBe(instance);
      const { rows } = await next.handle.runSql(
        `select count(*)::int as n from information_schema.columns where table_name = 'users' and column_name = 'left_behind'`,
      );
      expect(rows[0]!.n).toBe(0);
    } finally {
      await next.dispose();
    }
  });

  it('answers nothing more to the file that closed it, nor tells it of the next file’s notifications', async () => {
    const first = await openTestDatabase();
    const heard: string[] = [];
    await first.handle.notifications.listen('left_behind', (payload) => heard.push(payload));
    await first.dispose();
    await expect(first.handle.runSql('select 1')).rejects.toThrow('PGlite is closed');

    const next = await openTestDatabase();
    try {
      const alsoHeard: string[] = [];
      await next.handle.notifications.listen('left_behind', (payload) => alsoHeard.push(payload));
      await next.handle.runSql(`select pg_notify('left_behind', 'hello')`);
      await expect.poll(() => alsoHeard).toEqual(['hello']);
      expect(heard).toEqual([]);
    } finally {
      await next.dispose();
    }
  });
});
