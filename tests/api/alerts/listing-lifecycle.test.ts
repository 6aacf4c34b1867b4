import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, lifecycleMessages } from '#domain/alerts/listing-lifecycle.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { fakeClock } from '#server/clock.ts';
import { products } from '#server/db/schema/index.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { bicycleFields, listingForm } from '../../support/photos.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { alertCalls, notificationsOf, renewTokenIn, runExpiry } from './alerts-calls.ts';

const clock = fakeClock(new Date('2026-03-01T06:00:00Z'));
let t: TestApp;
let calls: ReturnType<typeof alertCalls>;
let seller: UserRow;
let buyer: UserRow;
let admin: UserRow;

beforeAll(async () => {
  t = await createTestApp({ clock });
  calls = alertCalls(t);
  seller = await insertUser(t.app.db, { userName: 'ravi' });
  buyer = await insertUser(t.app.db, { userName: 'meera' });
  admin = await insertUser(t.app.db, { userName: 'dean', email: 'dean@campus.edu', isAdmin: true });
});
afterAll(() => t.close());

/** Sessions follow the app's clock too: a fresh one after every jump in time. */
const cookieOf = (user: UserRow) => sessionCookieFor(t, user.id);

/** A listing listed now by the app's clock, as the sell page would (the factory, for speed). */
async function listNow(title: string, extra: Partial<Parameters<typeof insertListing>[1]> = {}) {
  return insertListing(t.app.db, { sellerId: seller.id, title, category: 'Cycle', createdAt: clock.now(), ...extra });
}

async function stored(id: string) {
  const [row] = await t.app.db.select().from(products).where(eq(products.id, id));
  return row!;
}

async function newestTitles(cookie: string): Promise<string[]> {
  const response = await calls.products(cookie, { sort: 'newest' });
  return body<{ products: Product[] }>(response).products.map((product) => product.title);
}

