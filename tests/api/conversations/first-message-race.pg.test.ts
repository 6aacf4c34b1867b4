import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postBuyRequestMessage } from '#server/conversations/conversation-rules.ts';
import type { StartConversationResponse } from '#domain/conversations/conversation.wire.ts';
import { findOrOpenConversation, postInListingConversation } from '#server/conversations/conversations.repository.ts';
import { conversationMessages, conversations, notifications } from '#server/db/schema/index.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { conversationCalls } from './conversation-calls.ts';

// Runs only in the PostgreSQL pass: two transactions at once need two sessions (PGlite has one).
let t: TestApp;
let seller: UserRow;
let buyer: UserRow;
beforeAll(async () => {
  t = await createTestApp();
  seller = await insertUser(t.app.db);
  buyer = await insertUser(t.app.db);
});
afterAll(() => t.close());

/** The buyer's conversation about the listing as both transactions open it. */
const values = (productId: string) => ({
  productId,
  buyerId: buyer.id,
  sellerId: seller.id,
  productTitle: 'Lamp',
  productPrice: 300,
  now: new Date(),
});

/**
 * Holds a transaction that has opened the buyer's conversation about the listing and not yet
 * committed, while `meanwhile` runs; then commits it.
 */
async function whileAnotherOpensIt<T>(productId: string, meanwhile: () => Promise<T>): Promise<{ result: T; openedId: string }> {
  let commit: () => void = () => {};
  const committing = new Promise<void>((resolve) => (commit = resolve));
  let opened: (id: string) => void = () => {};
  const openedId = new Promise<string>((resolve) => (opened = resolve));
  const other = t.app.db.transaction(async (tx) => {
    const conversation = await findOrOpenConversation(tx, values(productId));
    opened(conversation.id);
    await committing;
  });
  const id = await openedId;
  const running = meanwhile();
  // Commit only once the statement waits for the other transaction's row under the unique key.
  await expect.poll(lockWaiters, { timeout: 5000, interval: 10 }).toBe(1);
  commit();
  await other;
  return { result: await running, openedId: id };
}

/** Sessions of this test's database waiting for a lock another transaction holds. */
async function lockWaiters(): Promise<number> {
  const result = (await t.app.db.execute(
    sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  )) as unknown as { rows: { waiting: number }[] };
  return result.rows[0]!.waiting;
}

describe('a first message while another transaction opens the same conversation', () => {
  it('posts nothing in one statement, and says so', async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id, title: 'Lamp' });
    const { result } = await whileAnotherOpensIt(productId, () =>
      t.app.db.transaction((tx) =>
        postInListingConversation(tx, values(productId), {
          id: randomUUID(),
          authorId: buyer.id,
          authorSide: 'buyer',
          kind: 'buy-request',
          body: 'Is it there?',
        }),
      ),
    );
    expect(result).toBeUndefined();
  });

  it("adds the buy request's message to the conversation the other one opened", async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id, title: 'Lamp' });
    const listing = { id: productId, sellerId: seller.id, title: 'Lamp', price: 300 };
    const { openedId } = await whileAnotherOpensIt(productId, () =>
      t.app.db.transaction((tx) => postBuyRequestMessage(tx, t.app, listing, buyer, 'Is it there?')),
    );
    const stored = await t.app.db.select().from(conversations).where(eq(conversations.productId, productId));
    expect(stored.map((row) => row.id)).toEqual([openedId]);
    const messages = await t.app.db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, openedId));
    expect(messages.map((message) => [message.kind, message.body])).toEqual([['buy-request', 'Is it there?']]);
    expect(stored[0]).toMatchObject({ lastMessageId: messages[0]!.id, sellerUnread: 1, buyerUnread: 0 });
  });

  it("answers the buyer's first text with the conversation the other one opened, and tells the seller", async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id, title: 'Lamp' });
    const buyerCookie = await sessionCookieFor(t, buyer.id);
    const { result, openedId } = await whileAnotherOpensIt(productId, () =>
      conversationCalls(t).start(buyerCookie, productId, 'Still available?'),
    );
    expect(result.statusCode).toBe(201);
    const answer = result.json() as StartConversationResponse;
    expect(answer.conversation).toMatchObject({ _id: openedId, role: 'buyer', unreadCount: 0 });
    expect(answer.conversation.lastMessage).toMatchObject({ body: 'Still available?', authorId: buyer.id, kind: 'text' });
    const messages = await t.app.db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, openedId));
    expect(messages.map((message) => [message.kind, message.body])).toEqual([['text', 'Still available?']]);
    const told = await t.app.db.select().from(notifications).where(eq(notifications.userId, seller.id));
    expect(told.filter((row) => row.kind === 'message.received').map((row) => row.payload)).toContainEqual(
      expect.objectContaining({ conversationId: openedId, productId, message: 'Still available?' }),
    );
  });
});
