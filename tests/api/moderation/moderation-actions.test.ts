import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { moderationMessages } from '#domain/moderation/moderation.messages.ts';
import { fakeClock } from '#server/clock.ts';
import { products, sessions, users } from '#server/db/schema/index.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { DEFAULT_TEST_PASSWORD, insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { auditRows, listingRow, moderationCalls, notificationsOf, storedReports } from './moderation-calls.ts';

const clock = fakeClock(new Date('2026-03-02T06:00:00Z'));
let t: TestApp;
let calls: ReturnType<typeof moderationCalls>;
let admin: UserRow;
let adminCookie: string;
let reporters: { user: UserRow; cookie: string }[];

beforeAll(async () => {
  t = await createTestApp({ clock, config: { contactEmail: 'appeals@campus.edu', siteTimeZone: 'Asia/Kolkata' } });
  calls = moderationCalls(t);
  admin = await insertUser(t.app.db, { userName: 'admin', email: 'admin@campus.edu', isAdmin: true });
  adminCookie = await sessionCookieFor(t, admin.id);
  reporters = [];
  for (const name of ['meera', 'arjun', 'kavya']) {
    const user = await insertUser(t.app.db, { userName: name, email: `${name}@campus.edu` });
    reporters.push({ user, cookie: await sessionCookieFor(t, user.id) });
  }
});
afterAll(() => t.close());
beforeEach(async () => {
  // The fake clock moves by days and years below: fresh sessions keep the admin signed in.
  adminCookie = await sessionCookieFor(t, admin.id);
  for (const reporter of reporters) reporter.cookie = await sessionCookieFor(t, reporter.user.id);
  await t.drainJobs();
  t.mailer.sent.length = 0;
});

let sellerCount = 0;
async function newSeller() {
  sellerCount += 1;
  const user = await insertUser(t.app.db, { userName: `seller${sellerCount}`, email: `seller${sellerCount}@campus.edu` });
  return { user, cookie: await sessionCookieFor(t, user.id) };
}

async function reportedListing(sellerId: string, title: string, by = reporters) {
  const productId = await insertListing(t.app.db, { sellerId, title });
  for (const reporter of by) await calls.report(reporter.cookie, { targetType: 'listing', targetId: productId, reason: 'scam' });
  return productId;
}

const logIn = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: DEFAULT_TEST_PASSWORD } });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/v1/notifications/unread-count', headers: { cookie } });

