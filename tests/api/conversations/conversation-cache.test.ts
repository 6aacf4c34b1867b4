import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationPage, MessagePage, StartConversationResponse } from '#domain/conversations/conversation.wire.ts';
import { conversationMessages, conversations, products, rateLimits, users } from '#server/db/schema/index.ts';
import type { ConversationsChange } from '#server/conversations/conversation-cache.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { buyRequestCalls } from '../buy-requests/buy-request-calls.ts';
import { conversationCalls } from './conversation-calls.ts';

/**
 * Inbox and message pages are kept as sent (conversations/conversation-cache.ts): whatever writes
 * what a page shows, through any route or straight to the tables, the next read shows it.
 */
let t: TestApp;
let api: ReturnType<typeof conversationCalls>;
let seller: UserRow;
let buyer: UserRow;
let sellerCookie: string;
let buyerCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  api = conversationCalls(t);
});
afterAll(() => t.close());

beforeEach(async () => {
  seller = await insertUser(t.app.db, { userName: 'ravi' });
  buyer = await insertUser(t.app.db, { userName: 'meera' });
  sellerCookie = await sessionCookieFor(t, seller.id);
  buyerCookie = await sessionCookieFor(t, buyer.id);
  await t.app.db.delete(rateLimits);
});

async function start() {
  const productId = await insertListing(t.app.db, { sellerId: seller.id, title: 'Desk lamp', price: 450 });
  const response = await api.start(buyerCookie, productId, 'Is it still available?');
  expect(response.statusCode, response.body).toBe(201);
  return { productId, id: (response.json() as StartConversationResponse).conversation._id };
}

const inboxOf = async (cookie: string) => (await api.inbox(cookie)).json() as ConversationPage;
const pageOf = async (cookie: string, id: string) => (await api.messages(cookie, id)).json() as MessagePage;
/** A write straight to the tables announces itself when it commits; this waits for the announcement here. */
const announced = async () => expect(await t.app.events.caughtUp(t.app.db)).toBe(true);

