import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { listingCalls } from './listing-cache-calls.ts';

// The listing statements send a card's times formatted by PostgreSQL (listing-statements.ts
// isoTime); the wire must read as toISOString writes a time: UTC, milliseconds cut, not rounded.

let t: TestApp;
let calls: ReturnType<typeof listingCalls>;
let cookie: string;
let id: string;

beforeAll(async () => {
  t = await createTestApp();
  calls = listingCalls(t);
  const seller = await insertUser(t.app.db, { userName: 'tara' });
  cookie = await sessionCookieFor(t, (await insertUser(t.app.db, { userName: 'uma' })).id);
  id = await insertListing(t.app.db, { sellerId: seller.id, title: 'Timestamped kettle' });
  await t.app.db.execute(sql`
    update products set created_at = '2026-03-05 10:11:12.123789+05:30', updated_at = '2026-03-06 00:00:00+00',
           renewed_at = '2026-03-07 23:59:59.9996+00', expires_at = '2026-05-06 23:59:59.9996+00'
     where id = ${id}`);
  await calls.settled();
});
afterAll(() => t.close());

const TIMES = {
  createdAt: '2026-03-05T04:41:12.123Z',
  updatedAt: '2026-03-06T00:00:00.000Z',
  renewedAt: '2026-03-07T23:59:59.999Z',
  expiresAt: '2026-05-06T23:59:59.999Z',
};

describe("a card's times", () => {
  it('are ISO text in UTC with milliseconds cut, in a list page, a search and the detail', async () => {
    const [listed] = (await calls.list(cookie)).products;
    expect(listed).toMatchObject({ _id: id, ...TIMES });
    const [found] = (await calls.list(cookie, { q: 'timestamped', sort: 'priceLowHigh' })).products;
    expect(found).toMatchObject({ _id: id, ...TIMES });
    expect((await calls.detail(id, cookie)).product).toMatchObject({ _id: id, ...TIMES });
  });
});
