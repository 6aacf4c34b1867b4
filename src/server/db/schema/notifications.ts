import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MAIL_KINDS, NOTIFICATION_CHOICE_DEFAULT, NOTIFICATION_KINDS } from '#domain/notifications/notification-kinds.ts';
import { createdAt, sqlList, timestamptz, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * What the bell lists. `seq` orders them and is the live stream's event id: notify() takes a
 * per-user lock first, so for one user seq order is commit order and a reconnecting stream can
 * replay exactly what it missed (seq > Last-Event-ID).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    readAt: timestamptz('read_at'),
    createdAt: createdAt(),
  },
  (table) => [
    check('notifications_kind_check', sql.raw(`kind in (${sqlList(NOTIFICATION_KINDS)})`)),
    // seq is unique by an exclusion constraint on a hash index (migration 0013), which no query
    // can walk in seq order: one user's notifications in seq order always come from this index,
    // built DESC NULLS FIRST as `order by seq desc` reads it.
    index('notifications_user_seq_idx').on(table.userId, table.seq.desc().nullsFirst()),
    index('notifications_unread_idx')
      .on(table.userId)
      .where(sql`read_at is null`),
  ],
);

/** Per user and kind: also e-mail it? push it to their devices? No row means the defaults, yes and yes. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    email: boolean('email').notNull().default(NOTIFICATION_CHOICE_DEFAULT.email),
    /** Only read for the kinds that are pushed (domain/push/push.ts). */
    push: boolean('push').notNull().default(NOTIFICATION_CHOICE_DEFAULT.push),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind] }),
    check('notification_preferences_kind_check', sql.raw(`kind in (${sqlList(NOTIFICATION_KINDS)})`)),
  ],
);

export const MAIL_STATUSES = ['pending', 'sent', 'expired', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * Every mail, written in the transaction of the event that causes it, and the record of its
 * delivery: `event_key` makes one event one mail, `message_id` is the same on every attempt, and
 * `sent_at` tells a retry that the mail already went. The bodies are erased once sent.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey(),
    eventKey: text('event_key').notNull(),
    kind: text('kind', { enum: MAIL_KINDS }).notNull(),
    /** The account it goes to (null for sign-up codes); deleting the account drops its unsent mail. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    messageId: text('message_id').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    /** The one-click unsubscribe address (RFC 8058) of a non-security mail. */
    unsubscribeUrl: text('unsubscribe_url'),
    /** A mail pointless after this (a one-time code's expiry) is not sent late. */
    expiresAt: timestamptz('expires_at'),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
  },
  (table) => [
    uniqueIndex('mail_outbox_event_key').on(table.eventKey),
    uniqueIndex('mail_outbox_message_id_key').on(table.messageId),
    check('mail_outbox_kind_check', sql.raw(`kind in (${sqlList(MAIL_KINDS)})`)),
    check('mail_outbox_status_check', sql.raw(`status in (${sqlList(MAIL_STATUSES)})`)),
    index('mail_outbox_created_idx').on(table.createdAt),
    index('mail_outbox_user_idx').on(table.userId),
  ],
);

/** One per non-security mail: its unsubscribe link's token, stored as SHA-256 only. */
export const unsubscribeTokens = pgTable(
  'unsubscribe_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('unsubscribe_tokens_user_idx').on(table.userId), index('unsubscribe_tokens_created_idx').on(table.createdAt)],
);
