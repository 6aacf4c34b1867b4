import { type Placeholder, and, desc, eq, sql } from 'drizzle-orm';
import type { MessageKind, SystemEvent } from '#domain/conversations/conversation.constants.ts';
import type { Queryable } from '../db/client.ts';
import { preparedOnce, runWritten } from '../db/prepared.ts';
import { conversationMessages, conversations, userBlocks } from '../db/schema/index.ts';
import type { NotificationKind } from '#domain/notifications/notification-kinds.ts';
import { type NotificationReach, reachChoiceColumns, reachDevicesColumn } from '../notifications/notifications.repository.ts';
import type { NotificationRecipient } from '../notifications/notify.ts';

/** The notification a text message sends the other participant. */
const MESSAGE_RECEIVED = 'message.received' satisfies NotificationKind;

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

/** A conversation as it is opened: the listing's title and price copied, at the app's `now`. */
export interface NewConversation {
  productId: string;
  buyerId: string;
  sellerId: string;
  productTitle: string;
  productPrice: number;
  now: Date;
}

/** $1–$6 of the statements that open a conversation, in the order they name them. */
const openingValues = (values: NewConversation) => [
  values.productId,
  values.buyerId,
  values.sellerId,
  values.productTitle,
  values.productPrice,
  values.now.toISOString(),
];

/** A conversation's columns as a written statement answers them (timestamps in epoch ms, the price as a number). */
const CONVERSATION_COLUMNS = `id, product_id, buyer_id, seller_id, product_title, product_price::float8 as product_price,
  last_message_id, (extract(epoch from last_message_at) * 1000)::float8 as last_message_ms,
  (extract(epoch from buyer_last_read_at) * 1000)::float8 as buyer_last_read_ms,
  (extract(epoch from seller_last_read_at) * 1000)::float8 as seller_last_read_ms, buyer_unread, seller_unread,
  (extract(epoch from buyer_mailed_at) * 1000)::float8 as buyer_mailed_ms,
  (extract(epoch from seller_mailed_at) * 1000)::float8 as seller_mailed_ms,
  (extract(epoch from created_at) * 1000)::float8 as created_ms`;

interface WrittenConversation {
  id: string;
  product_id: string | null;
  buyer_id: string | null;
  seller_id: string | null;
  product_title: string;
  product_price: number;
  last_message_id: string | null;
  last_message_ms: number;
  buyer_last_read_ms: number | null;
  seller_last_read_ms: number | null;
  buyer_unread: number;
  seller_unread: number;
  buyer_mailed_ms: number | null;
  seller_mailed_ms: number | null;
  created_ms: number;
}

const dateOf = (ms: number | null) => (ms === null ? null : new Date(ms));

function conversationOf(row: WrittenConversation): ConversationRow {
  return {
    id: row.id,
    productId: row.product_id,
    buyerId: row.buyer_id,
    sellerId: row.seller_id,
    productTitle: row.product_title,
    productPrice: row.product_price,
    lastMessageId: row.last_message_id,
    lastMessageAt: new Date(row.last_message_ms),
    buyerLastReadAt: dateOf(row.buyer_last_read_ms),
    sellerLastReadAt: dateOf(row.seller_last_read_ms),
    buyerUnread: row.buyer_unread,
    sellerUnread: row.seller_unread,
    buyerMailedAt: dateOf(row.buyer_mailed_ms),
    sellerMailedAt: dateOf(row.seller_mailed_ms),
    createdAt: new Date(row.created_ms),
  };
}

/** Who a text message goes to, as the statement that locks its conversation reads them. */
export interface MessageRecipient extends NotificationRecipient {
  /** How their notification of a new message reaches them. */
  reach: NotificationReach;
  /** Whether the two blocked one another, either way. */
  blocked: boolean;
}

/**
 * The conversation if `$2` takes part in it, locked for their message, with the other participant
 * (none once their account was deleted): their address, their reach for a message and whether
 * either blocked the other, in one round trip.
 */
const LOCK_CONVERSATION_FOR_MESSAGE = {
  name: 'lock-conversation-for-message',
  text: `
  select c.*, other.id as other_id, other.email as other_email, other.user_name as other_name,
         ${reachChoiceColumns('other.id', '$3::text', 'reach')}, ${reachDevicesColumn('other.id', 'other_devices')},
         ${blockedEitherWayColumn('$2', 'other.id')}
    from (select ${CONVERSATION_COLUMNS} from conversations
           where id = $1 and (buyer_id = $2 or seller_id = $2)
             for update) c
    left join users other on other.id = (case when c.buyer_id = $2 then c.seller_id else c.buyer_id end)`,
};

