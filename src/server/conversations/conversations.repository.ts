import { type Placeholder, and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MessageKind, SystemEvent } from '#domain/conversations/conversation.constants.ts';
import type { Queryable, Statement, StatementRunner } from '../db/client.ts';
import { preparedOnce } from '../db/prepared.ts';
import { conversationMessages, conversations, productImages, products, userBlocks, users } from '../db/schema/index.ts';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof conversationMessages.$inferSelect;
export type Side = 'buyer' | 'seller';

/** The side a user is on, or undefined when they are not in the conversation. */
export function sideOf(conversation: Pick<ConversationRow, 'buyerId' | 'sellerId'>, userId: string): Side | undefined {
  if (conversation.buyerId === userId) return 'buyer';
  if (conversation.sellerId === userId) return 'seller';
  return undefined;
}

/** The conversation if `userId` takes part in it: anyone else finds nothing (the caller answers 404). */
export async function findConversationOf(
  db: Queryable,
  conversationId: string,
  userId: string,
  lock?: 'update',
): Promise<ConversationRow | undefined> {
  const query = (id: string | Placeholder, user: string | Placeholder) =>
    db
      .select()
      .from(conversations)
      .where(and(eq(conversations.id, id), sql`(${conversations.buyerId} = ${user} or ${conversations.sellerId} = ${user})`));
  if (lock) return (await query(conversationId, userId).for('update'))[0];
  const [row] = await preparedOnce(db, 'conversation-of', (name) =>
    query(sql.placeholder('id'), sql.placeholder('user')).prepare(name),
  ).execute({ id: conversationId, user: userId });
  return row;
}

