import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertUser } from '../../support/factories.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

/**
 * One user's notifications are read newest first on every page (the unread count's newest seq)
 * and in the bell. A busy user whose last notification is old is the worst case: any plan that
 * walks the seq index past the other users' newer notifications costs ~14 ms per 100,000 of them.
 * Runs in the PostgreSQL pass, where the planner's choice is the one production makes.
 */
let t: TestApp;
let quietSeller: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  quietSeller = await insertUser(t.app.db, { userName: 'once-busy' });
  const others = await Promise.all(Array.from({ length: 10 }, () => insertUser(t.app.db)));
  await t.app.db.execute(sql`
    insert into notifications (user_id, kind, payload, read_at)
    select ${quietSeller.id}::uuid, 'buy-request.received', '{}'::jsonb, now() from generate_series(1, 5000)`);
  await t.app.db.execute(sql`
    insert into notifications (user_id, kind, payload, read_at)
    select u, 'buy-request.received', '{}'::jsonb, case when g % 10 = 0 then null else now() end
    from unnest(${`{${others.map((user) => user.id).join(',')}}`}::uuid[]) u, generate_series(1, 3000) g`);
  await t.app.db.execute(sql`vacuum analyze notifications`);
});
afterAll(() => t.close());

async function plan(query: ReturnType<typeof sql>): Promise<string> {
  const result = (await t.app.db.execute(sql`explain ${query}`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe("reading one user's notifications (PostgreSQL plans)", () => {
  const own = () => sql`user_id = ${quietSeller.id}`;

  it('counts the unread and finds the newest seq from their own indexes', async () => {
    const shown = await plan(
      sql`select count(*)::int, coalesce((select max(seq) from notifications where ${own()}), 0)
          from notifications where ${own()} and read_at is null`,
    );
    expect(shown).toContain('notifications_user_seq_idx');
    expect(shown).toContain('notifications_unread_idx');
  });

  it("pages the bell newest first, and replays after a seq, on the user's own index", async () => {
    for (const query of [
      sql`select * from notifications where ${own()} order by seq desc limit 21`,
      sql`select * from notifications where ${own()} and seq < 4000 order by seq desc limit 21`,
      sql`select * from notifications where ${own()} and seq > 10 order by seq limit 101`,
    ]) {
      const shown = await plan(query);
      expect(shown).toContain('notifications_user_seq_idx');
    }
  });

  it('finds one notification by its seq (a live delivery) and keeps seq unique', async () => {
    expect(await plan(sql`select * from notifications where seq = 42`)).toContain('notifications_seq_unique');
    await expect(
      t.app.db.execute(sql`
        insert into notifications (seq, user_id, kind, payload) overriding system value
        select seq, user_id, kind, payload from notifications where ${own()} order by seq desc limit 1`),
    ).rejects.toMatchObject({ cause: { constraint: 'notifications_seq_unique' } });
  });
});