export async function lockConversationForMessage(
  db: Queryable,
  conversationId: string,
  authorId: string,
): Promise<{ conversation: ConversationRow; recipient: MessageRecipient | undefined } | undefined> {
  const [row] = await runWritten<
    WrittenConversation & {
      other_id: string | null;
      other_email: string;
      other_name: string;
      reach_email: boolean;
      reach_push: boolean;
      other_devices: string[];
      blocked: boolean;
    }
  >(db, { ...LOCK_CONVERSATION_FOR_MESSAGE, values: [conversationId, authorId, MESSAGE_RECEIVED] });
  if (!row) return undefined;
  const recipient: MessageRecipient | undefined = row.other_id
    ? {
        id: row.other_id,
        email: row.other_email,
        userName: row.other_name,
        reach: { email: row.reach_email, push: row.reach_push, deviceIds: row.other_devices },
        blocked: row.blocked,
      }
    : undefined;
  return { conversation: conversationOf(row), recipient };
}

/**
 * The one a row inserted now (the transaction's own: no one else sees it before commit, so no
 * lock is needed), or the one that was there, locked. Each part of a statement sees the rows as
 * they were when it began: a conversation a concurrent first message committed meanwhile is in
 * neither, and findOrOpenConversation looks again.
 */
const FIND_OR_OPEN_CONVERSATION = {
  name: 'find-or-open-conversation',
  text: `
  with opened as (
    insert into conversations (product_id, buyer_id, seller_id, product_title, product_price, last_message_at)
    values ($1, $2, $3, $4, $5, $6::timestamptz)
    on conflict (product_id, buyer_id) do nothing
    returning ${CONVERSATION_COLUMNS}),
  existing as (
    select ${CONVERSATION_COLUMNS} from conversations
     where product_id = $1 and buyer_id = $2 and not exists (select 1 from opened)
       for update)
  select * from opened union all select * from existing`,
};

/**
 * The buyer's conversation about a listing, locked for the message about to be added, opened
 * first if there is none: one round trip where finding, then opening, took two.
 */
export async function findOrOpenConversation(db: Queryable, values: NewConversation): Promise<ConversationRow> {
  const [row] = await runWritten<WrittenConversation>(db, {
    ...FIND_OR_OPEN_CONVERSATION,
    values: openingValues(values),
  });
  if (row) return conversationOf(row);
  const raced = await findConversationByListing(db, values.productId, values.buyerId, 'update');
  if (!raced) throw new Error('conversation vanished after it was opened');
  return raced;
}

/** What a new message does to its conversation, by the author's side (written out once for each). */
const MOVE_ON: Record<Side, string> = {
  buyer: 'seller_unread = c.seller_unread + 1, buyer_unread = 0, buyer_last_read_at = m.created_at',
  seller: 'buyer_unread = c.buyer_unread + 1, seller_unread = 0, seller_last_read_at = m.created_at',
};

const insertMessageText = (side: Side) => `
  with m as (
    insert into conversation_messages (conversation_id, author_id, kind, body, system_event, created_at)
    values ($1, $2, $3, $4, $5, clock_timestamp())
    returning id, created_at)
  update conversations c
     set last_message_id = m.id, last_message_at = greatest(c.last_message_at, m.created_at), ${MOVE_ON[side]}
    from m
   where c.id = $1
  returning m.id, (extract(epoch from m.created_at) * 1000)::float8 as created_ms`;

const INSERT_MESSAGE: Record<Side, { name: string; text: string }> = {
  buyer: { name: 'insert-message-by-buyer', text: insertMessageText('buyer') },
  seller: { name: 'insert-message-by-seller', text: insertMessageText('seller') },
};

/**
 * Adds a message and moves the conversation on, in one statement: its last message, the other
 * side's unread count up by one, and the author's side read up to this message (they wrote it,
 * so they saw everything). A message's time is the moment the row lock was held (not the
 * transaction's start), and the conversation's time never goes back: the inbox order and read
 * marks follow it. The conversation row must be locked by the caller's transaction.
 */
export async function insertMessage(
  db: Queryable,
  conversation: ConversationRow,
  message: { authorId: string; authorSide: Side; kind: MessageKind; body: string; systemEvent?: SystemEvent | null },
): Promise<MessageRow> {
  const systemEvent = message.systemEvent ?? null;
  const [row] = await runWritten<{ id: string; created_ms: number }>(db, {
    ...INSERT_MESSAGE[message.authorSide],
    values: [conversation.id, message.authorId, message.kind, message.body, systemEvent],
  });
  if (!row) throw new Error(`conversation ${conversation.id} vanished while a message was added`);
  return messageRowOf(row.id, conversation.id, message, row.created_ms);
}

