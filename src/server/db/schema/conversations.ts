import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MESSAGE_KINDS, MESSAGE_MAX_CHARS, SYSTEM_EVENTS } from '#domain/conversations/conversation.constants.ts';
import { createdAt, sqlList, timestamptz } from './columns.ts';
import { products } from './products.ts';
import { users } from './users.ts';

/**
 * One conversation per listing and buyer (issue 12). The listing's title and price are copied at
 * the start so the conversation stays readable once the listing is deleted (product_id then becomes
 * null; its photos are removed with it, so no photo is kept); a deleted account leaves its side
 * null ('Deleted user').
 * The unread counters and read marks are per side so the inbox needs no count over messages.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    sellerId: uuid('seller_id').references(() => users.id, { onDelete: 'set null' }),
    productTitle: text('product_title').notNull(),
    productPrice: numeric('product_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** The newest message; no foreign key, to keep the two tables free of a cycle. */
    lastMessageId: uuid('last_message_id'),
    lastMessageAt: timestamptz('last_message_at').notNull(),
    /** Each side has read every message created at or before this. */
    buyerLastReadAt: timestamptz('buyer_last_read_at'),
    sellerLastReadAt: timestamptz('seller_last_read_at'),
    buyerUnread: integer('buyer_unread').notNull().default(0),
    sellerUnread: integer('seller_unread').notNull().default(0),
    /** When the last "unread message" e-mail went to each side: at most one an hour per conversation. */
    buyerMailedAt: timestamptz('buyer_mailed_at'),
    sellerMailedAt: timestamptz('seller_mailed_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('conversations_product_buyer_key').on(table.productId, table.buyerId),
    check('conversations_unread_check', sql`${table.buyerUnread} >= 0 and ${table.sellerUnread} >= 0`),
    check('conversations_two_people_check', sql`${table.buyerId} is distinct from ${table.sellerId} or ${table.buyerId} is null`),
    /** The inbox: one of these two ranges per user, newest activity first. */
    index('conversations_buyer_inbox_idx').on(table.buyerId, table.lastMessageAt.desc(), table.id.desc()),
    index('conversations_seller_inbox_idx').on(table.sellerId, table.lastMessageAt.desc(), table.id.desc()),
    /** The unread badge reads only the conversations with something unread. */
    index('conversations_buyer_unread_idx')
      .on(table.buyerId)
      .where(sql`${table.buyerUnread} > 0`),
    index('conversations_seller_unread_idx')
      .on(table.sellerId)
      .where(sql`${table.sellerUnread} > 0`),
  ],
);

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Null once the author deleted their account: shown as 'Deleted user'. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
    body: text('body').notNull(),
    systemEvent: text('system_event', { enum: SYSTEM_EVENTS }),
    createdAt: createdAt(),
  },
  (table) => [
    check('conversation_messages_kind_check', sql.raw(`kind in (${sqlList(MESSAGE_KINDS)})`)),
    check('conversation_messages_body_check', sql.raw(`char_length(body) between 1 and ${MESSAGE_MAX_CHARS}`)),
    check(
      'conversation_messages_system_event_check',
      sql.raw(
        `(kind = 'system') = (system_event is not null) and (system_event is null or system_event in (${sqlList(SYSTEM_EVENTS)}))`,
      ),
    ),
    /** A page of one conversation, newest first, with a (created_at, id) cursor. */
    index('conversation_messages_page_idx').on(table.conversationId, table.createdAt.desc(), table.id.desc()),
    /** Deleting an account sets its messages' author to null: find them without a scan. */
    index('conversation_messages_author_idx').on(table.authorId),
  ],
);

/** Who blocked whom. Either direction stops messages and buy requests; the blocker no longer sees the other's listings. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    check('user_blocks_not_self_check', sql`${table.blockerId} <> ${table.blockedId}`),
    index('user_blocks_blocked_idx').on(table.blockedId),
  ],
);
