import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { conversationMessages as texts } from '#domain/conversations/conversation.messages.ts';
import type {
  ConversationPage,
  ConversationResponse,
  MessagePage,
  StartConversationResponse,
} from '#domain/conversations/conversation.wire.ts';
import { postDecisionLine } from '#server/conversations/conversation-rules.ts';
import { buyRequests, conversationMessages, rateLimits } from '#server/db/schema/index.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { buyRequestCalls } from '../buy-requests/buy-request-calls.ts';
import { conversationCalls } from './conversation-calls.ts';

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
  // Every test starts with fresh message budgets.
  await t.app.db.delete(rateLimits);
});

async function start(title = 'Desk lamp', body = 'Is it still available?') {
  const productId = await insertListing(t.app.db, { sellerId: seller.id, title, price: 450 });
  const response = await api.start(buyerCookie, productId, body);
  expect(response.statusCode, response.body).toBe(201);
  return { productId, ...(response.json() as StartConversationResponse) };
}

async function messagesOf(cookie: string, id: string, query = '') {
  const response = await api.messages(cookie, id, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MessagePage;
}

describe('starting a conversation', () => {
  it('opens the one conversation about a listing with its first message, for buyer and seller', async () => {
    const { conversation, message, productId } = await start();
    expect(conversation).toMatchObject({
      role: 'buyer',
      otherParticipant: { _id: seller.id, name: 'ravi', deleted: false },
      listing: { _id: productId, title: 'Desk lamp', price: 450, status: 'available' },
      lastMessage: { body: 'Is it still available?', authorId: buyer.id, kind: 'text' },
      unreadCount: 0,
      canSend: true,
      blockedByMe: false,
    });
    expect(message).toMatchObject({ authorId: buyer.id, kind: 'text', body: 'Is it still available?', systemEvent: null });

    const again = await api.start(buyerCookie, productId, 'Hello again');
    expect(again.statusCode).toBe(201);
    expect((again.json() as StartConversationResponse).conversation._id).toBe(conversation._id);

    const sellerView = (await api.get(sellerCookie, conversation._id)).json() as ConversationResponse;
    expect(sellerView.conversation).toMatchObject({ role: 'seller', otherParticipant: { _id: buyer.id }, unreadCount: 2 });
    const found = (await api.byProduct(buyerCookie, productId)).json() as ConversationResponse;
    expect(found.conversation._id).toBe(conversation._id);
  });

  it('stores the message trimmed, as plain text', async () => {
    const { conversation } = await start('Kettle', '   <b>hi</b> & bye \n ');
    const page = await messagesOf(buyerCookie, conversation._id);
    expect(page.messages[0]!.body).toBe('<b>hi</b> & bye');
  });

  it('refuses a conversation about your own listing', async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id });
    const response = await api.start(sellerCookie, productId, 'Me to me');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, msg: texts.ownListing });
  });

  it('refuses to start one on a sold listing, but an existing one stays writable', async () => {
    const { productId, conversation } = await start('Bicycle');
    await buyRequestCalls(t).markInterested(buyerCookie, { productId, buyerMessage: 'I will take it' });
    await buyRequestCalls(t).accept(sellerCookie, { productId, buyerId: buyer.id, sellerId: seller.id });
    const latecomer = await insertUser(t.app.db);
    const refused = await api.start(await sessionCookieFor(t, latecomer.id), productId, 'Still there?');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ msg: texts.listingSold });
    expect((await api.send(buyerCookie, conversation._id, 'See you at 5')).statusCode).toBe(201);
    const again = await api.start(buyerCookie, productId, 'Which gate?');
    expect(again.statusCode).toBe(201);
    expect((again.json() as StartConversationResponse).conversation._id).toBe(conversation._id);
    const header = (await api.get(buyerCookie, conversation._id)).json() as ConversationResponse;
    expect(header.conversation.listing.status).toBe('sold');
  });

  it('answers 404 for a listing that does not exist', async () => {
    const response = await api.start(buyerCookie, randomUUID(), 'Hello');
    expect(response.statusCode).toBe(404);
  });
});

