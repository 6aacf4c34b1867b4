import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '#server/clock.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListings, insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { moderationCalls } from '../moderation/moderation-calls.ts';
import { NOW, STATS_PATHS, getStats } from './admin-stats-calls.ts';

type Counts = { _id: string; count: number }[];

describe('the dashboard counts the listings students can see, in its Listings total and in both charts', () => {
  let t: TestApp;
  let calls: ReturnType<typeof moderationCalls>;
  let adminCookie: string;
  let seller: UserRow;
  let other: UserRow;
  let reporterCookies: string[];
  let reportedId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: fakeClock(NOW) });
    calls = moderationCalls(t);
    const admin = await insertUser(t.app.db, { userName: 'warden', isAdmin: true });
    adminCookie = await sessionCookieFor(t, admin.id);
    seller = await insertUser(t.app.db, { userName: 'ravi' });
    other = await insertUser(t.app.db, { userName: 'meera' });
    reporterCookies = [];
    for (const userName of ['arjun', 'kavya', 'dev']) {
      reporterCookies.push(await sessionCookieFor(t, (await insertUser(t.app.db, { userName })).id));
    }
    const ids = await insertListings(t.app.db, [
      { sellerId: seller.id, category: 'Books', condition: 'Good' },
      { sellerId: seller.id, category: 'Electronics', condition: 'New' },
      { sellerId: other.id, category: 'Books', condition: 'Good' },
      { sellerId: other.id, category: 'Furniture', condition: 'Fair' },
    ]);
    reportedId = ids[0]!;
  });
  afterAll(() => t.close());

  /** What the dashboard shows: the Listings card (the sum over categories) and the condition chart. */
  async function dashboard() {
    const categories = body<{ data: Counts }>(await getStats(t, STATS_PATHS.category, adminCookie)).data;
    const conditions = body<{ data: Counts }>(await getStats(t, STATS_PATHS.condition, adminCookie)).data;
    const sum = (rows: Counts) => rows.reduce((total, row) => total + row.count, 0);
    return { listingsCard: sum(categories), conditionChart: sum(conditions), conditions };
  }

  /** The kept counters against a count of the table itself. */
  async function countedFromTable() {
    const result = (await t.app.db.execute(
      sql`select condition as "_id", count(*)::int as count from products where not hidden group by condition order by count desc, condition`,
    )) as unknown as { rows: Counts };
    return result.rows.map((row) => ({ _id: row._id, count: Number(row.count) }));
  }

  it('starts with every listing in the card and the chart', async () => {
    expect(await dashboard()).toEqual({
      listingsCard: 4,
      conditionChart: 4,
      conditions: [
        { _id: 'Good', count: 2 },
        { _id: 'Fair', count: 1 },
        { _id: 'New', count: 1 },
      ],
    });
  });

  it('drops a listing hidden by its third report from the card and the chart alike, and restores both when the admin dismisses', async () => {
    for (const cookie of reporterCookies) {
      const response = await calls.report(cookie, { targetType: 'listing', targetId: reportedId, reason: 'scam' });
      expect(response.statusCode).toBe(201);
    }
    const summary = body<{ hiddenPendingReview: number }>(await calls.summary(adminCookie));
    expect(summary.hiddenPendingReview).toBe(1);
    const hidden = await dashboard();
    expect(hidden).toEqual({
      listingsCard: 3,
      conditionChart: 3,
      conditions: [
        { _id: 'Fair', count: 1 },
        { _id: 'Good', count: 1 },
        { _id: 'New', count: 1 },
      ],
    });
    expect(hidden.conditions).toEqual(await countedFromTable());

    const dismissed = await calls.act(adminCookie, {
      action: 'dismiss',
      targetType: 'listing',
      targetId: reportedId,
      reason: 'Looked fine on inspection',
    });
    expect(dismissed.statusCode).toBe(200);
    expect(body<{ hiddenPendingReview: number }>(await calls.summary(adminCookie)).hiddenPendingReview).toBe(0);
    expect(await dashboard()).toMatchObject({ listingsCard: 4, conditionChart: 4 });
  });

  it("drops a suspended seller's listings from both while the suspension lasts, and restores them when it is lifted", async () => {
    const suspended = await calls.act(adminCookie, {
      action: 'suspend',
      targetType: 'user',
      targetId: seller.id,
      reason: 'Spam',
      days: 7,
    });
    expect(suspended.statusCode).toBe(200);
    const held = await dashboard();
    expect(held).toEqual({
      listingsCard: 2,
      conditionChart: 2,
      conditions: [
        { _id: 'Fair', count: 1 },
        { _id: 'Good', count: 1 },
      ],
    });
    expect(held.conditions).toEqual(await countedFromTable());

    const lifted = await calls.act(adminCookie, {
      action: 'lift',
      targetType: 'user',
      targetId: seller.id,
      reason: 'Appeal accepted',
    });
    expect(lifted.statusCode).toBe(200);
    const restored = await dashboard();
    expect(restored).toMatchObject({ listingsCard: 4, conditionChart: 4 });
    expect(restored.conditions).toEqual(await countedFromTable());
  });
});
