import { sql } from 'drizzle-orm';
import { check, index, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SAVED_SEARCH_FREQUENCIES, type SavedSearchCriteria } from '#domain/alerts/saved-search.schemas.ts';
import { createdAt, sqlList, timestamptz, updatedAt } from './columns.ts';
import { products } from './products.ts';
import { users } from './users.ts';

/**
 * A student's saved search (issue 24). `criteria` is the Products list query as saved; the columns
 * beside it are the same criteria in the shape the matching query reads (saved-search-matching.ts):
 * `categories` is never empty ('*' means every category) so a GIN index finds the candidates of a
 * new listing's category, the few left are filtered on the other columns.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    criteria: jsonb('criteria').$type<SavedSearchCriteria>().notNull(),
    /** The search text lower-cased (null: any title). */
    q: text('q'),
    categories: text('categories').array().notNull(),
    /** Empty: any condition. */
    conditions: text('conditions').array().notNull(),
    minPrice: numeric('min_price', { precision: 12, scale: 2, mode: 'number' }),
    maxPrice: numeric('max_price', { precision: 12, scale: 2, mode: 'number' }),
    frequency: text('frequency', { enum: SAVED_SEARCH_FREQUENCIES }).notNull().default('daily'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('saved_searches_frequency_check', sql.raw(`frequency in (${sqlList(SAVED_SEARCH_FREQUENCIES)})`)),
    check('saved_searches_name_check', sql`char_length(${table.name}) between 1 and 60`),
    check('saved_searches_categories_check', sql`cardinality(${table.categories}) > 0`),
    uniqueIndex('saved_searches_user_name_idx').on(table.userId, sql`lower(${table.name})`),
    index('saved_searches_user_idx').on(table.userId, table.createdAt),
    index('saved_searches_categories_idx').using('gin', table.categories),
  ],
);

/**
 * Which listing a saved search already announced: one alert per saved search and listing (an edit
 * does not announce it again; a renewal clears the listing's rows, so it is announced anew). Rows
 * not yet in a digest (`digested_at` null) of daily searches make tomorrow's mail.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    digestedAt: timestamptz('digested_at'),
  },
  (table) => [
    primaryKey({ columns: [table.savedSearchId, table.productId] }),
    index('saved_search_matches_product_idx').on(table.productId),
    index('saved_search_matches_undigested_idx')
      .on(table.userId, table.createdAt)
      .where(sql`${table.digestedAt} is null`),
  ],
);

export const LISTING_EVENT_KINDS = ['listed', 'renewed', 'edited', 'price-drop', 'sold', 'expired'] as const;
export type ListingEventKind = (typeof LISTING_EVENT_KINDS)[number];

/**
 * What happened to a listing that may alert other students, written in the transaction of the
 * change with the job that handles it. The job marks it processed in the transaction that writes
 * its notifications, so a job run again after a crash finds it done: each alert is made once.
 */
export const listingEvents = pgTable(
  'listing_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LISTING_EVENT_KINDS }).notNull(),
    oldPrice: numeric('old_price', { precision: 12, scale: 2, mode: 'number' }),
    newPrice: numeric('new_price', { precision: 12, scale: 2, mode: 'number' }),
    createdAt: createdAt(),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    check('listing_events_kind_check', sql.raw(`kind in (${sqlList(LISTING_EVENT_KINDS)})`)),
    index('listing_events_product_idx').on(table.productId),
  ],
);

/** Secrets the app makes for itself on first start (the key that signs renew links). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
