import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { moderationMessages } from '#domain/moderation/moderation.messages.ts';
import { conversationMessages, conversations } from '#server/db/schema/index.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { listingRow, moderationCalls, notificationsOf, storedReports } from './moderation-calls.ts';

let t: TestApp;
let calls: ReturnType<typeof moderationCalls>;
let seller: UserRow;
let students: { user: UserRow; cookie: string }[];
let sellerCookie: string;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({ config: { reportHideThreshold: 3 } });
  calls = moderationCalls(t);
  seller = await insertUser(t.app.db, { userName: 'ravi', email: 'ravi@campus.edu' });
  sellerCookie = await sessionCookieFor(t, seller.id);
  students = [];
  for (const name of ['meera', 'arjun', 'kavya', 'dev']) {
    const user = await insertUser(t.app.db, { userName: name, email: `${name}@campus.edu` });
    students.push({ user, cookie: await sessionCookieFor(t, user.id) });
  }
  const admin = await insertUser(t.app.db, { userName: 'admin', email: 'admin@campus.edu', isAdmin: true });
  adminCookie = await sessionCookieFor(t, admin.id);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.drainJobs();
  t.mailer.sent.length = 0;
});

/** A listing straight into the database, once the caches have heard of it (the Products page's total is cached). */
const listing = async (title = 'Study lamp') => {
  const id = await insertListing(t.app.db, { sellerId: seller.id, title });
  await t.settled();
  return id;
};
const titlesOnProducts = async (cookie: string) =>
  body<{ products: { title: string }[] }>(await calls.products(cookie, { limit: '100' })).products.map((p) => p.title);