describe('who may moderate', () => {
  it('refuses the queue, the actions, the audit log, the words and the summary to a student (403)', async () => {
    const student = reporters[0]!.cookie;
    const seller = await newSeller();
    for (const response of [
      await calls.queue(student),
      await calls.act(student, { action: 'warn', targetType: 'user', targetId: seller.user.id, reason: 'x' }),
      await calls.audit(student),
      await calls.words(student),
      await calls.addWord(student, 'scam'),
      await calls.summary(student),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    expect((await t.app.db.select().from(users).where(eq(users.id, seller.user.id)))[0]!.suspendedUntil).toBeNull();
  });

  it('refuses to warn, suspend or ban an admin', async () => {
    const other = await insertUser(t.app.db, { userName: 'admin2', email: 'admin2@campus.edu', isAdmin: true });
    for (const action of ['warn', 'suspend', 'ban'] as const) {
      const response = await calls.act(adminCookie, {
        action,
        targetType: 'user',
        targetId: other.id,
        reason: 'Testing',
        days: 7,
      });
      expect(response.statusCode).toBe(403);
      expect(body(response).msg).toBe(moderationMessages.cannotActOnAdmin);
    }
  });

  it('needs a reason', async () => {
    const seller = await newSeller();
    const response = await calls.act(adminCookie, { action: 'warn', targetType: 'user', targetId: seller.user.id, reason: '  ' });
    expect(response.statusCode).toBe(400);
    expect(body(response).msg).toBe(moderationMessages.actionReasonRequired);
  });
});

describe('the queue', () => {
  it('groups open reports by target, most-reported first, with reasons and the owner', async () => {
    const seller = await newSeller();
    const once = await reportedListing(seller.user.id, 'Once reported', reporters.slice(0, 1));
    const thrice = await reportedListing(seller.user.id, 'Thrice reported');
    const queue = body<{
      groups: { targetId: string; reportCount: number; listing: { title: string } | null; user: { userName: string } }[];
    }>(await calls.queue(adminCookie));
    const ids = queue.groups.map((group) => group.targetId);
    expect(ids.indexOf(thrice)).toBeLessThan(ids.indexOf(once));
    const group = queue.groups.find((g) => g.targetId === thrice)!;
    expect(group).toMatchObject({
      reportCount: 3,
      listing: { title: 'Thrice reported' },
      user: { userName: seller.user.userName },
    });
  });
});

describe('dismissing', () => {
  it('closes the reports, shows the listing again, tells reporters "no action" and mails the seller the reason', async () => {
    const seller = await newSeller();
    const productId = await reportedListing(seller.user.id, 'Fine lamp');
    expect((await listingRow(t, productId))!.hidden).toBe(true);
    const response = await calls.act(adminCookie, {
      action: 'dismiss',
      targetType: 'listing',
      targetId: productId,
      reason: 'Nothing wrong here',
    });
    expect(body(response)).toEqual({ success: true, msg: moderationMessages.dismissed });
    expect((await listingRow(t, productId))!.hidden).toBe(false);
    expect((await storedReports(t, productId)).map((r) => [r.status, r.outcome, r.resolvedBy])).toEqual(
      reporters.map(() => ['dismissed', 'no-action', admin.id]),
    );
    const told = (await notificationsOf(t, reporters[0]!.user.id)).filter((n) => n.kind === 'report.outcome');
    expect(told.at(-1)!.payload).toEqual({ targetType: 'listing', targetLabel: 'the listing "Fine lamp"', outcome: 'no-action' });
    expect(JSON.stringify(told)).not.toContain('admin');
    await t.drainJobs();
    const mail = t.mailer.sent.find((m) => m.to === seller.user.email && m.subject.includes('dismissed'))!;
    expect(mail.text).toContain('Nothing wrong here');
  });
});

describe('removing a listing', () => {
  it('deletes it, mails and notifies the seller with the reason, tells reporters "removed" and records the action', async () => {
    const seller = await newSeller();
    const productId = await reportedListing(seller.user.id, 'Fake iPhone');
    const response = await calls.act(adminCookie, {
      action: 'remove-listing',
      targetType: 'listing',
      targetId: productId,
      reason: 'Counterfeit goods',
    });
    expect(body(response)).toEqual({ success: true, msg: moderationMessages.listingRemoved });
    expect(await listingRow(t, productId)).toBeUndefined();
    const notice = (await notificationsOf(t, seller.user.id)).find((n) => n.kind === 'moderation.notice')!;
    expect(notice.payload).toMatchObject({ action: 'remove-listing', reason: 'Counterfeit goods', productTitle: 'Fake iPhone' });
    const outcome = (await notificationsOf(t, reporters[1]!.user.id)).filter((n) => n.kind === 'report.outcome').at(-1)!;
    expect(outcome.payload).toMatchObject({ outcome: 'removed' });
    await t.drainJobs();
    const mail = t.mailer.sent.find((m) => m.to === seller.user.email && m.subject.includes('removed'))!;
    expect(mail.subject).toContain('Your listing "Fake iPhone" was removed.');
    expect(mail.text).toContain('Counterfeit goods');
    expect(mail.text).toContain('appeals@campus.edu');
    expect(t.mailer.sent.some((m) => m.to === 'meera@campus.edu' && m.text.includes('it was removed'))).toBe(true);
    expect(t.mailer.sent.every((m) => !m.text.includes('admin@campus.edu'))).toBe(true);
    const [row] = (await auditRows(t)).filter((r) => r.action === 'moderation.remove-listing' && r.targetId === productId);
    expect(row).toMatchObject({ actorId: admin.id, targetType: 'listing', subjectUserId: seller.user.id });
    expect(row!.details).toMatchObject({ reason: 'Counterfeit goods', title: 'Fake iPhone' });
  });
});

describe('warning', () => {
  it('mails the user the reason, closes the reports on them and records it', async () => {
    const seller = await newSeller();
    await calls.report(reporters[0]!.cookie, { targetType: 'user', targetId: seller.user.id, reason: 'offensive' });
    await calls.act(adminCookie, {
      action: 'warn',
      targetType: 'user',
      targetId: seller.user.id,
      reason: 'Be polite in messages',
    });
    expect((await storedReports(t, seller.user.id))[0]).toMatchObject({ status: 'actioned', outcome: 'action-taken' });
    await t.drainJobs();
    expect(t.mailer.sent.find((m) => m.to === seller.user.email)!.text).toContain('Be polite in messages');
    expect((await auditRows(t)).some((r) => r.action === 'moderation.warn' && r.targetId === seller.user.id)).toBe(true);
  });
});

describe('suspending', () => {
  it('ends every session at once, hides the listings, refuses login saying until when and how to appeal; expiry restores', async () => {
    const seller = await newSeller();
    const productId = await insertListing(t.app.db, { sellerId: seller.user.id, title: 'Desk fan' });
    const response = await calls.act(adminCookie, {
      action: 'suspend',
      targetType: 'user',
      targetId: seller.user.id,
      reason: 'Spamming listings',
      days: 7,
    });
    expect(body(response)).toEqual({ success: true, msg: moderationMessages.userSuspended });

    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, seller.user.id))).toHaveLength(0);
    expect((await me(seller.cookie)).statusCode).toBe(401);
    expect((await listingRow(t, productId))!.hidden).toBe(true);

    const login = await logIn(seller.user.email);
    expect(login.statusCode).toBe(403);
    expect(body(login).msg).toBe(
      'Your account is suspended until 9 March 2026 at 11:30 am IST. To appeal, write to appeals@campus.edu.',
    );
    await t.drainJobs();
    const mail = t.mailer.sent.find((m) => m.to === seller.user.email)!;
    expect(mail.text).toContain('Spamming listings');
    expect(mail.text).toContain('suspended until 9 March 2026');

    // Not yet over: the expiry job leaves it.
    clock.advance(6 * 24 * 3600_000);
    await t.app.jobs.enqueue(t.app.db, 'moderation.lift-expired', {});
    await t.drainJobs();
    expect((await listingRow(t, productId))!.hidden).toBe(true);

    clock.advance(24 * 3600_000 + 60_000);
    await t.app.jobs.enqueue(t.app.db, 'moderation.lift-expired', {});
    await t.drainJobs();
    expect((await listingRow(t, productId))!.hidden).toBe(false);
    const [user] = await t.app.db.select().from(users).where(eq(users.id, seller.user.id));
    expect(user!.suspendedUntil).toBeNull();
    expect((await logIn(seller.user.email)).statusCode).toBe(200);
  });

  it('records the end of a suspension at its time in the audit log, with the system as the actor, not as an admin action', async () => {
    const seller = await newSeller();
    await calls.act(adminCookie, { action: 'suspend', targetType: 'user', targetId: seller.user.id, reason: 'Spam', days: 1 });
    const suspendedUntil = new Date(clock.now().getTime() + 24 * 3600_000).toISOString();
    // The job runs before the time is over (nothing to record), then after it.
    await t.app.jobs.enqueue(t.app.db, 'moderation.lift-expired', {});
    await t.drainJobs();
    clock.advance(24 * 3600_000 + 60_000);
    await t.app.jobs.enqueue(t.app.db, 'moderation.lift-expired', {});
    await t.drainJobs();
    await t.app.jobs.enqueue(t.app.db, 'moderation.lift-expired', {});
    await t.drainJobs();

    const response = await calls.audit(adminCookie, { action: 'moderation.expire', targetId: seller.user.id });
    expect(response.statusCode).toBe(200);
    const { entries } = body<{ entries: Record<string, unknown>[] }>(response);
    expect(entries).toEqual([
      {
        _id: expect.any(String),
        actorId: null,
        actorEmail: null,
        action: 'moderation.expire',
        targetType: 'user',
        targetId: seller.user.id,
        subjectUserId: seller.user.id,
        details: { reason: moderationMessages.suspensionExpired, until: suspendedUntil },
        createdAt: clock.now().toISOString(),
      },
    ]);
    const rows = await auditRows(t);
    const history = rows.filter((row) => row.subjectUserId === seller.user.id).sort((a, b) => +a.createdAt - +b.createdAt);
    expect(history.map((row) => row.action)).toEqual(['moderation.suspend', 'moderation.expire']);

    // Moderation actions per week count the admins' decisions; the system's lift is none of them.
    const weeks = body<{ actionsPerWeek: { weekStart: string; count: number }[] }>(
      await calls.summary(adminCookie),
    ).actionsPerWeek;
    const firstWeek = new Date(`${weeks[0]!.weekStart}T00:00:00Z`);
    const inWeeks = rows.filter((row) => row.action.startsWith('moderation.') && row.createdAt >= firstWeek);
    expect(inWeeks.some((row) => row.actorId === null)).toBe(true);
    expect(weeks.reduce((sum, week) => sum + week.count, 0)).toBe(inWeeks.filter((row) => row.actorId !== null).length);
  });

  it('lifting early restores login and listings, and is recorded', async () => {
    const seller = await newSeller();
    const productId = await insertListing(t.app.db, { sellerId: seller.user.id, title: 'Kettle' });
    await calls.act(adminCookie, { action: 'suspend', targetType: 'user', targetId: seller.user.id, reason: 'Spam', days: 30 });
    const lifted = await calls.act(adminCookie, {
      action: 'lift',
      targetType: 'user',
      targetId: seller.user.id,
      reason: 'Appeal accepted',
    });
    expect(body(lifted)).toEqual({ success: true, msg: moderationMessages.suspensionLifted });
    expect((await listingRow(t, productId))!.hidden).toBe(false);
    expect((await logIn(seller.user.email)).statusCode).toBe(200);
    const actions = (await auditRows(t)).filter((r) => r.subjectUserId === seller.user.id).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['moderation.suspend', 'moderation.lift']));
  });

  it('keeps a listing under review hidden when the suspension of its seller ends', async () => {
    const seller = await newSeller();
    const productId = await reportedListing(seller.user.id, 'Reported and suspended');
    await calls.act(adminCookie, { action: 'suspend', targetType: 'user', targetId: seller.user.id, reason: 'Spam', days: 1 });
    await calls.act(adminCookie, { action: 'lift', targetType: 'user', targetId: seller.user.id, reason: 'Early' });
    expect((await listingRow(t, productId))!).toMatchObject({ sellerHeld: false, underReview: true, hidden: true });
  });
});

