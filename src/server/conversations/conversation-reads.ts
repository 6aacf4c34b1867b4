/**
 * The hot reads of conversations (an inbox page, one conversation's header, a page of messages)
 * as SQL text written once per shape and run as named statements: one round trip each, the rows
 * flat, the wire's timestamps already ISO text. Through the query builder the inbox took three
 * round trips and most of its CPU went to building and mapping the nested select (issue 25).
 */
import type { MessageKind, SystemEvent } from '#domain/conversations/conversation.constants.ts';
import type { Statement, StatementRunner } from '../db/client.ts';

/** A timestamp as JavaScript's toISOString writes it (UTC, milliseconds, truncated like a Date). */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** What an inbox row or a conversation header shows, seen by one of its two participants. */
export interface ConversationViewRow {
  id: string;
  buyerId: string | null;
  sellerId: string | null;
  /** The listing's title and price when the conversation began (shown once it is deleted). */
  productTitle: string;
  productPrice: number;
  lastMessageAt: string;
  buyerUnread: number;
  sellerUnread: number;
  buyerLastReadAt: string | null;
  sellerLastReadAt: string | null;
  /** The listing now; null once it was deleted. */
  listingId: string | null;
  listingTitle: string | null;
  listingPrice: number | null;
  listingSoldOut: boolean | null;
  thumbnailKey: string | null;
  /** The other participant; null once their account was deleted. */
  otherId: string | null;
  otherName: string | null;
  otherPictureKey: string | null;
  /** The last message; null when there is none (or it was removed). */
  lastBody: string | null;
  lastAuthorId: string | null;
  lastKind: MessageKind | null;
  lastCreatedAt: string | null;
}

/**
 * The columns of ConversationViewRow for conversation `c`, seen by the user in parameter $1. The
 * listing is a lateral lookup that cannot be flattened (limit 1): as a plain join, the planner
 * merged the page's conversations with the whole products index in key order (7–9 ms on 100,000
 * listings, against 0.9 ms for 20 key lookups; scripts/explain-conversations.ts).
 */
const VIEW_COLUMNS = `c.id, c.buyer_id as "buyerId", c.seller_id as "sellerId", c.product_title as "productTitle",
    c.product_price::float8 as "productPrice", ${iso('c.last_message_at')} as "lastMessageAt",
    c.buyer_unread as "buyerUnread", c.seller_unread as "sellerUnread",
    ${iso('c.buyer_last_read_at')} as "buyerLastReadAt", ${iso('c.seller_last_read_at')} as "sellerLastReadAt",
    listing.id as "listingId", listing.title as "listingTitle", listing.price::float8 as "listingPrice",
    listing.sold_out as "listingSoldOut",
    (select card_storage_key from product_images where product_id = listing.id order by position limit 1) as "thumbnailKey",
    other.id as "otherId", other.user_name as "otherName", other.profile_picture_key as "otherPictureKey",
    last.body as "lastBody", last.author_id as "lastAuthorId", last.kind as "lastKind", ${iso('last.created_at')} as "lastCreatedAt"`;

const VIEW_JOINS = `left join lateral (select id, title, price, sold_out from products where id = c.product_id limit 1) listing on true
    left join users other on other.id = (case when c.buyer_id = $1 then c.seller_id else c.buyer_id end)
    left join conversation_messages last on last.id = c.last_message_id`;

/**
 * Unread messages of a user over every conversation: only rows with something unread are read
 * (partial indexes).
 */
const UNREAD_COUNT = `(coalesce((select sum(buyer_unread) from conversations where buyer_id = $1 and buyer_unread > 0), 0)
      + coalesce((select sum(seller_unread) from conversations where seller_id = $1 and seller_unread > 0), 0))::int`;

/** The unread badge (asked for on every page and live event), as a named statement of its own. */
export function unreadCountStatement(userId: string): Statement {
  return { name: 'unread-messages', text: `select ${UNREAD_COUNT} as n`, values: [userId] };
}

export async function countUnreadMessages(statements: StatementRunner, userId: string): Promise<number> {
  const [row] = await statements.runStatement<{ n: number | string }>(unreadCountStatement(userId));
  return Number(row?.n ?? 0);
}

/**
 * One inbox page, newest activity first, with the user's unread total on every row. The user's
 * conversations as buyer and as seller are two ranges of two indexes, each read only as far as
 * the page needs, then merged. The order names the indexes' null placement: otherwise the planner
 * sorts the whole range. `limit` rows at most; a cursor page starts after conversation `before`.
 */