describe('reporting', () => {
  it("stores the report and answers 'Thanks — an admin will review this.'", async () => {
    const productId = await listing();
    const response = await calls.report(students[0]!.cookie, {
      targetType: 'listing',
      targetId: productId,
      reason: 'scam',
      details: ' Asked for money upfront ',
    });
    expect(response.statusCode).toBe(201);
    expect(body(response)).toEqual({ success: true, msg: 'Thanks — an admin will review this.' });
    const [stored] = await storedReports(t, productId);
    expect(stored).toMatchObject({
      targetType: 'listing',
      targetUserId: seller.id,
      reporterId: students[0]!.user.id,
      reason: 'scam',
      details: 'Asked for money upfront',
      status: 'open',
    });
  });

  it("refuses a second open report of the same target: 'You have already reported this.' (409)", async () => {
    const productId = await listing();
    await calls.report(students[0]!.cookie, { targetType: 'listing', targetId: productId, reason: 'spam' });
    const again = await calls.report(students[0]!.cookie, { targetType: 'listing', targetId: productId, reason: 'offensive' });
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({ success: false, msg: 'You have already reported this.', code: 'CONFLICT' });
    expect(await storedReports(t, productId)).toHaveLength(1);
  });

  it("requires at least 10 characters of text for 'other'", async () => {
    const productId = await listing();
    const short = await calls.report(students[0]!.cookie, {
      targetType: 'listing',
      targetId: productId,
      reason: 'other',
      details: 'bad thing',
    });
    expect(short.statusCode).toBe(400);
    expect(body(short).msg).toBe(moderationMessages.otherNeedsText);
    const enough = await calls.report(students[0]!.cookie, {
      targetType: 'listing',
      targetId: productId,
      reason: 'other',
      details: 'Photos are stolen',
    });
    expect(enough.statusCode).toBe(201);
  });

  it('refuses details over 500 characters, an unknown reason and an unknown target type', async () => {
    const productId = await listing();
    const long = await calls.report(students[0]!.cookie, {
      targetType: 'listing',
      targetId: productId,
      reason: 'spam',
      details: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    expect(body(long).msg).toBe(moderationMessages.detailsTooLong);
    const reason = await calls.report(students[0]!.cookie, { targetType: 'listing', targetId: productId, reason: 'ugly' });
    expect(reason.statusCode).toBe(400);
    const type = await calls.report(students[0]!.cookie, { targetType: 'shop', targetId: productId, reason: 'spam' });
    expect(type.statusCode).toBe(400);
  });

  it('refuses a report of something that does not exist (404) and of your own listing or yourself (400)', async () => {
    const missing = await calls.report(students[0]!.cookie, {
      targetType: 'listing',
      targetId: '00000000-0000-4000-8000-000000000000',
      reason: 'spam',
    });
    expect(missing.statusCode).toBe(404);
    expect(body(missing).msg).toBe(moderationMessages.targetNotFound);
    const own = await calls.report(sellerCookie, { targetType: 'listing', targetId: await listing(), reason: 'spam' });
    expect(own.statusCode).toBe(400);
    const self = await calls.report(sellerCookie, { targetType: 'user', targetId: seller.id, reason: 'spam' });
    expect(self.statusCode).toBe(400);
  });

  it('reports a user', async () => {
    const response = await calls.report(students[1]!.cookie, {
      targetType: 'user',
      targetId: seller.id,
      reason: 'offensive',
      details: 'Rude in person',
    });
    expect(response.statusCode).toBe(201);
    expect(await storedReports(t, seller.id)).toHaveLength(1);
  });

  it('needs a signed-in user (401)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reports',
      payload: { targetType: 'user', targetId: seller.id, reason: 'spam' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('hiding a listing reported by three students', () => {
  it('keeps the listing visible after two reports and hides it at once after the third, telling the seller', async () => {
    const productId = await listing('Suspicious phone');
    for (const student of students.slice(0, 2)) {
      await calls.report(student.cookie, { targetType: 'listing', targetId: productId, reason: 'scam' });
    }
    expect((await listingRow(t, productId))!.hidden).toBe(false);
    expect(await titlesOnProducts(students[3]!.cookie)).toContain('Suspicious phone');

    await calls.report(students[2]!.cookie, { targetType: 'listing', targetId: productId, reason: 'scam' });
    expect((await listingRow(t, productId))!).toMatchObject({ underReview: true, hidden: true });
    expect(await titlesOnProducts(students[3]!.cookie)).not.toContain('Suspicious phone');
    // Search and a seller's list for others leave it out too; the seller still sees it in My Listings.
    expect(await titlesOnProducts(students[3]!.cookie)).not.toContain('Suspicious phone');
    const search = body<{ products: { title: string }[]; total: number }>(
      await calls.products(students[3]!.cookie, { q: 'Suspicious' }),
    );
    expect(search.products).toHaveLength(0);
    const sellerList = body<{ products: unknown[] }>(
      await calls.products(students[3]!.cookie, { sellerId: seller.id, limit: '100' }),
    );
    expect(sellerList.products.some((p) => (p as { title: string }).title === 'Suspicious phone')).toBe(false);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/v1/products/my-listings/${seller.id}`,
      headers: { cookie: sellerCookie },
    });
    expect(body<{ products: { title: string }[] }>(mine).products.map((p) => p.title)).toContain('Suspicious phone');

    const told = (await notificationsOf(t, seller.id)).filter((n) => n.kind === 'listing.under-review');
    expect(told).toHaveLength(1);
    expect(told[0]!.payload).toEqual({ productId, productTitle: 'Suspicious phone' });
    await t.drainJobs();
    expect(t.mailer.sent.some((mail) => mail.to === 'ravi@campus.edu' && mail.subject.includes('under review'))).toBe(true);

    // A fourth report hides nothing more and tells the seller nothing new.
    await calls.report(students[3]!.cookie, { targetType: 'listing', targetId: productId, reason: 'scam' });
    expect((await notificationsOf(t, seller.id)).filter((n) => n.kind === 'listing.under-review')).toHaveLength(1);
  });

  it("leaves the hidden listing out of the Products page's total and category counts", async () => {
    const before = body<{ total: number }>(await calls.products(students[3]!.cookie)).total;
    const productId = await listing('Counted lamp');
    expect(body<{ total: number }>(await calls.products(students[3]!.cookie)).total).toBe(before + 1);
    for (const student of students.slice(0, 3)) {
      await calls.report(student.cookie, { targetType: 'listing', targetId: productId, reason: 'spam' });
    }
    expect(body<{ total: number }>(await calls.products(students[3]!.cookie)).total).toBe(before);
  });

  it('does not count reports by admins towards the threshold', async () => {
    const productId = await listing('Admin-reported lamp');
    await calls.report(adminCookie, { targetType: 'listing', targetId: productId, reason: 'spam' });
    await calls.report(students[0]!.cookie, { targetType: 'listing', targetId: productId, reason: 'spam' });
    await calls.report(students[1]!.cookie, { targetType: 'listing', targetId: productId, reason: 'spam' });
    expect((await listingRow(t, productId))!.hidden).toBe(false);
  });
});

describe('reporting a message', () => {
  async function conversationWithMessage() {
    const productId = await listing('Cycle');
    const buyer = students[0]!.user;
    const [conversation] = await t.app.db
      .insert(conversations)
      .values({
        productId,
        buyerId: buyer.id,
        sellerId: seller.id,
        productTitle: 'Cycle',
        productPrice: 900,
        lastMessageAt: new Date(),
      })
      .returning();
    const [message] = await t.app.db
      .insert(conversationMessages)
      .values({ conversationId: conversation!.id, authorId: seller.id, kind: 'text', body: 'Pay me first on this link' })
      .returning();
    return message!.id;
  }

  it('lets a participant of the conversation report a message by the other side', async () => {
    const messageId = await conversationWithMessage();
    const response = await calls.report(students[0]!.cookie, { targetType: 'message', targetId: messageId, reason: 'scam' });
    expect(response.statusCode).toBe(201);
    const [stored] = await storedReports(t, messageId);
    expect(stored).toMatchObject({ targetType: 'message', targetUserId: seller.id, reporterId: students[0]!.user.id });
  });

  it('answers 404 to anyone else, as if the message did not exist', async () => {
    const messageId = await conversationWithMessage();
    const response = await calls.report(students[2]!.cookie, { targetType: 'message', targetId: messageId, reason: 'scam' });
    expect(response.statusCode).toBe(404);
    expect(await storedReports(t, messageId)).toHaveLength(0);
  });

  it('shows the reported message with its context in the queue', async () => {
    const messageId = await conversationWithMessage();
    await calls.report(students[0]!.cookie, { targetType: 'message', targetId: messageId, reason: 'scam' });
    const queue = body<{ groups: { targetId: string; message: { body: string; context: { reported: boolean }[] } | null }[] }>(
      await calls.queue(adminCookie),
    );
    const group = queue.groups.find((g) => g.targetId === messageId)!;
    expect(group.message!.body).toBe('Pay me first on this link');
    expect(group.message!.context.filter((m) => m.reported)).toHaveLength(1);
  });
});