/** The buyer's conversation about a listing (one at most: the unique key). */
export async function findConversationByListing(
  db: Queryable,
  productId: string,
  buyerId: string,
  lock?: 'update',
): Promise<ConversationRow | undefined> {
  const query = db
    .select()
    .from(conversations)
    .where(and(eq(conversations.productId, productId), eq(conversations.buyerId, buyerId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The caller's conversation about a listing: as its buyer, or (latest activity first) as its seller. */
export async function findConversationIdForListing(
  db: Queryable,
  productId: string,
  userId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.productId, productId),
        sql`(${conversations.buyerId} = ${userId} or ${conversations.sellerId} = ${userId})`,
      ),
    )
    .orderBy(sql`${conversations.buyerId} = ${userId} desc`, desc(conversations.lastMessageAt))
    .limit(1);
  return row?.id;
}

/**
 * Creates the conversation (or finds the one a concurrent first message just created: the unique
 * key decides) and locks it for the message about to be added.
 */
export async function openConversation(
  db: Queryable,
  values: { productId: string; buyerId: string; sellerId: string; productTitle: string; productPrice: number; now: Date },
): Promise<ConversationRow> {
  const [inserted] = await db
    .insert(conversations)
    .values({
      productId: values.productId,
      buyerId: values.buyerId,
      sellerId: values.sellerId,
      productTitle: values.productTitle,
      productPrice: values.productPrice,
      lastMessageAt: values.now,
    })
    .onConflictDoNothing({ target: [conversations.productId, conversations.buyerId] })
    .returning();
  // The row it inserted is the transaction's own (no one else sees it before commit): no lock needed.
  if (inserted) return inserted;
  const row = await findConversationByListing(db, values.productId, values.buyerId, 'update');
  if (!row) throw new Error('conversation vanished after it was opened');
  return row;
}

/**
 * Adds a message and moves the conversation on: its last message, the other side's unread count
 * up by one, and the author's side read up to this message (they wrote it, so they saw everything).
 * The conversation row must be locked by the caller's transaction.
 */
export async function insertMessage(
  db: Queryable,
  conversation: ConversationRow,
  message: { authorId: string; authorSide: Side; kind: MessageKind; body: string; systemEvent?: SystemEvent | null },
): Promise<MessageRow> {
  const [row] = await db
    .insert(conversationMessages)
    .values({
      conversationId: conversation.id,
      authorId: message.authorId,
      kind: message.kind,
      body: message.body,
      systemEvent: message.systemEvent ?? null,
      // The time the row lock was held, not the transaction's start: messages are ordered as they were added.
      createdAt: sql`clock_timestamp()`,
    })
    .returning();
  const inserted = row!;
  const mine = message.authorSide === 'buyer';
  await db
    .update(conversations)
    .set({
      lastMessageId: inserted.id,
      // A message's time never goes back: the inbox order and read marks follow it.
      lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${inserted.createdAt.toISOString()}::timestamptz)`,
      ...(mine
        ? { sellerUnread: sql`${conversations.sellerUnread} + 1`, buyerUnread: 0, buyerLastReadAt: inserted.createdAt }
        : { buyerUnread: sql`${conversations.buyerUnread} + 1`, sellerUnread: 0, sellerLastReadAt: inserted.createdAt }),
    })
    .where(eq(conversations.id, conversation.id));
  return inserted;
}

/** Marks everything in the conversation read for one side; answers the read mark. */
export async function markRead(db: Queryable, conversationId: string, side: Side): Promise<Date | null> {
  const [row] = await db
    .update(conversations)
    .set(
      side === 'buyer'
        ? { buyerUnread: 0, buyerLastReadAt: sql`${conversations.lastMessageAt}` }
        : { sellerUnread: 0, sellerLastReadAt: sql`${conversations.lastMessageAt}` },
    )
    .where(eq(conversations.id, conversationId))
    .returning({ buyerLastReadAt: conversations.buyerLastReadAt, sellerLastReadAt: conversations.sellerLastReadAt });
  return (side === 'buyer' ? row?.buyerLastReadAt : row?.sellerLastReadAt) ?? null;
}

/**
 * Unread messages of a user over every conversation: only rows with something unread are read
 * (partial indexes). A named statement (the badge asks for it on every page and live event):
 * PostgreSQL plans it once per connection.
 */
export function unreadCountStatement(userId: string): Statement {
  return {
    name: 'unread-messages',
    text: `select (coalesce((select sum(buyer_unread) from conversations where buyer_id = $1 and buyer_unread > 0), 0)
      + coalesce((select sum(seller_unread) from conversations where seller_id = $1 and seller_unread > 0), 0))::int as n`,
    values: [userId],
  };
}

export async function countUnreadMessages(statements: StatementRunner, userId: string): Promise<number> {
  const [row] = await statements.runStatement<{ n: number | string }>(unreadCountStatement(userId));
  return Number(row?.n ?? 0);
}

/**
 * One inbox page's conversation ids, newest activity first: the user's conversations as buyer and
 * as seller are two ranges of two indexes, each read only as far as the page needs, then merged.
 * The order names the indexes' null placement: otherwise the planner sorts the whole range. A
 * named statement per shape (first page, next page after a cursor).
 */
export function inboxIdsStatement(userId: string, limit: number, before?: string): Statement {
  const after = (column: string) =>
    before === undefined
      ? ''
      : `and (last_message_at, id) < (select last_message_at, id from conversations where id = $3::uuid and ${column} = $1)`;
  const side = (column: string) => `(select id, last_message_at from conversations where ${column} = $1 ${after(column)}
        order by last_message_at desc nulls last, id desc nulls last limit $2)`;
  return {
    name: before === undefined ? 'inbox-ids' : 'inbox-ids-after',
    text: `select id from (${side('buyer_id')} union all ${side('seller_id')}) page
      order by last_message_at desc nulls last, id desc nulls last limit $2`,
    values: before === undefined ? [userId, limit] : [userId, limit, before],
  };
}

export async function findInboxIds(
  statements: StatementRunner,
  userId: string,
  limit: number,
  before?: string,
): Promise<string[]> {
  const rows = await statements.runStatement<{ id: string }>(inboxIdsStatement(userId, limit, before));
  return rows.map((row) => row.id);
}

const buyerUser = alias(users, 'buyer_user');
const sellerUser = alias(users, 'seller_user');
const lastMessage = alias(conversationMessages, 'last_message');

/** What an inbox row or a conversation header shows, for conversations the viewer takes part in. */
export async function findConversationViews(db: Queryable, ids: string[]) {
  if (ids.length === 0) return [];
  // Built once per handle (db/prepared.ts): building this select cost more CPU than running it.
  const rows = await preparedOnce(db, 'conversation-views', (name) =>
    conversationViewsQuery(db, sql.placeholder('ids')).prepare(name),
  ).execute({ ids });
  const order = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => order.get(a.conversation.id)! - order.get(b.conversation.id)!);
}
export type ConversationView = Awaited<ReturnType<typeof findConversationViews>>[number];

/** Also exported unexecuted, for scripts/explain-conversations.ts (with the ids themselves). */
export function conversationViewsQuery(db: Queryable, ids: string[] | ReturnType<typeof sql.placeholder>) {
  // The listing is a lateral lookup that cannot be flattened (limit 1): as a plain join, the
  // planner merged the page's conversations with the whole products index in key order (7–9 ms
  // on 100,000 listings, against 0.9 ms for 20 key lookups; scripts/explain-conversations.ts).
  const listing = db
    .select({ id: products.id, title: products.title, price: products.price, soldOut: products.soldOut })
    .from(products)
    .where(eq(products.id, conversations.productId))
    .limit(1)
    .as('listing');
  // Both people are joined on plain keys (primary-key lookups); the caller keeps the one who is not the viewer.
  return db
    .select({
      conversation: conversations,
      product: { id: listing.id, title: listing.title, price: listing.price, soldOut: listing.soldOut },
      thumbnailKey: sql<
        string | null
      >`(select ${productImages.cardStorageKey} from ${productImages} where ${productImages.productId} = ${listing.id} order by ${productImages.position} limit 1)`,
      buyer: { id: buyerUser.id, userName: buyerUser.userName, profilePictureKey: buyerUser.profilePictureKey },
      seller: { id: sellerUser.id, userName: sellerUser.userName, profilePictureKey: sellerUser.profilePictureKey },
      lastMessage: {
        body: lastMessage.body,
        authorId: lastMessage.authorId,
        kind: lastMessage.kind,
        createdAt: lastMessage.createdAt,
      },
    })
    .from(conversations)
    .leftJoinLateral(listing, sql`true`)
    .leftJoin(buyerUser, eq(buyerUser.id, conversations.buyerId))
    .leftJoin(sellerUser, eq(sellerUser.id, conversations.sellerId))
    .leftJoin(lastMessage, eq(lastMessage.id, conversations.lastMessageId))
    .where(sql`${conversations.id} = any(${Array.isArray(ids) ? sql.param(ids) : ids}::uuid[])`);
}

/** A page of messages, newest first, older than the message `before` names (values or placeholders). */
export function messagePageQuery(
  db: Queryable,
  conversationId: string | Placeholder,
  limit: number | Placeholder,
  before?: string | Placeholder,
) {
  return db
    .select()
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.conversationId, conversationId),
        before !== undefined
          ? sql`(${conversationMessages.createdAt}, ${conversationMessages.id}) < (select created_at, id from conversation_messages where id = ${before}::uuid and conversation_id = ${conversationId})`
          : undefined,
      ),
    )
    .orderBy(sql`${conversationMessages.createdAt} desc nulls last, ${conversationMessages.id} desc nulls last`)
    .limit(limit);
}

/** messagePageQuery, built once per handle for each of its two shapes (db/prepared.ts). */
export function findMessagePage(db: Queryable, conversationId: string, limit: number, before?: string) {
  const placeholders = { conversation: sql.placeholder('conversation'), limit: sql.placeholder('limit') };
  if (before === undefined) {
    return preparedOnce(db, 'message-page', (name) =>
      messagePageQuery(db, placeholders.conversation, placeholders.limit).prepare(name),
    ).execute({ conversation: conversationId, limit });
  }
  return preparedOnce(db, 'message-page-before', (name) =>
    messagePageQuery(db, placeholders.conversation, placeholders.limit, sql.placeholder('before')).prepare(name),
  ).execute({ conversation: conversationId, limit, before });
}

export async function findMessage(db: Queryable, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(conversationMessages).where(eq(conversationMessages.id, id));
  return row;
}

/** Whether either user blocked the other (two primary-key lookups). */
export async function blockedEitherWay(db: Queryable, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      sql`(${userBlocks.blockerId} = ${a} and ${userBlocks.blockedId} = ${b}) or (${userBlocks.blockerId} = ${b} and ${userBlocks.blockedId} = ${a})`,
    )
    .limit(1);
  return row !== undefined;
}

export async function hasBlocked(db: Queryable, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
  return row !== undefined;
}

/** Records that the mail about this conversation went to one side now, if none went within the interval. */
export async function claimMailSlot(db: Queryable, conversationId: string, side: Side, now: Date, since: Date): Promise<boolean> {
  const column = side === 'buyer' ? conversations.buyerMailedAt : conversations.sellerMailedAt;
  const rows = await db
    .update(conversations)
    .set(side === 'buyer' ? { buyerMailedAt: now } : { sellerMailedAt: now })
    .where(
      and(eq(conversations.id, conversationId), sql`(${column} is null or ${column} <= ${since.toISOString()}::timestamptz)`),
    )
    .returning({ id: conversations.id });
  return rows.length > 0;
}
