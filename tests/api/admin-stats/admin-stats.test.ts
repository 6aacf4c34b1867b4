import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStatsMessages as m } from '#domain/admin-stats/admin-stats.messages.ts';
import { authMessages } from '#domain/users/auth.messages.ts';
import { fakeClock } from '#server/clock.ts';
import { products, users } from '#server/db/schema/index.ts';
import { insertListings, insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { type Campus, NOW, STATS_PATHS, getStats, seedCampus } from './admin-stats-calls.ts';

describe('on the campus in India (SITE_TIME_ZONE Asia/Kolkata, the default)', () => {
  let t: TestApp;
  let campus: Campus;
  let adminCookie: string;
  let studentCookie: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: fakeClock(NOW) });
    expect(t.config.siteTimeZone).toBe('Asia/Kolkata');
    campus = await seedCampus(t);
    adminCookie = await sessionCookieFor(t, campus.admin.id);
    studentCookie = await sessionCookieFor(t, campus.ravi.id);
  });
  afterAll(() => t.close());

  describe.each(Object.entries(STATS_PATHS))('%s (%s)', (_name, path) => {
    it('asks a signed-out caller to log in', async () => {
      const response = await getStats(t, path);
      expect(response.statusCode).toBe(401);
      expect(body(response)).toEqual({ success: false, msg: authMessages.notLoggedIn, code: 'UNAUTHENTICATED' });
    });

    it('refuses a student', async () => {
      const response = await getStats(t, path, studentCookie);
      expect(response.statusCode).toBe(403);
      expect(body(response)).toEqual({ success: false, msg: authMessages.notAdmin, code: 'FORBIDDEN' });
    });
  });

  it('counts listings per category, most first, leaving out empty categories', async () => {
    const response = await getStats(t, STATS_PATHS.category, adminCookie);
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({
      success: true,
      msg: m.byCategory,
      data: [
        { _id: 'Books', count: 3 },
        { _id: 'Electronics', count: 2 },
        { _id: 'Clothing', count: 1 },
        { _id: 'Cycle', count: 1 },
        { _id: 'Furniture', count: 1 },
      ],
    });
  });

  it('counts listings per condition, most first, leaving out empty conditions', async () => {
    const response = await getStats(t, STATS_PATHS.condition, adminCookie);
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({
      success: true,
      msg: m.byCondition,
      data: [
        { _id: 'Good', count: 3 },
        { _id: 'New', count: 2 },
        { _id: 'Excellent', count: 1 },
        { _id: 'Fair', count: 1 },
        { _id: 'Like New', count: 1 },
      ],
    });
  });

  it('counts new listings per calendar month in Kolkata over four months, oldest first, empty months included', async () => {
    const response = await getStats(t, STATS_PATHS.last4months, adminCookie);
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({
      success: true,
      msg: m.perMonth,
      data: [
        { month: 'Jan', count: 1 },
        { month: 'Feb', count: 0 },
        // 31 March 23:30 and 20 March in Kolkata.
        { month: 'Mar', count: 3 },
        // Listed at 2026-03-31T20:00Z: already 1 April in Kolkata.
        { month: 'Apr', count: 1 },
      ],
    });
  });

  it('counts sales per calendar month in Kolkata over three months, by the time of the sale', async () => {
    const before = await getStats(t, STATS_PATHS.sold3months, adminCookie);
    expect(before.statusCode).toBe(200);
    expect(body(before)).toEqual({
      success: true,
      msg: m.salesPerMonth,
      data: [
        { month: 'Feb', sold: 0, value: 0 },
        // Sold at 2026-02-28T19:00Z: 1 March in Kolkata. The 31 January sale is too old.
        // (Seeded as sold, with no price recorded: it adds nothing to the value.)
        { month: 'Mar', sold: 1, value: 0 },
        { month: 'Apr', sold: 0, value: 0 },
      ],
    });
  });

  it('counts a sale in the month the seller accepted it, not the month it was listed', async () => {
    const buyerCookie = await sessionCookieFor(t, campus.kiran.id);
    const sellerCookie = await sessionCookieFor(t, campus.meera.id);
    const productId = campus.januaryListing;
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/interested/mark-interested',
      headers: { cookie: buyerCookie },
      payload: { productId, buyerMessage: 'Is the calculator still available?' },
    });
    expect(asked.statusCode).toBe(200);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products/sold-out',
      headers: { cookie: sellerCookie },
      payload: { productId, buyerId: campus.kiran.id, sellerId: campus.meera.id },
    });
    expect(accepted.statusCode).toBe(200);

    const [stored] = await t.app.db
      .select({ soldAt: products.soldAt, price: products.price, soldPrice: products.soldPrice })
      .from(products)
      .where(eq(products.id, productId));
    expect(stored?.soldAt).toEqual(NOW);
    // A request at the asking price sells at it (issue 23), and the month's value says so.
    expect(stored?.soldPrice).toBe(stored?.price);
    const sales = await getStats(t, STATS_PATHS.sold3months, adminCookie);
    expect(body<{ data: unknown }>(sales).data).toEqual([
      { month: 'Feb', sold: 0, value: 0 },
      { month: 'Mar', sold: 1, value: 0 },
      { month: 'Apr', sold: 1, value: stored!.price },
    ]);
    // It still counts as listed in January.
    const listed = await getStats(t, STATS_PATHS.last4months, adminCookie);
    expect(body<{ data: { month: string; count: number }[] }>(listed).data[0]).toEqual({ month: 'Jan', count: 1 });
  });

  it('counts students (not admins), sellers (a listing ever) and active sellers (a listing since a month ago)', async () => {
    const response = await getStats(t, STATS_PATHS.users, adminCookie);
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({
      success: true,
      msg: m.users,
      // Ravi, Meera, Dev and Kiran; Ravi, Meera and Dev sell; Dev's newest listing is an hour
      // older than 20 March 11:30 in Kolkata, Meera's an hour newer.
      data: { totalUsers: 4, totalSellers: 3, activeSellers: 2 },
    });
  });
});