/** The row of a message a written statement added (it answers the id and the time). */
function messageRowOf(
  id: string,
  conversationId: string,
  message: { authorId: string; kind: MessageKind; body: string; systemEvent?: SystemEvent | null },
  createdMs: number,
): MessageRow {
  return {
    id,
    conversationId,
    authorId: message.authorId,
    kind: message.kind,
    body: message.body,
    systemEvent: message.systemEvent ?? null,
    createdAt: new Date(createdMs),
  };
}

/** A new conversation's counters and read marks when its first message is by `side` (as MOVE_ON leaves them). */
const OPENED_BY: Record<Side, { columns: string; values: string }> = {
  buyer: { columns: 'seller_unread, buyer_last_read_at', values: '1, t.at' },
  seller: { columns: 'buyer_unread, seller_last_read_at', values: '1, t.at' },
};

/**
 * findOrOpenConversation and insertMessage in one statement. A row the statement inserts is
 * invisible to its other parts, so a conversation opened here gets its first message's effects in
 * its own insert (the message's id is chosen beforehand); one that was there is locked, then moved
 * on as insertMessage does, its message timed once the lock is held.
 */
const postInListingConversationText = (side: Side) => `
  with t as (select clock_timestamp() as at),
  opened as (
    insert into conversations (product_id, buyer_id, seller_id, product_title, product_price, last_message_at,
                               last_message_id, ${OPENED_BY[side].columns})
    select $1::uuid, $2::uuid, $3::uuid, $4::text, $5::numeric, greatest($6::timestamptz, t.at), $7::uuid,
           ${OPENED_BY[side].values} from t
    on conflict (product_id, buyer_id) do nothing
    returning id, buyer_id, seller_id, product_title, true as opened),
  existing as (
    select id, buyer_id, seller_id, product_title, false as opened from conversations
     where product_id = $1::uuid and buyer_id = $2::uuid and not exists (select 1 from opened)
       for update),
  conversation as (select * from opened union all select * from existing),
  m as (
    insert into conversation_messages (id, conversation_id, author_id, kind, body, system_event, created_at)
    select $7::uuid, conversation.id, $8::uuid, $9::text, $10::text, $11::text, case when conversation.opened then t.at else clock_timestamp() end
      from conversation, t
    returning id, conversation_id, created_at),
  moved as (
    update conversations c
       set last_message_id = m.id, last_message_at = greatest(c.last_message_at, m.created_at), ${MOVE_ON[side]}
      from m
     where c.id = m.conversation_id)
  select conversation.id, conversation.buyer_id, conversation.seller_id, conversation.product_title, (extract(epoch from m.created_at) * 1000)::float8 as created_ms
    from conversation, m`;

const POST_IN_LISTING_CONVERSATION: Record<Side, { name: string; text: string }> = {
  buyer: { name: 'post-in-listing-conversation-by-buyer', text: postInListingConversationText('buyer') },
  seller: { name: 'post-in-listing-conversation-by-seller', text: postInListingConversationText('seller') },
};

export interface PostedMessage {
  conversation: Pick<ConversationRow, 'id' | 'buyerId' | 'sellerId' | 'productTitle'>;
  message: MessageRow;
}

/**
 * Adds a message to the buyer's conversation about a listing, opening it if there is none: one
 * round trip where findOrOpenConversation then insertMessage took two. Undefined when a
 * concurrent first message opened the conversation meanwhile (the caller then takes those two).
 */
export async function postInListingConversation(
  db: Queryable,
  values: NewConversation,
  message: { id: string; authorId: string; authorSide: Side; kind: MessageKind; body: string; systemEvent?: SystemEvent | null },
): Promise<PostedMessage | undefined> {
  const systemEvent = message.systemEvent ?? null;
  const [row] = await runWritten<{
    id: string;
    buyer_id: string | null;
    seller_id: string | null;
    product_title: string;
    created_ms: number;
  }>(db, {
    ...POST_IN_LISTING_CONVERSATION[message.authorSide],
    values: [...openingValues(values), message.id, message.authorId, message.kind, message.body, systemEvent],
  });
  if (!row) return undefined;
  return {
    conversation: { id: row.id, buyerId: row.buyer_id, sellerId: row.seller_id, productTitle: row.product_title },
    message: messageRowOf(message.id, row.id, message, row.created_ms),
  };
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

export async function findMessage(db: Queryable, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(conversationMessages).where(eq(conversationMessages.id, id));
  return row;
}

/** The column `blocked`: whether either of two users (SQL expressions) blocked the other, for a statement that reads it beside its own. */
export function blockedEitherWayColumn(a: string, b: string): string {
  return `exists (select 1 from user_blocks b
                   where (b.blocker_id = ${a} and b.blocked_id = ${b}) or (b.blocker_id = ${b} and b.blocked_id = ${a})) as blocked`;
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
