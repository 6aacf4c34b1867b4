import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '#domain/alerts/listing-lifecycle.ts';
import { fakeClock } from '#server/clock.ts';
import { userBlocks } from '#server/db/schema/index.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { bicycleFields, listingForm } from '../../support/photos.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { buyRequestCalls } from '../buy-requests/buy-request-calls.ts';
import { alertCalls, notificationsOf, runExpiry } from './alerts-calls.ts';

const clock = fakeClock(new Date('2026-05-01T06:00:00Z'));
let t: TestApp;
let calls: ReturnType<typeof alertCalls>;
let seller: UserRow;

beforeAll(async () => {
  t = await createTestApp({ clock });
  calls = alertCalls(t);
  seller = await insertUser(t.app.db, { userName: 'ravi' });
});
afterAll(() => t.close());

async function wishlister(name: string, productId: string) {
  const user = await insertUser(t.app.db, { userName: name });
  const cookie = await sessionCookieFor(t, user.id);
  expect((await calls.wishlist(cookie, productId)).statusCode).toBe(200);
  return { user, cookie };
}

const listNow = (title: string, price: number) =>
  insertListing(t.app.db, { sellerId: seller.id, title, price, category: 'Cycle', createdAt: clock.now() });

async function editPrice(productId: string, price: number) {
  const cookie = await sessionCookieFor(t, seller.id);
  const response = await calls.edit(cookie, productId, listingForm({ ...bicycleFields, title: 'Hero cycle', price }));
  expect(response.statusCode).toBe(200);
  await t.drainJobs();
}

describe('wishlist alerts', () => {
  it('tells every wishlister of a price drop once per drop, with the old and new price', async () => {
    const id = await listNow('Hero cycle', 3000);
    const asha = await wishlister('asha', id);
    const bala = await wishlister('bala', id);
    const before = t.mailer.sent.length;

    await editPrice(id, 2500);
    await editPrice(id, 2500);
    await editPrice(id, 2800);
    await editPrice(id, 2600);

    for (const { user } of [asha, bala]) {
      const drops = await notificationsOf(t, user.id, 'wishlist.price-drop');
      expect(drops.map((drop) => [drop.payload.oldPrice, drop.payload.newPrice])).toEqual([
        [3000, 2500],
        [2800, 2600],
      ]);
    }
    const mails = t.mailer.sent.slice(before).filter((mail) => mail.to === asha.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Price drop: "Hero cycle" is now ₹2,500',
      'Price drop: "Hero cycle" is now ₹2,600',
    ]);
    expect(mails[0]!.text).toContain('went down from ₹3,000 to ₹2,500');
  });

  it('mails a price drop only to those who want such mails', async () => {
    const id = await listNow('Hero cycle', 4000);
    const quiet = await wishlister('chitra', id);
    const off = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/notifications/preferences',
      headers: { cookie: quiet.cookie },
      payload: { kind: 'wishlist.price-drop', email: false },
    });
    expect(off.statusCode).toBe(200);
    const before = t.mailer.sent.length;
    await editPrice(id, 3500);
    expect(await notificationsOf(t, quiet.user.id, 'wishlist.price-drop')).toHaveLength(1);
    expect(t.mailer.sent.slice(before).filter((mail) => mail.to === quiet.user.email)).toHaveLength(0);
  });

  it('tells wishlisters once when the listing is sold, but not the buyer who is told already, nor a blocked student', async () => {
    const id = await listNow('Firefox cycle', 2000);
    const buyer = await wishlister('dev', id);
    const fan = await wishlister('esha', id);
    const blocked = await wishlister('farah', id);
    await t.app.db.insert(userBlocks).values({ blockerId: seller.id, blockedId: blocked.user.id });
    const requests = buyRequestCalls(t);
    expect((await requests.markInterested(buyer.cookie, { productId: id, buyerMessage: 'Still there?' })).statusCode).toBe(200);
    const sellerCookie = await sessionCookieFor(t, seller.id);
    const accepted = await requests.accept(sellerCookie, { buyerId: buyer.user.id, productId: id, sellerId: seller.id });
    expect(accepted.statusCode).toBe(200);
    await t.drainJobs();

    const sold = await notificationsOf(t, fan.user.id, 'wishlist.unavailable');
    expect(sold.map((alert) => alert.payload)).toEqual([{ productId: id, productTitle: 'Firefox cycle', reason: 'sold' }]);
    expect(await notificationsOf(t, blocked.user.id, 'wishlist.unavailable')).toHaveLength(0);
    expect(await notificationsOf(t, buyer.user.id, 'wishlist.unavailable')).toHaveLength(0);
    expect(await notificationsOf(t, seller.id, 'wishlist.unavailable')).toHaveLength(0);
  });

  it('tells wishlisters once when the listing expires', async () => {
    const id = await listNow('Atlas cycle', 1500);
    const fan = await wishlister('gita', id);
    clock.advance(61 * DAY_MS);
    await runExpiry(t);
    await runExpiry(t);
    const expired = await notificationsOf(t, fan.user.id, 'wishlist.unavailable');
    expect(expired.map((alert) => alert.payload)).toEqual([{ productId: id, productTitle: 'Atlas cycle', reason: 'expired' }]);
  });
});
