import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REPORT_REASONS, REPORT_STATUSES, REPORT_TARGET_TYPES } from '#domain/moderation/moderation.ts';
import { createdAt, sqlList, timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * A student's report of a listing, a user or a message. Generic over its target (no foreign key
 * to it, so the report and its outcome outlive a removed listing); `target_user_id` is whose
 * target it is (the seller, the author, the user), for the reported user's history.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: uuid('target_id').notNull(),
    targetUserId: uuid('target_user_id'),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: timestamptz('resolved_at'),
    /** The admin who decided; never shown to the reporter. No foreign key: the record outlives them. */
    resolvedBy: uuid('resolved_by'),
    outcome: text('outcome'),
  },
  (table) => [
    check('reports_target_type_check', sql.raw(`target_type in (${sqlList(REPORT_TARGET_TYPES)})`)),
    check('reports_reason_check', sql.raw(`reason in (${sqlList(REPORT_REASONS)})`)),
    check('reports_status_check', sql.raw(`status in (${sqlList(REPORT_STATUSES)})`)),
    check('reports_details_check', sql`${table.details} is null or char_length(${table.details}) <= 500`),
    /** One open report per reporter and target: the database decides 'You have already reported this.' */
    uniqueIndex('reports_open_once_key')
      .on(table.reporterId, table.targetType, table.targetId)
      .where(sql`${table.status} = 'open'`),
    /** The queue and its count read open reports only. */
    index('reports_open_target_idx')
      .on(table.targetType, table.targetId, table.createdAt)
      .where(sql`${table.status} = 'open'`),
    index('reports_target_user_idx').on(table.targetUserId, table.createdAt.desc()),
  ],
);

/** Words an admin does not allow in listings and messages, stored normalized (lower-case, no accents). */
export const prohibitedWords = pgTable('prohibited_words', {
  word: text('word').primaryKey(),
  createdBy: uuid('created_by'),
  createdAt: createdAt(),
});
