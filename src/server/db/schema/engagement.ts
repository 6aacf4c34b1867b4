import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { BUY_REQUEST_STATUSES } from '#domain/buy-requests/buy-request.schemas.ts';
import { OFFER_MAX_RUPEES, OFFER_MIN_RUPEES, OFFER_PARTIES } from '#domain/buy-requests/offer.constants.ts';
import { createdAt, sqlList, timestamptz, updatedAt } from './columns.ts';
import { products } from './products.ts';
import { users } from './users.ts';

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.productId] }), index('wishlist_items_product_idx').on(table.productId)],
);

/** A buyer's request for a listing; requests keep their status and are never silently deleted. */
export const buyRequests = pgTable(
  'buy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    status: text('status', { enum: BUY_REQUEST_STATUSES }).notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    decidedAt: timestamptz('decided_at'),
    /** The offer on the table in whole rupees (issue 23); null for a request at the asking price. */
    offerAmount: integer('offer_amount'),
    /** Who proposed it: the other side answers. */
    offerBy: text('offer_by', { enum: OFFER_PARTIES }),
    /** Unanswered by then, it expires (a queue job scheduled at each step). */
    offerExpiresAt: timestamptz('offer_expires_at'),
  },
  (table) => [
    check('buy_requests_status_check', sql.raw(`status in (${sqlList(BUY_REQUEST_STATUSES)})`)),
    check('buy_requests_message_check', sql`char_length(${table.message}) between 1 and 1000`),
    check(
      'buy_requests_offer_check',
      sql.raw(
        `(offer_amount is null) = (offer_by is null) and (offer_amount is null) = (offer_expires_at is null)` +
          ` and (offer_amount is null or offer_amount between ${OFFER_MIN_RUPEES} and ${OFFER_MAX_RUPEES})` +
          ` and (offer_by is null or offer_by in (${sqlList(OFFER_PARTIES)}))`,
      ),
    ),
    /** One active request per buyer and listing; the database enforces it. */
    uniqueIndex('buy_requests_one_active_idx')
      .on(table.productId, table.buyerId)
      .where(sql`status = 'active'`),
    index('buy_requests_product_idx').on(table.productId, table.status, table.createdAt),
    index('buy_requests_buyer_idx').on(table.buyerId, table.status),
  ],
);