export function inboxPageStatement(userId: string, limit: number, before?: string): Statement {
  const after = (column: string) =>
    before === undefined
      ? ''
      : `and (last_message_at, id) < (select last_message_at, id from conversations where id = $3::uuid and ${column} = $1)`;
  const side = (column: string) => `(select id, last_message_at from conversations where ${column} = $1 ${after(column)}
        order by last_message_at desc nulls last, id desc nulls last limit $2)`;
  return {
    name: before === undefined ? 'inbox-page' : 'inbox-page-after',
    text: `with page as (
        select id, last_message_at from (${side('buyer_id')} union all ${side('seller_id')}) both_sides
        order by last_message_at desc nulls last, id desc nulls last limit $2)
      select ${VIEW_COLUMNS}, ${UNREAD_COUNT} as "unreadCount"
      from page join conversations c on c.id = page.id
      ${VIEW_JOINS}
      order by page.last_message_at desc nulls last, page.id desc nulls last`,
    values: before === undefined ? [userId, limit] : [userId, limit, before],
  };
}

export type InboxRow = ConversationViewRow & { unreadCount: number };

export function findInboxPage(statements: StatementRunner, userId: string, limit: number, before?: string) {
  return statements.runStatement<InboxRow>(inboxPageStatement(userId, limit, before));
}

/**
 * One conversation's header if `userId` takes part in it (anyone else finds nothing), with
 * whether either of the two blocked the other.
 */
export function conversationViewStatement(userId: string, conversationId: string): Statement {
  return {
    name: 'conversation-view',
    text: `select ${VIEW_COLUMNS},
        exists (select 1 from user_blocks where blocker_id = $1 and blocked_id = other.id) as "blockedByMe",
        exists (select 1 from user_blocks where blocker_id = other.id and blocked_id = $1) as "blockedMe"
      from conversations c
      ${VIEW_JOINS}
      where c.id = $2::uuid and (c.buyer_id = $1 or c.seller_id = $1)`,
    values: [userId, conversationId],
  };
}

export type ConversationHeaderRow = ConversationViewRow & { blockedByMe: boolean; blockedMe: boolean };

export async function findConversationView(
  statements: StatementRunner,
  userId: string,
  conversationId: string,
): Promise<ConversationHeaderRow | undefined> {
  const [row] = await statements.runStatement<ConversationHeaderRow>(conversationViewStatement(userId, conversationId));
  return row;
}

/** A message as the wire carries it, with its conversation's read marks (the page's "Seen"). */
export interface MessagePageRow {
  buyerId: string | null;
  sellerId: string | null;
  buyerLastReadAt: string | null;
  sellerLastReadAt: string | null;
  /** Null on the one row of a conversation without messages. */
  id: string | null;
  authorId: string | null;
  kind: MessageKind;
  body: string;
  systemEvent: SystemEvent | null;
  createdAt: string;
}

/**
 * A page of a conversation's messages, newest first, older than message `before` when given, if
 * user $2 takes part in it: no row means no such conversation for them; a conversation without
 * messages is one row whose message columns are null.
 */
export function messagePageStatement(conversationId: string, userId: string, limit: number, before?: string): Statement {
  const older =
    before === undefined
      ? ''
      : `and (created_at, id) < (select created_at, id from conversation_messages where id = $4::uuid and conversation_id = c.id)`;
  return {
    name: before === undefined ? 'message-page' : 'message-page-after',
    text: `select c.buyer_id as "buyerId", c.seller_id as "sellerId",
        ${iso('c.buyer_last_read_at')} as "buyerLastReadAt", ${iso('c.seller_last_read_at')} as "sellerLastReadAt",
        message.id, message.author_id as "authorId", message.kind, message.body, message.system_event as "systemEvent",
        ${iso('message.created_at')} as "createdAt"
      from conversations c
      left join lateral (select id, author_id, kind, body, system_event, created_at from conversation_messages
        where conversation_id = c.id ${older}
        order by created_at desc nulls last, id desc nulls last limit $3) message on true
      where c.id = $1::uuid and (c.buyer_id = $2 or c.seller_id = $2)
      order by message.created_at desc nulls last, message.id desc nulls last`,
    values: before === undefined ? [conversationId, userId, limit] : [conversationId, userId, limit, before],
  };
}

export function findMessagePage(
  statements: StatementRunner,
  conversationId: string,
  userId: string,
  limit: number,
  before?: string,
) {
  return statements.runStatement<MessagePageRow>(messagePageStatement(conversationId, userId, limit, before));
}
