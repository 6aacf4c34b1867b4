import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Who did what to whom, for every admin action. No foreign keys on purpose: the record must
 * outlive the users and listings it names. An action the system took by itself (a suspension
 * ending at its time) has no actor: both actor columns are null, and screens show 'System'.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** The user an action concerned (the suspended user, the removed listing's seller), for their history. */
    subjectUserId: uuid('subject_user_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  // Newest first, as the audit page and the queue's history read it: each index ends in
  // (created_at, id) in exactly the order the queries ask for (DESC is NULLS FIRST), so a page is
  // the first rows of one index range, not a sort of every matching row.
  (table) => [
    index('audit_log_created_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('audit_log_actor_idx').on(table.actorId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('audit_log_action_idx').on(table.action, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('audit_log_target_idx').on(table.targetId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('audit_log_subject_idx').on(table.subjectUserId, table.createdAt.desc().nullsFirst()),
    check('audit_log_actor_check', sql`(${table.actorId} is null) = (${table.actorEmail} is null)`),
  ],
);
