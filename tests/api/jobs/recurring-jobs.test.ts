import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '#server/db/schema/index.ts';
import { insertUser } from '../../support/factories.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';
import { startQueue, testJob } from './test-queues.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function schedules() {
  const result = (await t.app.db.execute(sql`select name, cron, timezone from pgboss.schedule order by name`)) as unknown as {
    rows: { name: string; cron: string; timezone: string }[];
  };
  return result.rows;
}

describe('recurring jobs', () => {
  it("are registered once with the queue's scheduler, which enqueues each tick once per deployment", async () => {
    const expected = [
      { name: 'auth.housekeeping', cron: '*/15 * * * *', timezone: 'UTC' },
      { name: 'listings.expire', cron: '*/10 * * * *', timezone: 'UTC' },
      { name: 'mail.housekeeping', cron: '17 3 * * *', timezone: 'UTC' },
      { name: 'meetups.remind', cron: '* * * * *', timezone: 'UTC' },
      { name: 'moderation.lift-expired', cron: '* * * * *', timezone: 'UTC' },
      { name: 'reviews.remind', cron: '*/15 * * * *', timezone: 'UTC' },
      { name: 'saved-searches.digest', cron: '30 2 * * *', timezone: 'UTC' },
    ];
    expect(await schedules()).toEqual(expected);
    // A second instance with the same schedules changes nothing.
    const second = await startQueue(t, [
      testJob('auth.housekeeping', async () => {}, { schedule: '*/15 * * * *' }),
      testJob('listings.expire', async () => {}, { schedule: '*/10 * * * *' }),
      testJob('mail.housekeeping', async () => {}, { schedule: '17 3 * * *' }),
      testJob('meetups.remind', async () => {}, { schedule: '* * * * *' }),
      testJob('moderation.lift-expired', async () => {}, { schedule: '* * * * *' }),
      testJob('reviews.remind', async () => {}, { schedule: '*/15 * * * *' }),
      testJob('saved-searches.digest', async () => {}, { schedule: '30 2 * * *' }),
    ]);
    await second.stop();
    expect(await schedules()).toEqual(expected);
  });

  it('sweep expired sessions when the auth housekeeping job runs', async () => {
    const user = await insertUser(t.app.db);
    const past = new Date(Date.now() - 60_000);
    await t.app.db.insert(sessions).values([
      { tokenHash: 'expired-session', userId: user.id, expiresAt: past, absoluteExpiresAt: past },
      {
        tokenHash: 'live-session',
        userId: user.id,
        expiresAt: new Date(Date.now() + 3600_000),
        absoluteExpiresAt: new Date(Date.now() + 3600_000),
      },
    ]);
    await t.app.db.transaction((tx) => t.app.jobs.enqueue(tx, 'auth.housekeeping', {}));
    await t.drainJobs();
    const left = await t.app.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(left.map((row) => row.tokenHash)).toEqual(['live-session']);
  });
});
