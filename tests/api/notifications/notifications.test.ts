import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '#domain/notifications/notification-kinds.ts';
import { notificationMessages } from '#domain/notifications/notification.messages.ts';
import { isPushKind } from '#domain/push/push.ts';
import type {
  Notification,
  NotificationPage,
  NotificationPreferencesResponse,
  UnreadCountResponse,
  UnreadCountWithSeqResponse,
} from '#domain/notifications/notification.wire.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { buyRequestCalls } from '../buy-requests/buy-request-calls.ts';
import { titleOf } from '../../support/notification-title.ts';

let t: TestApp;
let calls: ReturnType<typeof buyRequestCalls>;

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://market.campus.edu' } });
  calls = buyRequestCalls(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.drainJobs();
  t.mailer.sent.length = 0;
});

interface Person {
  user: UserRow;
  cookie: string;
}

async function person(name: string): Promise<Person> {
  const user = await insertUser(t.app.db, { userName: name, email: `${name}-${randomUUID().slice(0, 6)}@campus.edu` });
  return { user, cookie: await sessionCookieFor(t, user.id) };
}

const api = {
  list: (who: Person, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: { cookie: who.cookie }, query }),
  unread: (who: Person) =>
    t.app.inject({ method: 'GET', url: '/api/v1/notifications/unread-count', headers: { cookie: who.cookie } }),
  one: (who: Person, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/notifications/${id}`, headers: { cookie: who.cookie } }),
  markRead: (who: Person, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/notifications/${id}/read`, headers: { cookie: who.cookie } }),
  markAllRead: (who: Person) =>
    t.app.inject({ method: 'POST', url: '/api/v1/notifications/read-all', headers: { cookie: who.cookie } }),
  preferences: (who: Person) =>
    t.app.inject({ method: 'GET', url: '/api/v1/notifications/preferences', headers: { cookie: who.cookie } }),
  setPreference: (who: Person, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: '/api/v1/notifications/preferences', headers: { cookie: who.cookie }, payload }),
};

async function requestListing(seller: Person, buyer: Person, title: string) {
  const productId = await insertListing(t.app.db, { sellerId: seller.user.id, title });
  const response = await calls.markInterested(buyer.cookie, { productId, buyerMessage: `Is the ${title} still there?` });
  expect(response.statusCode).toBe(200);
  return productId;
}

async function notificationsOf(who: Person): Promise<Notification[]> {
  return body<NotificationPage>(await api.list(who)).notifications;
}

describe('notifications of buy requests', () => {
  it('tells the seller of a new request, and the buyer of an acceptance and of a rejection', async () => {
    const seller = await person('ravi');
    const buyer = await person('meera');
    const lamp = await requestListing(seller, buyer, 'Study lamp');
    const fan = await requestListing(seller, buyer, 'Desk fan');

    const [second, first] = await notificationsOf(seller);
    expect(first).toMatchObject({
      kind: 'buy-request.received',
      read: false,
      payload: { productId: lamp, productTitle: 'Study lamp', buyerName: 'meera', message: 'Is the Study lamp still there?' },
    });
    expect(second).toMatchObject({ kind: 'buy-request.received', payload: { productId: fan } });

    await calls.accept(seller.cookie, { buyerId: buyer.user.id, productId: lamp, sellerId: seller.user.id });
    await calls.reject(seller.cookie, { buyerId: buyer.user.id, productId: fan, sellerId: seller.user.id });
    const [rejected, accepted] = await notificationsOf(buyer);
    expect(accepted).toMatchObject({
      kind: 'buy-request.accepted',
      payload: { productId: lamp, productTitle: 'Study lamp', sellerName: 'ravi' },
    });
    expect(rejected).toMatchObject({ kind: 'buy-request.rejected', payload: { productId: fan, productTitle: 'Desk fan' } });
    expect(Date.parse(accepted!.createdAt)).not.toBeNaN();

    // Each also went by e-mail (the default).
    await t.drainJobs();
    expect(t.mailer.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      [seller.user.email, 'New buy request for "Study lamp"'],
      [seller.user.email, 'New buy request for "Desk fan"'],
      [buyer.user.email, 'Your buy request for "Study lamp" was accepted'],
      [buyer.user.email, 'Your buy request for "Desk fan" was declined'],
    ]);
  });

  it('does not notify again when the buyer only edits the message of an open request', async () => {
    const seller = await person('asha');
    const buyer = await person('dev');
    const productId = await requestListing(seller, buyer, 'Cycle');
    await calls.markInterested(buyer.cookie, { productId, buyerMessage: 'Would 900 do?' });
    expect(await notificationsOf(seller)).toHaveLength(1);
  });
});

