import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MEETUP_STATUSES, SPOT_MAP_URL_MAX_CHARS, SPOT_NAME_MAX_CHARS } from '#domain/meetups/meetup.constants.ts';
import { createdAt, sqlList, timestamptz, updatedAt } from './columns.ts';
import { conversations } from './conversations.ts';
import { users } from './users.ts';

/** The campus's safe spots admins keep (issue 23). Removed spots are marked, so meet-ups keep their name. */
export const safeSpots = pgTable(
  'safe_spots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    mapUrl: text('map_url'),
    removedAt: timestamptz('removed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('safe_spots_name_check', sql.raw(`char_length(name) between 1 and ${SPOT_NAME_MAX_CHARS}`)),
    check(
      'safe_spots_map_url_check',
      sql.raw(`map_url is null or (map_url ~ '^https://' and char_length(map_url) <= ${SPOT_MAP_URL_MAX_CHARS})`),
    ),
    /** Names are unique among the spots in use, whatever their case. */
    uniqueIndex('safe_spots_name_key')
      .on(sql`lower(${table.name})`)
      .where(sql`${table.removedAt} is null`),
  ],
);

/**
 * A meet-up proposed in a conversation: a safe spot and a time. The other side accepts it or
 * suggests another (the open one is then `replaced`). One open proposal and one accepted
 * meet-up per conversation at most (partial unique indexes); a newly accepted one replaces the old.
 */
export const meetupProposals = pgTable(
  'meetup_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    proposerId: uuid('proposer_id').references(() => users.id, { onDelete: 'set null' }),
    spotId: uuid('spot_id')
      .notNull()
      .references(() => safeSpots.id),
    meetAt: timestamptz('meet_at').notNull(),
    status: text('status', { enum: MEETUP_STATUSES }).notNull().default('proposed'),
    createdAt: createdAt(),
    decidedAt: timestamptz('decided_at'),
    /** When both sides were reminded (an hour before); null until then. */
    remindedAt: timestamptz('reminded_at'),
  },
  (table) => [
    check('meetup_proposals_status_check', sql.raw(`status in (${sqlList(MEETUP_STATUSES)})`)),
    uniqueIndex('meetup_proposals_open_key')
      .on(table.conversationId)
      .where(sql`${table.status} = 'proposed'`),
    uniqueIndex('meetup_proposals_accepted_key')
      .on(table.conversationId)
      .where(sql`${table.status} = 'accepted'`),
    /** The reminder job reads only accepted meet-ups not yet reminded, by time. */
    index('meetup_proposals_reminder_idx')
      .on(table.meetAt)
      .where(sql`${table.status} = 'accepted' and ${table.remindedAt} is null`),
  ],
);