describe('message text', () => {
  it('refuses an empty or blank message', async () => {
    const { conversation } = await start();
    for (const body of ['', '   \n  ']) {
      const response = await api.send(buyerCookie, conversation._id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ msg: texts.bodyRequired });
    }
  });

  it('refuses a message over 2,000 characters, and takes one of exactly 2,000', async () => {
    const { conversation } = await start();
    const tooLong = await api.send(buyerCookie, conversation._id, 'a'.repeat(2001));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ msg: texts.bodyTooLong });
    expect((await api.send(buyerCookie, conversation._id, 'a'.repeat(2000))).statusCode).toBe(201);
  });

  it('refuses a NUL character', async () => {
    const { conversation } = await start();
    const response = await api.send(buyerCookie, conversation._id, 'a\u0000b');
    expect(response.statusCode).toBe(400);
  });
});

describe('who can read and write', () => {
  it('answers 404 to a stranger and to an admin, for every call', async () => {
    const { conversation } = await start();
    const stranger = await sessionCookieFor(t, (await insertUser(t.app.db)).id);
    const admin = await sessionCookieFor(t, (await insertUser(t.app.db, { isAdmin: true })).id);
    for (const cookie of [stranger, admin]) {
      for (const response of [
        await api.get(cookie, conversation._id),
        await api.messages(cookie, conversation._id),
        await api.send(cookie, conversation._id, 'Let me in'),
        await api.read(cookie, conversation._id),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ success: false, msg: texts.notFound });
      }
      const inbox = (await api.inbox(cookie)).json() as ConversationPage;
      expect(inbox.conversations.map((c) => c._id)).not.toContain(conversation._id);
    }
    const stored = await t.app.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversation._id));
    expect(stored.map((row) => row.body)).not.toContain('Let me in');
  });

  it('answers 404 for an id that is not one', async () => {
    expect((await api.get(buyerCookie, 'not-an-id')).statusCode).toBe(404);
    expect((await api.send(buyerCookie, randomUUID(), 'hello')).statusCode).toBe(404);
  });
});