describe('on a campus in UTC (SITE_TIME_ZONE=UTC)', () => {
  let t: TestApp;
  let adminCookie: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: fakeClock(NOW), config: { siteTimeZone: 'UTC' } });
    const campus = await seedCampus(t);
    adminCookie = await sessionCookieFor(t, campus.admin.id);
  });
  afterAll(() => t.close());

  it('puts the same listings and sales in the months of its own calendar', async () => {
    const listed = await getStats(t, STATS_PATHS.last4months, adminCookie);
    expect(body<{ data: unknown }>(listed).data).toEqual([
      { month: 'Jan', count: 1 },
      { month: 'Feb', count: 0 },
      { month: 'Mar', count: 4 },
      { month: 'Apr', count: 0 },
    ]);
    const sold = await getStats(t, STATS_PATHS.sold3months, adminCookie);
    expect(body<{ data: unknown }>(sold).data).toEqual([
      { month: 'Feb', sold: 1, value: 0 },
      { month: 'Mar', sold: 0, value: 0 },
      { month: 'Apr', sold: 0, value: 0 },
    ]);
  });
});

describe('on a new install', () => {
  let t: TestApp;
  let adminCookie: string;

  beforeAll(async () => {
    // 10 January: the months reach back into the previous year.
    t = await createTestApp({ clock: fakeClock(new Date('2026-01-10T12:00:00Z')) });
    const admin = await insertUser(t.app.db, { isAdmin: true });
    adminCookie = await sessionCookieFor(t, admin.id);
  });
  afterAll(() => t.close());

  it('answers empty counts and every month at zero', async () => {
    const answers = await Promise.all(Object.values(STATS_PATHS).map((path) => getStats(t, path, adminCookie)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((answer) => body<{ data: unknown }>(answer).data)).toEqual([
      [],
      [],
      [
        { month: 'Oct', count: 0 },
        { month: 'Nov', count: 0 },
        { month: 'Dec', count: 0 },
        { month: 'Jan', count: 0 },
      ],
      [
        { month: 'Nov', sold: 0, value: 0 },
        { month: 'Dec', sold: 0, value: 0 },
        { month: 'Jan', sold: 0, value: 0 },
      ],
      { totalUsers: 0, totalSellers: 0, activeSellers: 0 },
    ]);
  });

  it('keeps the per-condition counts exact through listings added, edited and deleted, and a deleted seller', async () => {
    const seller = await insertUser(t.app.db);
    const other = await insertUser(t.app.db);
    const [poor, fair] = await insertListings(t.app.db, [
      { sellerId: seller.id, condition: 'Poor' },
      { sellerId: seller.id, condition: 'Fair' },
      { sellerId: other.id, condition: 'Fair' },
      { sellerId: other.id, condition: 'New' },
    ]);
    const conditions = async () => body<{ data: unknown }>(await getStats(t, STATS_PATHS.condition, adminCookie)).data;
    expect(await conditions()).toEqual([
      { _id: 'Fair', count: 2 },
      { _id: 'New', count: 1 },
      { _id: 'Poor', count: 1 },
    ]);

    await t.app.db.update(products).set({ condition: 'New' }).where(eq(products.id, poor!));
    expect(await conditions()).toEqual([
      { _id: 'Fair', count: 2 },
      { _id: 'New', count: 2 },
    ]);

    await t.app.db.delete(products).where(inArray(products.id, [fair!]));
    expect(await conditions()).toEqual([
      { _id: 'New', count: 2 },
      { _id: 'Fair', count: 1 },
    ]);

    // Deleting an account takes its listings with it (the foreign key cascades).
    await t.app.db.delete(users).where(eq(users.id, seller.id));
    expect(await conditions()).toEqual([
      { _id: 'Fair', count: 1 },
      { _id: 'New', count: 1 },
    ]);
    const stats = body<{ data: unknown }>(await getStats(t, STATS_PATHS.users, adminCookie)).data;
    // Listed "now" by the database's clock, which is long after this test's 10 January.
    expect(stats).toEqual({ totalUsers: 1, totalSellers: 1, activeSellers: 1 });
  });
});