describe('the life of a listing', () => {
  it('warns the seller three days before, by notification and mail with a renew link, once', async () => {
    const id = await listNow('Ladybird cycle');
    clock.advance(56 * DAY_MS);
    await runExpiry(t);
    expect(await notificationsOf(t, seller.id, 'listing.expiring')).toHaveLength(0);

    clock.advance(DAY_MS + 60_000);
    const before = t.mailer.sent.length;
    expect((await runExpiry(t)).warned).toBeGreaterThanOrEqual(1);
    const [warning] = await notificationsOf(t, seller.id, 'listing.expiring');
    expect(warning!.payload).toMatchObject({ productId: id, productTitle: 'Ladybird cycle' });
    const mail = t.mailer.sent.slice(before).find((sent) => sent.subject.includes('Ladybird cycle'));
    expect(mail!.to).toBe(seller.email);
    expect(mail!.text).toContain(`${t.config.publicUrl}/renew/`);

    await runExpiry(t);
    expect(await notificationsOf(t, seller.id, 'listing.expiring')).toHaveLength(1);
    expect((await stored(id)).expired).toBe(false);
  });

  it('expires a listing not renewed for LISTING_TTL_DAYS: gone from Products, kept on My Listings as expired', async () => {
    const id = await listNow('Firefox cycle');
    const cookie = await cookieOf(buyer);
    expect(await newestTitles(cookie)).toContain('Firefox cycle');

    clock.advance(60 * DAY_MS - 60_000);
    await runExpiry(t);
    expect((await stored(id)).expired).toBe(false);
    clock.advance(60_000);
    expect((await runExpiry(t)).expired).toBeGreaterThanOrEqual(1);

    expect((await stored(id)).expired).toBe(true);
    expect(await newestTitles(await cookieOf(buyer))).not.toContain('Firefox cycle');
    const search = await calls.products(await cookieOf(buyer), { q: 'firefox' });
    expect(body<{ total: number }>(search).total).toBe(0);
    const mine = body<{ products: Product[] }>(await calls.myListings(await cookieOf(seller), seller.id)).products;
    expect(mine.find((product) => product._id === id)).toMatchObject({ title: 'Firefox cycle', expired: true });
    // The product page still answers (a link in an old message), marked expired.
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/products/${id}` });
    expect(body<{ product: Product }>(page).product.expired).toBe(true);
  });

  it('renews an expired listing from My Listings in one call, back at the top of Newest', async () => {
    const id = await listNow('Hercules cycle');
    await listNow('Atlas cycle', { createdAt: new Date(clock.now().getTime() + 1000) });
    clock.advance(61 * DAY_MS);
    await runExpiry(t);
    await listNow('Newer kettle');
    clock.advance(60_000);

    const response = await calls.renew(await cookieOf(seller), id);
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ success: true, msg: lifecycleMessages.renewed });
    const row = await stored(id);
    expect(row.expired).toBe(false);
    expect(row.renewedAt.getTime()).toBe(clock.now().getTime());
    expect(row.expiresAt.getTime()).toBe(clock.now().getTime() + 60 * DAY_MS);
    expect((await newestTitles(await cookieOf(buyer)))[0]).toBe('Hercules cycle');
  });

  it("refuses to renew someone else's listing, a sold one, and one far from expiry", async () => {
    const fresh = await listNow('Brand new lamp');
    const sold = await listNow('Sold lamp', { soldOut: true, buyerId: buyer.id });
    expect((await calls.renew(await cookieOf(buyer), fresh)).statusCode).toBe(403);
    const early = await calls.renew(await cookieOf(seller), fresh);
    expect(early.statusCode).toBe(409);
    expect(body(early).msg).toBe(lifecycleMessages.notRenewableYet);
    const soldAnswer = await calls.renew(await cookieOf(seller), sold);
    expect(soldAnswer.statusCode).toBe(409);
    expect(body(soldAnswer).msg).toBe(lifecycleMessages.soldCannotRenew);
    expect((await calls.renew(await cookieOf(seller), '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('renews through the signed link without a sign-in, once; a tampered link is not valid', async () => {
    const id = await listNow('Study table');
    clock.advance(57 * DAY_MS + 60_000);
    const before = t.mailer.sent.length;
    await runExpiry(t);
    const mail = t.mailer.sent.slice(before).find((sent) => sent.subject.includes('Study table'))!;
    const token = renewTokenIn(mail.text);

    const tampered = token.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    const forged = await calls.renewByLink(tampered);
    expect(forged.statusCode).toBe(404);
    expect(body(forged).msg).toBe(lifecycleMessages.renewLinkInvalid);
    const otherListing = await listNow('Other table');
    const moved = await calls.renewByLink(token.replace(id, otherListing));
    expect(moved.statusCode).toBe(404);
    expect((await calls.renewByLink('not-a-token')).statusCode).toBe(404);

    const renewed = await calls.renewByLink(token);
    expect(renewed.statusCode).toBe(200);
    expect(body(renewed)).toMatchObject({ success: true, productId: id, productTitle: 'Study table' });
    expect((await stored(id)).renewedAt.getTime()).toBe(clock.now().getTime());

    const again = await calls.renewByLink(token);
    expect(again.statusCode).toBe(409);
    expect(body(again).msg).toBe(lifecycleMessages.alreadyRenewed);
  });

  it('lets the renew link expire with the listing', async () => {
    await listNow('Old printer');
    clock.advance(57 * DAY_MS + 60_000);
    const before = t.mailer.sent.length;
    await runExpiry(t);
    const mail = t.mailer.sent.slice(before).find((sent) => sent.subject.includes('Old printer'))!;
    clock.advance(3 * DAY_MS);
    await runExpiry(t);
    const late = await calls.renewByLink(renewTokenIn(mail.text));
    expect(late.statusCode).toBe(410);
    expect(body(late).msg).toBe(lifecycleMessages.renewLinkExpired);
  });

  it('renews a listing when its seller edits it', async () => {
    const id = await listNow('Desk fan');
    clock.advance(61 * DAY_MS);
    await runExpiry(t);
    expect((await stored(id)).expired).toBe(true);
    const response = await calls.edit(await cookieOf(seller), id, listingForm({ ...bicycleFields, title: 'Desk fan, 3 speeds' }));
    expect(response.statusCode).toBe(200);
    const row = await stored(id);
    expect(row).toMatchObject({ expired: false, title: 'Desk fan, 3 speeds' });
    expect(row.renewedAt.getTime()).toBe(clock.now().getTime());
    expect((await newestTitles(await cookieOf(buyer)))[0]).toBe('Desk fan, 3 speeds');
  });

  it('counts expired listings on the admin dashboard', async () => {
    const response = await calls.lifecycleStats(await cookieOf(admin));
    expect(response.statusCode).toBe(200);
    const expiredCount = (await t.app.db.select().from(products).where(eq(products.expired, true))).length;
    expect(body<{ data: { expired: number } }>(response).data.expired).toBe(expiredCount);
    expect(expiredCount).toBeGreaterThan(0);
    expect((await calls.lifecycleStats(await cookieOf(buyer))).statusCode).toBe(403);
  });
});