describe('the list', () => {
  it('pages newest first: each page names the cursor of the next, the last page none', async () => {
    const seller = await person('kiran');
    const buyers = await Promise.all(['b1', 'b2', 'b3', 'b4', 'b5'].map((name) => person(name)));
    for (const [index, buyer] of buyers.entries()) await requestListing(seller, buyer, `Item ${index + 1}`);

    const first = body<NotificationPage>(await api.list(seller, { limit: '2' }));
    expect(first.notifications.map((n) => titleOf(n))).toEqual(['Item 5', 'Item 4']);
    expect(first.unreadCount).toBe(5);
    expect(first.nextCursor).toMatch(/^\d+$/);
    const second = body<NotificationPage>(await api.list(seller, { limit: '2', before: first.nextCursor! }));
    expect(second.notifications.map((n) => titleOf(n))).toEqual(['Item 3', 'Item 2']);
    const last = body<NotificationPage>(await api.list(seller, { limit: '2', before: second.nextCursor! }));
    expect(last.notifications.map((n) => titleOf(n))).toEqual(['Item 1']);
    expect(last.nextCursor).toBeNull();

    expect(body<NotificationPage>(await api.list(seller)).notifications).toHaveLength(5);
  });

  it('refuses a page size out of range and a cursor that is not one', async () => {
    const someone = await person('pat');
    for (const limit of ['0', '51', 'ten']) {
      const response = await api.list(someone, { limit });
      expect(response.statusCode).toBe(400);
      expect(body(response)).toMatchObject({ success: false, msg: notificationMessages.limitInvalid });
    }
    const cursor = await api.list(someone, { before: 'abc' });
    expect(body(cursor)).toMatchObject({ success: false, msg: notificationMessages.cursorInvalid });
  });

  it('is for signed-in users only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/notifications' });
    expect(response.statusCode).toBe(401);
  });
});

describe('marking read', () => {
  it('marks one read and answers the unread count; mark all read clears the rest', async () => {
    const seller = await person('neha');
    for (const name of ['x1', 'x2', 'x3']) await requestListing(seller, await person(name), `Thing ${name}`);
    expect(body<UnreadCountResponse>(await api.unread(seller)).unreadCount).toBe(3);

    const [newest] = await notificationsOf(seller);
    const marked = await api.markRead(seller, newest!._id);
    expect(marked.statusCode).toBe(200);
    expect(body(marked)).toEqual({ success: true, unreadCount: 2 });
    expect(body(await api.one(seller, newest!._id))).toMatchObject({
      success: true,
      notification: { _id: newest!._id, read: true },
    });
    // Marking again changes nothing.
    expect(body(await api.markRead(seller, newest!._id))).toEqual({ success: true, unreadCount: 2 });

    expect(body(await api.markAllRead(seller))).toEqual({ success: true, unreadCount: 0 });
    expect((await notificationsOf(seller)).every((n) => n.read)).toBe(true);
    expect(body<UnreadCountResponse>(await api.unread(seller)).unreadCount).toBe(0);
  });

  it("names, with the count, the seq of the user's newest notification, which reading does not change", async () => {
    const seller = await person('tara');
    const buyer = await person('arjun');
    expect(body(await api.unread(seller))).toEqual({ success: true, unreadCount: 0, latestSeq: 0 });

    await requestListing(seller, buyer, 'Geometry box');
    const afterOne = body<UnreadCountWithSeqResponse>(await api.unread(seller));
    expect(afterOne.unreadCount).toBe(1);
    expect(afterOne.latestSeq).toBeGreaterThan(0);

    // Another user's notification is not this user's newest.
    await requestListing(buyer, seller, 'Lab coat');
    expect(body<UnreadCountWithSeqResponse>(await api.unread(seller)).latestSeq).toBe(afterOne.latestSeq);

    await requestListing(seller, await person('dev'), 'Drafter');
    const afterTwo = body<UnreadCountWithSeqResponse>(await api.unread(seller));
    expect(afterTwo).toMatchObject({ unreadCount: 2 });
    expect(afterTwo.latestSeq).toBeGreaterThan(afterOne.latestSeq);

    await api.markAllRead(seller);
    expect(body(await api.unread(seller))).toEqual({ success: true, unreadCount: 0, latestSeq: afterTwo.latestSeq });
  });

  it("answers 404 to reading or marking another user's notification, and leaves it unread", async () => {
    const seller = await person('owner');
    const snoop = await person('snoop');
    await requestListing(seller, await person('asker'), 'Private thing');
    const [theirs] = await notificationsOf(seller);

    for (const response of [await api.one(snoop, theirs!._id), await api.markRead(snoop, theirs!._id)]) {
      expect(response.statusCode).toBe(404);
      expect(body(response)).toEqual({ success: false, msg: notificationMessages.notFound, code: 'NOT_FOUND' });
    }
    await api.markAllRead(snoop);
    expect((await notificationsOf(seller))[0]!.read).toBe(false);
  });

  it('answers 404 to an id that names nothing', async () => {
    const someone = await person('nobody');
    for (const id of [randomUUID(), 'not-an-id']) {
      expect((await api.one(someone, id)).statusCode).toBe(404);
      expect((await api.markRead(someone, id)).statusCode).toBe(404);
    }
  });
});

