import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartConversationResponse } from '#domain/conversations/conversation.wire.ts';
import type { LiveEventData } from '#domain/notifications/live-events.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type SseConnection, openSse } from '../../support/sse-client.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { conversationCalls } from './conversation-calls.ts';

/** Two app instances on one PostgreSQL: a message sent through one reaches the other side's stream on the other. */
let one: TestApp;
let two: TestApp;
let twoUrl: string;
let seller: UserRow;
let buyer: UserRow;
let sellerStream: SseConnection;

beforeAll(async () => {
  one = await createTestApp();
  two = await createTestApp({ sameDatabaseAs: one });
  twoUrl = await two.app.listen({ port: 0, host: '127.0.0.1' });
  seller = await insertUser(one.app.db, { userName: 'ravi' });
  buyer = await insertUser(one.app.db, { userName: 'meera' });
  sellerStream = await openSse(`${twoUrl}/api/v1/events`, { cookie: await sessionCookieFor(two, seller.id) });
});
afterAll(async () => {
  sellerStream?.close();
  await two?.close();
  await one?.close();
});

describe('conversations across instances (PostgreSQL)', () => {
  it("delivers a message sent through one instance to the other participant's stream on the other within a second", async () => {
    const buyerCookie = await sessionCookieFor(one, buyer.id);
    const productId = await insertListing(one.app.db, { sellerId: seller.id, title: 'Hostel chair' });
    const first = await conversationCalls(one).start(buyerCookie, productId, 'Is it there?');
    expect(first.statusCode).toBe(201);
    const { conversation } = first.json() as StartConversationResponse;
    await sellerStream.next((each) => each.event === 'message', 2000);

    expect((await conversationCalls(one).send(buyerCookie, conversation._id, 'Can I come at 5?')).statusCode).toBe(201);
    // From the answer (after the commit) to the other instance's stream.
    const started = Date.now();
    const event = await sellerStream.next(
      (each) => each.event === 'message' && (each.data as LiveEventData['message']).message.body === 'Can I come at 5?',
      1000,
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect(event.data).toMatchObject({ conversationId: conversation._id, unreadCount: 2 });
  });
});