describe('banning', () => {
  it('ends the sessions, hides the listings and refuses login permanently, with the appeal address', async () => {
    const seller = await newSeller();
    const productId = await insertListing(t.app.db, { sellerId: seller.user.id, title: 'Old phone' });
    await calls.act(adminCookie, { action: 'ban', targetType: 'user', targetId: seller.user.id, reason: 'Repeated scams' });
    expect((await me(seller.cookie)).statusCode).toBe(401);
    expect((await listingRow(t, productId))!.hidden).toBe(true);
    const login = await logIn(seller.user.email);
    expect(login.statusCode).toBe(403);
    expect(body(login).msg).toBe('Your account is banned permanently. To appeal, write to appeals@campus.edu.');
    clock.advance(365 * 24 * 3600_000);
    await t.app.jobs.enqueue(t.app.db, 'moderation.lift-expired', {});
    await t.drainJobs();
    expect((await logIn(seller.user.email)).statusCode).toBe(403);
    expect((await auditRows(t)).some((r) => r.action === 'moderation.ban' && r.targetId === seller.user.id)).toBe(true);
  });

  it('tells a wrong password apart from nothing: a banned account with a wrong password is the usual 401', async () => {
    const seller = await newSeller();
    await calls.act(adminCookie, { action: 'ban', targetType: 'user', targetId: seller.user.id, reason: 'Scams' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: seller.user.email, password: 'wrong-pass-1!' },
    });
    expect(login.statusCode).toBe(401);
  });
});

