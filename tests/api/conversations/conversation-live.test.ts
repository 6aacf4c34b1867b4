import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StartConversationResponse } from '#domain/conversations/conversation.wire.ts';
import type { LiveEventData } from '#domain/notifications/live-events.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type SseConnection, openSse } from '../../support/sse-client.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { conversationCalls } from './conversation-calls.ts';
import { titleOf } from '../../support/notification-title.ts';

let t: TestApp;
let base: string;
let seller: UserRow;
let buyer: UserRow;
let sellerCookie: string;
let buyerCookie: string;
const open: SseConnection[] = [];

beforeAll(async () => {
  t = await createTestApp();
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

async function stream(cookie: string) {
  const connection = await openSse(`${base}/api/v1/events`, { cookie });
  open.push(connection);
  return connection;
}

describe('conversations on the live stream', () => {
  it('pushes a new message to the other participant within a second, with their unread count and a notification', async () => {
    // A first conversation warms the app up, so the measure is of the delivery.
    await conversationCalls(t).start(buyerCookie, await insertListing(t.app.db, { sellerId: seller.id }), 'Warm-up');
    const sellerStream = await stream(sellerCookie);
    const productId = await insertListing(t.app.db, { sellerId: seller.id, title: 'Table fan' });
    const response = await conversationCalls(t).start(buyerCookie, productId, 'Still there?');
    expect(response.statusCode).toBe(201);
    // Measured from the answer, i.e. after the commit: the request's own work is not delivery time.
    const committed = Date.now();
    const event = await sellerStream.next((each) => each.event === 'message', 1000);
    expect(Date.now() - committed).toBeLessThan(1000);
    const data = event.data as LiveEventData['message'];
    expect(data).toMatchObject({ message: { body: 'Still there?', authorId: buyer.id, kind: 'text' }, unreadCount: 2 });
    expect(data.conversationId).toBe((response.json() as StartConversationResponse).conversation._id);
    const notification = await sellerStream.next(
      (each) =>
        each.event === 'notification' &&
        (each.data as LiveEventData['notification']).notification.kind === 'message.received' &&
        titleOf((each.data as LiveEventData['notification']).notification) === 'Table fan',
      1000,
    );
    expect((notification.data as LiveEventData['notification']).notification).toMatchObject({
      kind: 'message.received',
      payload: { senderName: 'meera', productTitle: 'Table fan', message: 'Still there?' },
    });
  });

  it("tells the writer that the other side read the conversation ('Seen')", async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id, title: 'Mirror' });
    const started = (await conversationCalls(t).start(buyerCookie, productId, 'Hello')).json() as StartConversationResponse;
    const buyerStream = await stream(buyerCookie);
    expect((await conversationCalls(t).read(sellerCookie, started.conversation._id)).statusCode).toBe(200);
    const event = await buyerStream.next((each) => each.event === 'conversation-read', 1000);
    expect(event.data).toMatchObject({
      conversationId: started.conversation._id,
      readerId: seller.id,
      lastReadAt: started.message.createdAt,
    });
  });

  it('sends nothing to a stranger', async () => {
    const stranger = await stream(await sessionCookieFor(t, (await insertUser(t.app.db)).id));
    const productId = await insertListing(t.app.db, { sellerId: seller.id, title: 'Secret' });
    await conversationCalls(t).start(buyerCookie, productId, 'Private words');
    await expect(stranger.next((each) => each.event === 'message', 500)).rejects.toThrow();
  });
});