describe('blocking', () => {
  it("stops messages both ways with 'You cannot contact this user.', until unblocked", async () => {
    const { conversation, productId } = await start();
    const blocked = await api.block(sellerCookie, buyer.id);
    expect(blocked.statusCode).toBe(201);
    expect(blocked.json()).toMatchObject({ success: true, blocked: true });

    for (const response of [
      await api.send(buyerCookie, conversation._id, 'Hello?'),
      await api.send(sellerCookie, conversation._id, 'Go away'),
      await api.start(buyerCookie, productId, 'Hello?'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ msg: 'You cannot contact this user.' });
    }
    const header = (await api.get(sellerCookie, conversation._id)).json() as ConversationResponse;
    expect(header.conversation).toMatchObject({ blockedByMe: true, canSend: false });
    expect(((await api.get(buyerCookie, conversation._id)).json() as ConversationResponse).conversation.canSend).toBe(false);

    const list = (await api.blocks(sellerCookie)).json() as { blocks: { _id: string; name: string }[] };
    expect(list.blocks).toEqual([expect.objectContaining({ _id: buyer.id, name: 'meera' })]);

    const unblocked = await api.unblock(sellerCookie, buyer.id);
    expect(unblocked.statusCode).toBe(200);
    expect((await api.send(buyerCookie, conversation._id, 'Hello again')).statusCode).toBe(201);
  });

  it("refuses a blocked user's buy request with 'You cannot contact this user.'", async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id });
    await api.block(sellerCookie, buyer.id);
    const response = await buyRequestCalls(t).markInterested(buyerCookie, { productId, buyerMessage: 'Can I buy it?' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ msg: 'You cannot contact this user.' });
  });

  it('refuses a buy request to a seller the buyer blocked, and stores nothing', async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id });
    await api.block(buyerCookie, seller.id);
    const response = await buyRequestCalls(t).markInterested(buyerCookie, { productId, buyerMessage: 'Can I buy it?' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ msg: 'You cannot contact this user.' });
    expect(await t.app.db.select().from(buyRequests).where(eq(buyRequests.productId, productId))).toEqual([]);
    await api.unblock(buyerCookie, seller.id);
    expect((await buyRequestCalls(t).markInterested(buyerCookie, { productId, buyerMessage: 'Can I buy it?' })).statusCode).toBe(
      200,
    );
  });

  it("hides the blocked seller's listings from the blocker's lists, search and counts", async () => {
    const hidden = await insertListing(t.app.db, { sellerId: seller.id, title: 'Zqx hidden lamp', category: 'Electronics' });
    await api.block(buyerCookie, seller.id);
    const list = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/products${query}`, headers: { cookie: buyerCookie } });
      return response.json() as { products: { _id: string }[]; total: number };
    };
    const before = await list('?limit=100');
    expect(before.products.map((p) => p._id)).not.toContain(hidden);
    expect((await list('?q=zqx')).products).toEqual([]);
    expect((await list('?q=zqx')).total).toBe(0);
    // The blocked seller still sees them, and so does everyone else.
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/products?q=zqx', headers: { cookie: sellerCookie } });
    expect((other.json() as { total: number }).total).toBe(1);
  });

  it('refuses to block yourself or nobody', async () => {
    expect((await api.block(buyerCookie, buyer.id)).statusCode).toBe(400);
    expect((await api.block(buyerCookie, randomUUID())).statusCode).toBe(404);
  });
});

describe('unread counts', () => {
  it('go up with each message to you and back to zero when you read', async () => {
    const { conversation } = await start();
    await api.send(buyerCookie, conversation._id, 'Second');
    const unread = async (cookie: string) => (await api.unread(cookie)).json() as { unreadCount: number };
    expect(await unread(sellerCookie)).toMatchObject({ unreadCount: 2 });
    expect(await unread(buyerCookie)).toMatchObject({ unreadCount: 0 });
    const inbox = (await api.inbox(sellerCookie)).json() as ConversationPage;
    expect(inbox.unreadCount).toBe(2);
    expect(inbox.conversations[0]).toMatchObject({ _id: conversation._id, unreadCount: 2 });

    const read = await api.read(sellerCookie, conversation._id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ unreadCount: 0 });
    expect(await unread(sellerCookie)).toMatchObject({ unreadCount: 0 });

    // The buyer now sees the seller's read mark at their last message ('Seen').
    const page = await messagesOf(buyerCookie, conversation._id);
    expect(page.otherLastReadAt).toBe(page.messages[0]!.createdAt);

    await api.send(sellerCookie, conversation._id, 'Yes, available');
    expect(await unread(buyerCookie)).toMatchObject({ unreadCount: 1 });
  });
});

describe('paging', () => {
  it('pages messages newest first with a cursor, to the very first', async () => {
    const { conversation } = await start('Lamp', 'message 0');
    for (let i = 1; i < 7; i++) expect((await api.send(buyerCookie, conversation._id, `message ${i}`)).statusCode).toBe(201);
    const first = await messagesOf(sellerCookie, conversation._id, '?limit=3');
    expect(first.messages.map((message) => message.body)).toEqual(['message 6', 'message 5', 'message 4']);
    const second = await messagesOf(sellerCookie, conversation._id, `?limit=3&before=${first.nextCursor}`);
    expect(second.messages.map((message) => message.body)).toEqual(['message 3', 'message 2', 'message 1']);
    const last = await messagesOf(sellerCookie, conversation._id, `?limit=3&before=${second.nextCursor}`);
    expect(last.messages.map((message) => message.body)).toEqual(['message 0']);
    expect(last.nextCursor).toBeNull();
    expect((await api.messages(sellerCookie, conversation._id, '?before=nonsense')).statusCode).toBe(400);
  });

  it('pages the inbox newest activity first', async () => {
    const first = await start('First');
    const second = await start('Second');
    const third = await start('Third');
    await api.send(buyerCookie, first.conversation._id, 'bump');
    const page1 = (await api.inbox(buyerCookie, '?limit=2')).json() as ConversationPage;
    expect(page1.conversations.map((c) => c._id)).toEqual([first.conversation._id, third.conversation._id]);
    const page2 = (await api.inbox(buyerCookie, `?limit=2&before=${page1.nextCursor}`)).json() as ConversationPage;
    expect(page2.conversations.map((c) => c._id)).toEqual([second.conversation._id]);
    expect(page2.nextCursor).toBeNull();
    // The seller sees the same three, from their side.
    const sellerInbox = (await api.inbox(sellerCookie)).json() as ConversationPage;
    expect(sellerInbox.conversations).toHaveLength(3);
    expect(sellerInbox.conversations[0]).toMatchObject({ role: 'seller', otherParticipant: { name: 'meera' } });
  });
});

describe('inbox rows', () => {
  it('shows the listing, the other person and the last message, at the time it was stored', async () => {
    const { conversation, productId } = await start('Desk lamp', 'Is it still available?');
    const [stored] = await t.app.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversation._id));
    const inbox = (await api.inbox(sellerCookie)).json() as ConversationPage;
    expect(inbox.conversations).toEqual([
      {
        _id: conversation._id,
        role: 'seller',
        otherParticipant: { _id: buyer.id, name: 'meera', avatarUrl: expect.any(String), deleted: false },
        listing: { _id: productId, title: 'Desk lamp', thumbnailUrl: expect.any(String), price: 450, status: 'available' },
        lastMessage: {
          body: 'Is it still available?',
          authorId: buyer.id,
          kind: 'text',
          createdAt: stored!.createdAt.toISOString(),
        },
        unreadCount: 1,
        updatedAt: stored!.createdAt.toISOString(),
      },
    ]);
    const page = await messagesOf(sellerCookie, conversation._id);
    expect(page.messages).toEqual([
      {
        _id: stored!.id,
        conversationId: conversation._id,
        authorId: buyer.id,
        kind: 'text',
        body: 'Is it still available?',
        systemEvent: null,
        createdAt: stored!.createdAt.toISOString(),
      },
    ]);
  });

  it('keeps the unread total on an inbox page past the last conversation', async () => {
    const { conversation } = await start();
    const page = (await api.inbox(sellerCookie, `?before=${conversation._id}`)).json() as ConversationPage;
    expect(page).toEqual({ success: true, conversations: [], nextCursor: null, unreadCount: 1 });
  });

  it('tells the blocked side it cannot send, without saying it blocked anyone', async () => {
    const { conversation } = await start();
    await api.block(sellerCookie, buyer.id);
    const header = ((await api.get(buyerCookie, conversation._id)).json() as ConversationResponse).conversation;
    expect(header).toMatchObject({ blockedByMe: false, canSend: false, role: 'buyer', otherParticipant: { _id: seller.id } });
  });
});

describe('rate limit', () => {
  it('refuses the 11th message in a minute with 429, Retry-After and when to try again', async () => {
    const { conversation } = await start();
    for (let i = 2; i <= 10; i++) expect((await api.send(buyerCookie, conversation._id, `m${i}`)).statusCode).toBe(201);
    const refused = await api.send(buyerCookie, conversation._id, 'one too many');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The wait is what Retry-After says: 'N seconds', or '1 minute' when the window has just begun.
    expect((refused.json() as { msg: string }).msg).toBe(texts.tooManyPerMinute(retryAfter));
    expect((refused.json() as { msg: string }).msg).toMatch(
      /^You are sending messages too fast\. Try again in (\d+ seconds?|1 minute)\.$/,
    );
  });
});

describe('buy requests in the conversation', () => {
  it("shows the request's message, then the seller's accept as a system line", async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id, title: 'Guitar' });
    expect((await buyRequestCalls(t).markInterested(buyerCookie, { productId, buyerMessage: 'I want it' })).statusCode).toBe(200);
    const { conversation } = (await api.byProduct(sellerCookie, productId)).json() as ConversationResponse;
    expect(conversation.lastMessage).toMatchObject({ kind: 'buy-request', body: 'I want it', authorId: buyer.id });
    expect(
      (await buyRequestCalls(t).accept(sellerCookie, { productId, buyerId: buyer.id, sellerId: seller.id })).statusCode,
    ).toBe(200);
    const page = await messagesOf(buyerCookie, conversation._id);
    expect(page.messages.map(({ kind, systemEvent, authorId }) => ({ kind, systemEvent, authorId }))).toEqual([
      { kind: 'system', systemEvent: 'accepted', authorId: seller.id },
      { kind: 'buy-request', systemEvent: null, authorId: buyer.id },
    ]);
  });

  it('counts each step as unread for the other side only, in the conversation the request opens and once it is open', async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id, title: 'Kettle' });
    const views = async () => ({
      seller: ((await api.byProduct(sellerCookie, productId)).json() as ConversationResponse).conversation,
      buyer: ((await api.byProduct(buyerCookie, productId)).json() as ConversationResponse).conversation,
    });
    await buyRequestCalls(t).markInterested(buyerCookie, { productId, buyerMessage: 'Still there?' });
    let { seller: sellerView, buyer: buyerView } = await views();
    expect([sellerView.unreadCount, buyerView.unreadCount]).toEqual([1, 0]);
    // The buyer has read up to their own message, and the conversation's time is that message's.
    expect(sellerView.otherLastReadAt).toBe(sellerView.lastMessage!.createdAt);
    expect(sellerView.updatedAt).toBe(sellerView.lastMessage!.createdAt);

    await buyRequestCalls(t).reject(sellerCookie, { productId, buyerId: buyer.id, sellerId: seller.id });
    ({ seller: sellerView, buyer: buyerView } = await views());
    expect([sellerView.unreadCount, buyerView.unreadCount]).toEqual([0, 1]);
    expect(buyerView.lastMessage).toMatchObject({ kind: 'system', body: texts.systemRejected });
    expect(buyerView.otherLastReadAt).toBe(buyerView.lastMessage!.createdAt);

    await buyRequestCalls(t).markInterested(buyerCookie, { productId, buyerMessage: 'Please reconsider' });
    ({ seller: sellerView, buyer: buyerView } = await views());
    expect([sellerView.unreadCount, buyerView.unreadCount]).toEqual([1, 0]);
    expect(sellerView.lastMessage).toMatchObject({ kind: 'buy-request', body: 'Please reconsider' });
    expect(sellerView.updatedAt).toBe(sellerView.lastMessage!.createdAt);
  });

  it("opens the conversation with the seller's line when there is none yet: unread for the buyer, read by the seller", async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id, title: 'Stool', price: 250 });
    const listing = { id: productId, sellerId: seller.id, title: 'Stool', price: 250 };
    await t.app.db.transaction((tx) => postDecisionLine(tx, t.app, listing, seller, buyer.id, 'rejected'));
    const { conversation } = (await api.byProduct(buyerCookie, productId)).json() as ConversationResponse;
    expect(conversation).toMatchObject({ role: 'buyer', unreadCount: 1 });
    expect(conversation.lastMessage).toMatchObject({ kind: 'system', body: texts.systemRejected, authorId: seller.id });
    // The seller has read up to their own line.
    expect(conversation.otherLastReadAt).toBe(conversation.lastMessage!.createdAt);
    const sellerView = ((await api.byProduct(sellerCookie, productId)).json() as ConversationResponse).conversation;
    expect(sellerView.unreadCount).toBe(0);
  });

  it("shows the seller's reject as a system line", async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id, title: 'Chair' });
    await buyRequestCalls(t).markInterested(buyerCookie, { productId, buyerMessage: 'Can I have it?' });
    expect(
      (await buyRequestCalls(t).reject(sellerCookie, { productId, buyerId: buyer.id, sellerId: seller.id })).statusCode,
    ).toBe(200);
    const { conversation } = (await api.byProduct(buyerCookie, productId)).json() as ConversationResponse;
    expect(conversation.lastMessage).toMatchObject({ kind: 'system', body: texts.systemRejected });
  });
});

describe('deleted listings and accounts', () => {
  it("keeps a deleted listing's conversation readable, marked deleted with its title", async () => {
    const { conversation, productId } = await start('Old textbook');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/products/delete/${productId}`,
      headers: { cookie: sellerCookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const header = (await api.get(buyerCookie, conversation._id)).json() as ConversationResponse;
    expect(header.conversation.listing).toEqual({
      _id: null,
      title: 'Old textbook',
      thumbnailUrl: null,
      price: 450,
      status: 'deleted',
    });
    expect((await messagesOf(buyerCookie, conversation._id)).messages).toHaveLength(1);
  });

  it("keeps a deleted account's messages, from 'Deleted user', and refuses replies to it", async () => {
    const { conversation } = await start('Desk', 'From meera');
    const admin = await insertUser(t.app.db, { isAdmin: true });
    const removed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/delete-account/${buyer.id}`,
      headers: { cookie: await sessionCookieFor(t, admin.id) },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const header = (await api.get(sellerCookie, conversation._id)).json() as ConversationResponse;
    expect(header.conversation.otherParticipant).toEqual({ _id: null, name: 'Deleted user', avatarUrl: null, deleted: true });
    expect(header.conversation.canSend).toBe(false);
    const page = await messagesOf(sellerCookie, conversation._id);
    expect(page.messages[0]).toMatchObject({ body: 'From meera', authorId: null });
    const reply = await api.send(sellerCookie, conversation._id, 'Hello?');
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ success: false, msg: texts.otherUserDeleted });
  });
});