describe('preferences', () => {
  it('lists every kind with e-mail on by default, and push on for the kinds that are pushed', async () => {
    const someone = await person('fresh');
    expect(body<NotificationPreferencesResponse>(await api.preferences(someone)).preferences).toEqual(
      NOTIFICATION_KINDS.map((kind) => (isPushKind(kind) ? { kind, email: true, push: true } : { kind, email: true })),
    );
    expect(NOTIFICATION_KINDS.slice(0, 3)).toEqual(['buy-request.received', 'buy-request.accepted', 'buy-request.rejected']);
  });

  it('honours "in the app only": the notification is created, no mail is sent', async () => {
    const seller = await person('quiet');
    const saved = await api.setPreference(seller, { kind: 'buy-request.received', email: false });
    expect(saved.statusCode).toBe(200);
    expect(body(saved)).toMatchObject({ success: true, msg: notificationMessages.preferenceSaved });
    expect(body<NotificationPreferencesResponse>(await api.preferences(seller)).preferences).toContainEqual({
      kind: 'buy-request.received',
      email: false,
      push: true,
    });

    await requestListing(seller, await person('loud'), 'Silent lamp');
    expect(await notificationsOf(seller)).toHaveLength(1);
    await t.drainJobs();
    expect(t.mailer.sent.filter((mail) => mail.to === seller.user.email)).toEqual([]);

    // Turned on again, the next one is mailed.
    await api.setPreference(seller, { kind: 'buy-request.received', email: true });
    await requestListing(seller, await person('louder'), 'Loud lamp');
    await t.drainJobs();
    expect(t.mailer.sent.filter((mail) => mail.to === seller.user.email).map((mail) => mail.subject)).toEqual([
      'New buy request for "Loud lamp"',
    ]);
  });

  it('always sends security mails: a reset code reaches a user who turned every kind off', async () => {
    const user = await person('careful');
    for (const kind of ['buy-request.received', 'buy-request.accepted', 'buy-request.rejected']) {
      await api.setPreference(user, { kind, email: false });
    }
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: user.user.email } });
    await t.drainJobs();
    expect(t.mailer.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      [user.user.email, 'Your Campus Market password reset code'],
    ]);
  });

  it('refuses a change that chooses nothing', async () => {
    const someone = await person('undecided');
    const response = await api.setPreference(someone, { kind: 'buy-request.received' });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ success: false, msg: notificationMessages.emailChoiceInvalid });
  });

  it('refuses an unknown kind', async () => {
    const someone = await person('typo');
    const response = await api.setPreference(someone, { kind: 'buy-request.maybe', email: false });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ success: false, msg: notificationMessages.kindInvalid });
  });
});
