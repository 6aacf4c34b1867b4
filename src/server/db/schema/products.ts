import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { CATEGORIES, CONDITIONS } from '#domain/catalog.ts';
import { createdAt, sqlList, timestamptz, updatedAt } from './columns.ts';
import { users } from './users.ts';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /**
     * The title lower-cased, kept by the database. Search is `title_search LIKE lower('%q%')`:
     * the same matches as ILIKE on the title, at about half its cost per row, served by a trigram index.
     */
    titleSearch: text('title_search').generatedAlwaysAs(sql`lower(title)`),
    description: text('description').notNull(),
    price: money('price').notNull(),
    originalPrice: money('original_price'),
    category: text('category', { enum: CATEGORIES }).notNull(),
    condition: text('condition', { enum: CONDITIONS }).notNull(),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
    numReviews: integer('num_reviews').notNull().default(0),
    soldOut: boolean('sold_out').notNull().default(false),
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the seller accepted the buyer: set with soldOut in the sale's transaction, never without it. */
    soldAt: timestamptz('sold_at'),
    /** What it sold for: the accepted offer or counter, else the asking price; null when sold elsewhere. */
    soldPrice: money('sold_price'),
    /** The seller holds it (issue 23), optionally for one of its requesters; null when not reserved. */
    reservedAt: timestamptz('reserved_at'),
    reservedForId: uuid('reserved_for_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Kept by the database, for the list's order: reserved listings come after available ones in
     * every sort. Two columns, so that each sort runs one way over all its columns (one row
     * comparison for a cursor): ascending sorts lead with `reserved`, descending ones with `unreserved`.
     */
    reserved: boolean('reserved')
      .notNull()
      .generatedAlwaysAs(sql`reserved_at is not null`),
    unreserved: boolean('unreserved')
      .notNull()
      .generatedAlwaysAs(sql`reserved_at is null`),
    /** Reported by enough students: hidden from browsing until an admin reviews it. */
    underReview: boolean('under_review').notNull().default(false),
    /** Its seller is suspended or banned: hidden while that lasts. */
    sellerHeld: boolean('seller_held').notNull().default(false),
    /**
     * Listed or last renewed (a renewal or an edit), by the app's clock: Newest sorts by it, so a
     * renewed listing is back at the top. Its expiry follows from it (expires_at).
     */
    renewedAt: timestamptz('renewed_at').notNull().defaultNow(),
    /** renewed_at + LISTING_TTL_DAYS, written with it; the expiry job turns `expired` on once it passes. */
    expiresAt: timestamptz('expires_at')
      .notNull()
      .default(sql`now() + interval '60 days'`),
    /** Not renewed in time: hidden from browsing, kept on the seller's My Listings with Renew. */
    expired: boolean('expired').notNull().default(false),
    /** The seller was told it expires soon (reset by a renewal). */
    expiryWarned: boolean('expiry_warned').notNull().default(false),
    /** Hidden from browsing (others' lists, search, home, similar): kept by the database. */
    hidden: boolean('hidden')
      .notNull()
      .generatedAlwaysAs(sql`under_review or seller_held or expired`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => {
    // What browsing shows: the list's indexes hold these rows only.
    const visible = sql`not ${table.hidden}`;
    // What the price and condition filters read, carried by the sort indexes that do not lead with them.
    const filtered = [table.price, table.condition];
    return [
      check('products_price_check', sql`${table.price} >= 0`),
      check('products_original_price_check', sql`${table.originalPrice} is null or ${table.originalPrice} >= 0`),
      check('products_rating_check', sql`${table.rating} between 0 and 5`),
      check('products_num_reviews_check', sql`${table.numReviews} >= 0`),
      check('products_category_check', sql.raw(`category in (${sqlList(CATEGORIES)})`)),
      check('products_condition_check', sql.raw(`condition in (${sqlList(CONDITIONS)})`)),
      check('products_sold_at_check', sql`${table.soldOut} = (${table.soldAt} is not null)`),
      check('products_sold_price_check', sql`${table.soldPrice} is null or (${table.soldOut} and ${table.soldPrice} >= 0)`),
      check('products_reserved_check', sql`${table.reservedForId} is null or ${table.reservedAt} is not null`),
      /** Listings created per month (admin statistics). */
      index('products_created_idx').on(table.createdAt.desc(), table.id.desc()),
      // One index per sort of the list, led by the reserved tier (available first): newest and
      // oldest, price low to high and high to low (the latter two walked backward), rating. Each holds
      // the listings shown in browsing only (partial, NOT hidden), and after the id (which fixes the
      // order) the columns the filters read (price, condition): a page reads its ids from the index
      // alone, never visiting a hidden row or one the filters leave out.
      index('products_visible_newest_idx')
        .on(table.unreserved.desc(), table.renewedAt.desc(), table.id.desc(), ...filtered)
        .where(visible),
      index('products_visible_oldest_idx')
        .on(table.reserved.desc(), table.renewedAt.desc(), table.id.desc(), ...filtered)
        .where(visible),
      index('products_visible_category_newest_idx')
        .on(table.category, table.unreserved.desc(), table.renewedAt.desc(), table.id.desc(), ...filtered)
        .where(visible),
      index('products_visible_category_oldest_idx')
        .on(table.category, table.reserved.desc(), table.renewedAt.desc(), table.id.desc(), ...filtered)
        .where(visible),
      index('products_visible_price_low_idx').on(table.reserved, table.price, table.id, table.condition).where(visible),
      index('products_visible_price_high_idx').on(table.unreserved, table.price, table.id, table.condition).where(visible),
      index('products_visible_category_price_low_idx')
        .on(table.category, table.reserved, table.price, table.id, table.condition)
        .where(visible),
      index('products_visible_category_price_high_idx')
        .on(table.category, table.unreserved, table.price, table.id, table.condition)
        .where(visible),
      index('products_visible_rating_idx')
        .on(table.unreserved.desc(), table.rating.desc(), table.renewedAt.desc(), table.id.desc(), ...filtered, table.category)
        .where(visible),
      // A category by Rating, alone or one branch of several categories: carried in the index above,
      // the category still cost a walk past the other categories' rows (3–5 ms a page in the mix).
      index('products_visible_category_rating_idx')
        .on(table.category, table.unreserved.desc(), table.rating.desc(), table.renewedAt.desc(), table.id.desc(), ...filtered)
        .where(visible),
      /** An admin's My Listings: every listing, hidden ones too, newest first. */
      index('products_newest_idx').on(table.unreserved.desc(), table.renewedAt.desc(), table.id.desc()),
      index('products_seller_idx').on(table.sellerId, table.createdAt.desc()),
      index('products_buyer_idx').on(table.buyerId),
      /** Deleting an account clears the reservations held for it. */
      index('products_reserved_for_idx')
        .on(table.reservedForId)
        .where(sql`${table.reservedForId} is not null`),
      /** Sales per month for the admin dashboard: only sold listings are in it. */
      index('products_sold_at_idx')
        .on(table.soldAt)
        .where(sql`${table.soldAt} is not null`),
      /** The dashboard counts listings pending review; few rows, so a small partial index. */
      index('products_under_review_idx')
        .on(table.createdAt)
        .where(sql`${table.underReview}`),
      /** The expiry job's walk: listings that can still expire, by when (the warning and the expiry). */
      index('products_expiry_idx')
        .on(table.expiresAt)
        .where(sql`not ${table.soldOut} and not ${table.expired}`),
      /** The admin dashboard counts expired listings. */
      index('products_expired_idx')
        .on(table.expiresAt)
        .where(sql`${table.expired}`),
      index('products_title_search_trgm_idx').using('gin', sql`${table.titleSearch} gin_trgm_ops`),
    ];
  },
);

/** Photos of a listing in display order; files live in the storage module under these keys. */
export const productImages = pgTable(
  'product_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    storageKey: text('storage_key').notNull(),
    cardStorageKey: text('card_storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('product_images_product_idx').on(table.productId, table.position),
    /** Before a file is removed, we check no other row still points at it (seeded photos are shared). */
    index('product_images_storage_key_idx').on(table.storageKey),
  ],
);

/**
 * Listings per category, kept exact by statement-level triggers on products (see the migration
 * products_category_counts), so the Products page's facet counts and total read seven rows
 * instead of counting 100,000.
 */
export const productCategoryCounts = pgTable(
  'product_category_counts',
  {
    category: text('category', { enum: CATEGORIES }).primaryKey(),
    productCount: integer('product_count').notNull().default(0),
  },
  (table) => [check('product_category_counts_count_check', sql`${table.productCount} >= 0`)],
);

/**
 * Visible listings per category at each asking price, kept exact by statement-level triggers on
 * products (migration product_price_counts): a price filter's facet counts sum the rows of its
 * range (a few thousand: prices are round) instead of counting the listings in it (docs/decisions/0047).
 * A row whose count fell to 0 stays, for the next listing at that price.
 */
export const productPriceCounts = pgTable(
  'product_price_counts',
  {
    price: money('price').notNull(),
    category: text('category', { enum: CATEGORIES }).notNull(),
    productCount: integer('product_count').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.price, table.category] }),
    check('product_price_counts_count_check', sql`${table.productCount} >= 0`),
  ],
);

/**
 * Listings per condition, kept exact by statement-level triggers on products like the category
 * counts (migration products_condition_counts): the admin dashboard reads six rows.
 */
export const productConditionCounts = pgTable(
  'product_condition_counts',
  {
    condition: text('condition', { enum: CONDITIONS }).primaryKey(),
    productCount: integer('product_count').notNull().default(0),
  },
  (table) => [check('product_condition_counts_count_check', sql`${table.productCount} >= 0`)],
);