describe('the audit log', () => {
  it('lists actions newest first, filtered by admin, action, target and date, in pages', async () => {
    const seller = await newSeller();
    // The fake clock stands still between calls: a minute on, this action is the newest.
    clock.advance(60_000);
    await calls.act(adminCookie, { action: 'warn', targetType: 'user', targetId: seller.user.id, reason: 'First' });
    const response = await calls.audit(adminCookie);
    expect(response.json()).toMatchObject({ success: true });
    const all = body<{
      entries: { action: string; targetId: string; actorEmail: string }[];
      hasMore: boolean;
      admins: unknown[];
    }>(await calls.audit(adminCookie));
    expect(all.entries[0]).toMatchObject({ action: 'moderation.warn', targetId: seller.user.id, actorEmail: 'admin@campus.edu' });
    expect(all.admins.length).toBeGreaterThan(0);
    const byAction = body<{ entries: { action: string }[] }>(await calls.audit(adminCookie, { action: 'moderation.ban' }));
    expect(byAction.entries.every((e) => e.action === 'moderation.ban')).toBe(true);
    const byTarget = body<{ entries: { targetId: string }[] }>(await calls.audit(adminCookie, { targetId: seller.user.id }));
    expect(byTarget.entries).toHaveLength(1);
    const byActor = body<{ entries: unknown[] }>(await calls.audit(adminCookie, { actorId: reporters[0]!.user.id }));
    expect(byActor.entries).toHaveLength(0);
    const today = clock.now().toISOString().slice(0, 10);
    const byDate = body<{ entries: { targetId: string }[] }>(await calls.audit(adminCookie, { from: today, to: today }));
    expect(byDate.entries.map((e) => e.targetId)).toContain(seller.user.id);
    const before = body<{ entries: unknown[] }>(await calls.audit(adminCookie, { to: '2020-01-01' }));
    expect(before.entries).toHaveLength(0);
  });

  it('records the admin actions that existed before: deleting a user and an admin deleting a listing', async () => {
    const seller = await newSeller();
    const productId = await insertListing(t.app.db, { sellerId: seller.user.id, title: 'Admin-deleted' });
    await t.app.inject({ method: 'DELETE', url: `/api/v1/products/delete/${productId}`, headers: { cookie: adminCookie } });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/delete-account/${seller.user.id}`,
      headers: { cookie: adminCookie },
    });
    const actions = (await auditRows(t)).filter((r) => r.subjectUserId === seller.user.id).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['product.delete', 'user.delete']));
  });
});

describe('the dashboard summary', () => {
  it('counts open reports, listings pending review, failed jobs and actions per week', async () => {
    const seller = await newSeller();
    await reportedListing(seller.user.id, 'Summary lamp');
    const summary = body<{
      openReports: number;
      hiddenPendingReview: number;
      failedJobs: number;
      actionsPerWeek: { count: number }[];
    }>(await calls.summary(adminCookie));
    expect(summary.openReports).toBeGreaterThanOrEqual(3);
    expect(summary.hiddenPendingReview).toBeGreaterThanOrEqual(1);
    expect(summary.failedJobs).toBe(0);
    expect(summary.actionsPerWeek).toHaveLength(8);
    expect(summary.actionsPerWeek.at(-1)!.count).toBeGreaterThan(0);
    expect(await t.app.db.select().from(products).where(eq(products.underReview, true))).not.toHaveLength(0);
  });
});
