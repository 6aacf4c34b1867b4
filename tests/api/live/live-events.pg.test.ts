import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEventData } from '#domain/notifications/live-events.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type SseConnection, openSse } from '../../support/sse-client.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { buyRequestCalls } from '../buy-requests/buy-request-calls.ts';
import { titleOf } from '../../support/notification-title.ts';

/** Two app instances on one PostgreSQL: a change made through one reaches a stream held by the other. */
let one: TestApp;
let two: TestApp;
let twoUrl: string;
let seller: UserRow;
let buyer: UserRow;
let sellerStream: SseConnection;
let bystanderStream: SseConnection;

beforeAll(async () => {
  one = await createTestApp();
  two = await createTestApp({ sameDatabaseAs: one });
  twoUrl = await two.app.listen({ port: 0, host: '127.0.0.1' });
  seller = await insertUser(one.app.db, { userName: 'ravi' });
  buyer = await insertUser(one.app.db, { userName: 'meera' });
  sellerStream = await openSse(`${twoUrl}/api/v1/events`, { cookie: await sessionCookieFor(two, seller.id) });
  bystanderStream = await openSse(`${twoUrl}/api/v1/events`, {
    cookie: await sessionCookieFor(two, (await insertUser(one.app.db)).id),
  });
});
afterAll(async () => {
  sellerStream?.close();
  bystanderStream?.close();
  await two?.close();
  await one?.close();
});

describe('live updates across instances (PostgreSQL)', () => {
  it("delivers a notification committed through one instance to the user's stream on the other within a second", async () => {
    const productId = await insertListing(one.app.db, { sellerId: seller.id, title: 'Hostel chair' });
    const started = Date.now();
    const response = await buyRequestCalls(one).markInterested(await sessionCookieFor(one, buyer.id), {
      productId,
      buyerMessage: 'Can I collect it today?',
    });
    expect(response.statusCode).toBe(200);
    const event = await sellerStream.next((each) => each.event === 'notification', 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect((event.data as LiveEventData['notification']).notification.payload).toMatchObject({
      productId,
      productTitle: 'Hostel chair',
      buyerName: 'meera',
    });
  });

  it('shows a listing sold through one instance as sold on streams of the other', async () => {
    const productId = await insertListing(one.app.db, { sellerId: seller.id, title: 'Cooler' });
    await buyRequestCalls(one).markInterested(await sessionCookieFor(one, buyer.id), { productId, buyerMessage: 'Mine?' });
    const started = Date.now();
    await buyRequestCalls(one).accept(await sessionCookieFor(one, seller.id), {
      buyerId: buyer.id,
      productId,
      sellerId: seller.id,
    });
    const event = await bystanderStream.next((each) => each.event === 'listing-sold', 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(event.data).toEqual({ productId });
  });

  it('replays from the table what a stream reconnecting to the other instance missed', async () => {
    const missedOn = await insertListing(one.app.db, { sellerId: seller.id, title: 'Missed kettle' });
    const last = sellerStream.events.filter((each) => each.event === 'notification').at(-1)!;
    sellerStream.close();
    await buyRequestCalls(one).markInterested(await sessionCookieFor(one, buyer.id), { productId: missedOn, buyerMessage: 'Hi' });
    sellerStream = await openSse(`${twoUrl}/api/v1/events`, {
      cookie: await sessionCookieFor(two, seller.id),
      lastEventId: last.id!,
    });
    const replayed = await sellerStream.next((each) => each.event === 'notification');
    expect(titleOf((replayed.data as LiveEventData['notification']).notification)).toBe('Missed kettle');
  });
});