describe('the inbox and message pages kept in memory', () => {
  it('answers a repeated read with the same bytes', async () => {
    const { id } = await start();
    const first = await api.inbox(sellerCookie);
    expect((await api.inbox(sellerCookie)).body).toBe(first.body);
    const page = await api.messages(sellerCookie, id);
    expect((await api.messages(sellerCookie, id)).body).toBe(page.body);
  });

  it("shows the other side's new message and unread count at once, on both pages", async () => {
    const { id } = await start();
    await inboxOf(sellerCookie);
    await pageOf(sellerCookie, id);
    expect((await api.send(buyerCookie, id, 'I can pick it up today')).statusCode).toBe(201);
    const inbox = await inboxOf(sellerCookie);
    expect(inbox.unreadCount).toBe(2);
    expect(inbox.conversations[0]).toMatchObject({ unreadCount: 2, lastMessage: { body: 'I can pick it up today' } });
    expect((await pageOf(sellerCookie, id)).messages[0]!.body).toBe('I can pick it up today');
  });

  it("shows the writer's own message and read mark on their next read", async () => {
    const { id } = await start();
    await inboxOf(sellerCookie);
    await pageOf(buyerCookie, id);
    expect((await api.send(sellerCookie, id, 'Yes, it is')).statusCode).toBe(201);
    expect((await inboxOf(sellerCookie)).conversations[0]!.lastMessage.body).toBe('Yes, it is');
    expect((await api.read(buyerCookie, id)).statusCode).toBe(200);
    const sellerPage = await pageOf(sellerCookie, id);
    expect(sellerPage.otherLastReadAt).toBe(sellerPage.messages[0]!.createdAt);
    expect((await inboxOf(buyerCookie)).unreadCount).toBe(0);
  });

  it('shows a new conversation in both inboxes', async () => {
    await start();
    expect((await inboxOf(sellerCookie)).conversations).toHaveLength(1);
    await start();
    expect((await inboxOf(sellerCookie)).conversations).toHaveLength(2);
    expect((await inboxOf(buyerCookie)).conversations).toHaveLength(2);
  });

  it("shows a seller's decision line written by the buy-request routes", async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id });
    const calls = buyRequestCalls(t);
    expect((await calls.markInterested(buyerCookie, { productId, buyerMessage: 'May I buy it?' })).statusCode).toBe(200);
    const [conversation] = await t.app.db.select().from(conversations).where(eq(conversations.productId, productId));
    const before = await pageOf(buyerCookie, conversation!.id);
    expect(before.messages.map((message) => message.kind)).toEqual(['buy-request']);
    const rejected = await calls.reject(sellerCookie, { buyerId: buyer.id, productId, sellerId: seller.id });
    expect(rejected.statusCode).toBe(200);
    expect((await pageOf(buyerCookie, conversation!.id)).messages[0]).toMatchObject({ kind: 'system', systemEvent: 'rejected' });
  });

  it("shows a listing's new title, price and sale, and its deletion, written straight to the table", async () => {
    const { productId } = await start();
    await inboxOf(buyerCookie);
    await t.app.db.update(products).set({ title: 'Brass desk lamp', price: 400 }).where(eq(products.id, productId));
    await announced();
    expect((await inboxOf(buyerCookie)).conversations[0]!.listing).toMatchObject({ title: 'Brass desk lamp', price: 400 });
    await t.app.db.update(products).set({ soldOut: true, soldAt: new Date() }).where(eq(products.id, productId));
    await announced();
    expect((await inboxOf(buyerCookie)).conversations[0]!.listing.status).toBe('sold');
    await t.app.db.delete(products).where(eq(products.id, productId));
    await announced();
    expect((await inboxOf(buyerCookie)).conversations[0]!.listing).toMatchObject({ _id: null, status: 'deleted' });
  });

  it("shows the other person's new name, and their deleted account, written straight to the table", async () => {
    const { id } = await start();
    await inboxOf(sellerCookie);
    await pageOf(sellerCookie, id);
    await t.app.db.update(users).set({ userName: 'meera k' }).where(eq(users.id, buyer.id));
    await announced();
    expect((await inboxOf(sellerCookie)).conversations[0]!.otherParticipant.name).toBe('meera k');
    await t.app.db.delete(users).where(eq(users.id, buyer.id));
    await announced();
    expect((await inboxOf(sellerCookie)).conversations[0]!.otherParticipant).toMatchObject({ _id: null, deleted: true });
    expect((await pageOf(sellerCookie, id)).messages[0]!.authorId).toBeNull();
  });

  it('shows an unread count changed straight in the table', async () => {
    const { id } = await start();
    expect((await inboxOf(sellerCookie)).unreadCount).toBe(1);
    await t.app.db.update(conversations).set({ sellerUnread: 0 }).where(eq(conversations.id, id));
    await announced();
    expect((await inboxOf(sellerCookie)).unreadCount).toBe(0);
  });

  it("keeps each reader's own page: the buyer never gets the seller's", async () => {
    const { id } = await start();
    expect((await inboxOf(sellerCookie)).conversations[0]!.role).toBe('seller');
    expect((await inboxOf(buyerCookie)).conversations[0]!.role).toBe('buyer');
    const stranger = await sessionCookieFor(t, (await insertUser(t.app.db)).id);
    await pageOf(sellerCookie, id);
    expect((await api.messages(stranger, id)).statusCode).toBe(404);
    expect((await inboxOf(stranger)).conversations).toEqual([]);
  });

  it('shows a message written straight to the table, and its deletion, on the message page', async () => {
    const { id } = await start();
    await pageOf(sellerCookie, id);
    const [message] = await t.app.db
      .insert(conversationMessages)
      .values({ conversationId: id, authorId: buyer.id, kind: 'text', body: 'Typed in psql' })
      .returning({ id: conversationMessages.id });
    await announced();
    expect((await pageOf(sellerCookie, id)).messages[0]!.body).toBe('Typed in psql');
    await t.app.db.delete(conversationMessages).where(eq(conversationMessages.id, message!.id));
    await announced();
    expect((await pageOf(sellerCookie, id)).messages.map((shown) => shown.body)).not.toContain('Typed in psql');
  });

  it('announces a message and its conversation’s new last message as one change naming both people', async () => {
    const { id } = await start();
    const changes: ConversationsChange[] = [];
    const stop = t.app.events.subscribe('conversations.changed', (change) => changes.push(change));
    try {
      expect((await api.send(sellerCookie, id, 'Yes, still here')).statusCode).toBe(201);
      await announced();
    } finally {
      stop();
    }
    expect(changes).toEqual([{ conversations: [id], people: [buyer.id, seller.id].sort() }]);
  });
});
