import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REVIEW_SUBJECT_ROLES, REVIEW_TEXT_MAX_CHARS } from '#domain/reviews/review.constants.ts';
import { createdAt, sqlList, timestamptz, updatedAt } from './columns.ts';
import { products } from './products.ts';
import { users } from './users.ts';

/**
 * A review one side of a sale wrote about the other (issue 23). A sale is a listing sold to a
 * buyer (`products.buyer_id`), so one review per listing and author. The review outlives the
 * listing (title copied, product_id set null) and its author's account ('Deleted user'), so a
 * seller cannot erase a bad review by deleting the listing; it goes with the reviewed account.
 * Admins remove a review by marking it (`removed_at`): kept for the audit trail and the reports,
 * never shown, never counted, and its author cannot post another for that sale.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productTitle: text('product_title').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The reviewed user's side of the sale: only reviews of sellers count toward the rating. */
    subjectRole: text('subject_role', { enum: REVIEW_SUBJECT_ROLES }).notNull(),
    rating: smallint('rating').notNull(),
    text: text('text'),
    /** When the sale happened (the 30-day window and the reminder are counted from it). */
    soldAt: timestamptz('sold_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    removedAt: timestamptz('removed_at'),
    /** The admin who removed it; no foreign key, the record outlives them. */
    removedBy: uuid('removed_by'),
  },
  (table) => [
    check('reviews_rating_check', sql`${table.rating} between 1 and 5`),
    check('reviews_text_check', sql.raw(`text is null or char_length(text) <= ${REVIEW_TEXT_MAX_CHARS}`)),
    check('reviews_subject_role_check', sql.raw(`subject_role in (${sqlList(REVIEW_SUBJECT_ROLES)})`)),
    check('reviews_not_self_check', sql`${table.authorId} is distinct from ${table.subjectId}`),
    /** Once per sale and author: the database decides between two racing posts. */
    uniqueIndex('reviews_product_author_key').on(table.productId, table.authorId),
    /** A profile's reviews newest first, and a seller's average (role 'seller'), read from one range. */
    index('reviews_subject_idx')
      .on(table.subjectId, table.subjectRole, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.removedAt} is null`),
    index('reviews_author_idx').on(table.authorId),
  ],
);

/** Sales whose "review your deal" reminder went out: at most once per sale. */
export const reviewReminders = pgTable(
  'review_reminders',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    remindedAt: timestamptz('reminded_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId] })],
);
