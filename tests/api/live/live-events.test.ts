import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEventData } from '#domain/notifications/live-events.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type SseConnection, openSse } from '../../support/sse-client.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { buyRequestCalls } from '../buy-requests/buy-request-calls.ts';
import { titleOf } from '../../support/notification-title.ts';

let t: TestApp;
let base: string;
let seller: UserRow;
let buyer: UserRow;
let sellerCookie: string;
let buyerCookie: string;
const open: SseConnection[] = [];

beforeAll(async () => {
  t = await createTestApp({ live: { heartbeatMs: 300 } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  seller = await insertUser(t.app.db, { userName: 'ravi' });
  buyer = await insertUser(t.app.db, { userName: 'meera' });
  sellerCookie = await sessionCookieFor(t, seller.id);
  buyerCookie = await sessionCookieFor(t, buyer.id);
});
afterEach(() => {
  for (const connection of open.splice(0)) connection.close();
});
afterAll(() => t.close());

async function stream(cookie: string, lastEventId?: string) {
  const connection = await openSse(`${base}/api/v1/events`, { cookie, ...(lastEventId ? { lastEventId } : {}) });
  open.push(connection);
  return connection;
}

async function requestListing(title: string) {
  const productId = await insertListing(t.app.db, { sellerId: seller.id, title });
  const response = await buyRequestCalls(t).markInterested(buyerCookie, { productId, buyerMessage: `Is the ${title} there?` });
  expect(response.statusCode).toBe(200);
  return productId;
}

const notificationAbout = (title: string) => (event: { event: string; data: unknown }) =>
  event.event === 'notification' && titleOf((event.data as LiveEventData['notification']).notification) === title;

describe('the live stream', () => {
  it('is refused without a session', async () => {
    const anonymous = await openSse(`${base}/api/v1/events`);
    open.push(anonymous);
    expect(anonymous.status).toBe(401);
  });

  it('is an uncompressed event stream, even to a client that accepts compression', async () => {
    const connection = await openSse(`${base}/api/v1/events`, {
      cookie: sellerCookie,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    open.push(connection);
    expect(connection.status).toBe(200);
    expect(connection.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(connection.headers['content-encoding']).toBeUndefined();
    expect(connection.headers['cache-control']).toBe('no-store');
    expect(connection.headers['x-content-type-options']).toBe('nosniff');
  });

  it('pushes a new notification, with its id, within a second of the commit', async () => {
    const connection = await stream(sellerCookie);
    const started = Date.now();
    await requestListing('Desk lamp');
    const event = await connection.next(notificationAbout('Desk lamp'), 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(event.id).toMatch(/^\d+$/);
    const data = event.data as LiveEventData['notification'];
    expect(data.notification).toMatchObject({ kind: 'buy-request.received', read: false, payload: { buyerName: 'meera' } });
    expect(data.unreadCount).toBeGreaterThanOrEqual(1);
  });

  it("sends only the user's own notifications", async () => {
    const other = await stream(buyerCookie);
    await requestListing('Not for the buyer');
    await expect(other.next(notificationAbout('Not for the buyer'), 500)).rejects.toThrow(/no matching event/);
  });

  it('tells every tab of the user when notifications are marked read', async () => {
    const tab = await stream(sellerCookie);
    await t.app.inject({ method: 'POST', url: '/api/v1/notifications/read-all', headers: { cookie: sellerCookie } });
    const event = await tab.next((each) => each.event === 'notifications-read');
    expect(event.data).toEqual({ unreadCount: 0 });
  });

  it('tells every stream, whoever it belongs to, that a listing sold', async () => {
    const bystander = await stream(await sessionCookieFor(t, (await insertUser(t.app.db)).id));
    const productId = await requestListing('Bicycle');
    await buyRequestCalls(t).accept(sellerCookie, { buyerId: buyer.id, productId, sellerId: seller.id });
    const event = await bystander.next((each) => each.event === 'listing-sold');
    expect(event.data).toEqual({ productId });
    expect(event.id).toBeUndefined();
  });

  it('sends heartbeats while nothing happens', async () => {
    const quiet = await stream(buyerCookie);
    await expect
      .poll(() => quiet.comments.filter((comment) => comment === 'heartbeat').length, { timeout: 3000 })
      .toBeGreaterThanOrEqual(2);
  });
});

describe('reconnecting with Last-Event-ID', () => {
  it('replays, in order, the notifications missed while disconnected, then carries on live', async () => {
    const first = await stream(sellerCookie);
    await requestListing('Before the drop');
    const seen = await first.next(notificationAbout('Before the drop'));
    first.close();

    await requestListing('Missed one');
    await requestListing('Missed two');
    const again = await stream(sellerCookie, seen.id);
    await again.next(notificationAbout('Missed two'));
    const replayed = again.events.filter((event) => event.event === 'notification');
    expect(replayed.map((event) => titleOf((event.data as LiveEventData['notification']).notification))).toEqual([
      'Missed one',
      'Missed two',
    ]);
    expect(Number(replayed[0]!.id)).toBeGreaterThan(Number(seen.id));
    expect(Number(replayed[1]!.id)).toBeGreaterThan(Number(replayed[0]!.id));

    await requestListing('After the reconnect');
    await again.next(notificationAbout('After the reconnect'));
  });
});

describe('opening the stream after the page was drawn', () => {
  it("replays what came in after the unread count's latestSeq, and nothing the page already had", async () => {
    await requestListing('Already on the page');
    const counted = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications/unread-count',
      headers: { cookie: sellerCookie },
    });
    const { latestSeq } = counted.json<{ latestSeq: number }>();

    // The scripts are still loading when this request comes in.
    await requestListing('While the page loaded');
    const opened = await stream(sellerCookie, String(latestSeq));
    const replayed = await opened.next(notificationAbout('While the page loaded'));
    expect(Number(replayed.id)).toBeGreaterThan(latestSeq);
    expect(opened.events.filter(notificationAbout('Already on the page'))).toEqual([]);
  });
});

describe('ending streams', () => {
  it('ends the stream of a session that logged out, at the next heartbeat', async () => {
    const cookie = await sessionCookieFor(t, seller.id);
    const connection = await stream(cookie);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie } });
    await connection.end(3000);
  });

  it('forgets streams whose clients vanished', async () => {
    const before = t.app.live.size;
    const tabs = await Promise.all([stream(sellerCookie), stream(buyerCookie), stream(buyerCookie)]);
    await expect.poll(() => t.app.live.size).toBe(before + 3);
    for (const tab of tabs) tab.close();
    await expect.poll(() => t.app.live.size).toBe(before);
  });

  it('closes every stream when the app closes, without waiting for the clients', async () => {
    const other = await createTestApp();
    const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await insertUser(other.app.db);
    const connection = await openSse(`${url}/api/v1/events`, { cookie: await sessionCookieFor(other, user.id) });
    open.push(connection);
    expect(connection.status).toBe(200);
    const closing = Date.now();
    await other.close();
    expect(Date.now() - closing).toBeLessThan(3000);
    await connection.end(1000);
  });
});
