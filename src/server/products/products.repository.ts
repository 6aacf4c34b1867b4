import { and, asc, eq, gte, inArray, lte, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Category } from '#domain/catalog.ts';
import type { ProductFields } from '#domain/products/product.schemas.ts';
import type { Queryable } from '../db/client.ts';
import { runWritten } from '../db/prepared.ts';
import { buyRequests, productCategoryCounts, productImages, products, users } from '../db/schema/index.ts';
import { type ListingFilter, containsPattern } from './listing-statements.ts';
import type { PriceCounterRow } from './price-counters.ts';
import type { StoredImage } from './product.mapper.ts';

export type CategoryCounts = Map<Category, number>;

/** A price range in rupees, both ends included, either optional: as the filter carries it. */
export type PriceRange = Pick<ListingFilter, 'minPrice' | 'maxPrice'>;

/** A listing's price within the range. */
function priceConditions({ minPrice, maxPrice }: PriceRange): SQL[] {
  const conditions: SQL[] = [];
  if (minPrice !== undefined) conditions.push(gte(products.price, minPrice));
  if (maxPrice !== undefined) conditions.push(lte(products.price, maxPrice));
  return conditions;
}

/** Every condition of the filter except the category one (the facet counts ignore that one). */
function facetConditions(filter: ListingFilter): SQL[] {
  const conditions: SQL[] = [];
  if (!filter.includeHidden) conditions.push(eq(products.hidden, false));
  // Case-insensitive like ILIKE on the title, on its stored lower-case copy (trigram-indexed).
  if (filter.q) conditions.push(sql`${products.titleSearch} like lower(${containsPattern(filter.q)})`);
  if (filter.sellerId) conditions.push(eq(products.sellerId, filter.sellerId));
  if (filter.excludeId) conditions.push(ne(products.id, filter.excludeId));
  if (filter.hiddenSellerIds?.length) conditions.push(notInArray(products.sellerId, filter.hiddenSellerIds));
  if (filter.conditions?.length) conditions.push(inArray(products.condition, filter.conditions));
  conditions.push(...priceConditions(filter));
  if (filter.requestedBy) {
    conditions.push(
      inArray(
        products.id,
        sql`(select ${buyRequests.productId} from ${buyRequests} where ${buyRequests.buyerId} = ${filter.requestedBy})`,
      ),
    );
  }
  return conditions;
}

export function categoryCountQuery(db: Queryable, filter: ListingFilter) {
  return db
    .select({ category: products.category, count: sql<number>`count(*)::int` })
    .from(products)
    .where(and(...facetConditions(filter)))
    .groupBy(products.category);
}

/** Listings per category matching the filter's facet conditions, counted row by row. */
export async function countListingsByCategory(db: Queryable, filter: ListingFilter): Promise<CategoryCounts> {
  const rows = await categoryCountQuery(db, filter);
  return new Map(rows.map((row) => [row.category, Number(row.count)]));
}

/**
 * Visible listings per category of some sellers (those a viewer blocked), in a price range if one
 * is given, less the one a Similar Products call leaves out: what to take off the counters, which
 * count visible listings only.
 */
export async function countListingsOfSellers(
  db: Queryable,
  sellerIds: string[],
  excludeId?: string,
  range: PriceRange = {},
): Promise<CategoryCounts> {
  const rows = await db
    .select({ category: products.category, count: sql<number>`count(*)::int` })
    .from(products)
    .where(
      and(
        inArray(products.sellerId, sellerIds),
        eq(products.hidden, false),
        excludeId ? ne(products.id, excludeId) : undefined,
        ...priceConditions(range),
      ),
    )
    .groupBy(products.category);
  return new Map(rows.map((row) => [row.category, Number(row.count)]));
}

/** A range's rows of the price counters, summed per category, less the listing left out ($3) if it is in the range. */
const READ_PRICE_RANGE_COUNTERS = {
  name: 'read-price-range-counters',
  text: `
  select category,
         sum(product_count)::int - (case when category = (
           select category from products
            where id = $3::uuid and not hidden
              and ($1::numeric is null or price >= $1::numeric) and ($2::numeric is null or price <= $2::numeric)
         ) then 1 else 0 end) as count
    from product_price_counts
   where ($1::numeric is null or price >= $1::numeric) and ($2::numeric is null or price <= $2::numeric)
   group by category
  having sum(product_count) > 0`,
};

/**
 * Visible listings per category in a price range, from the trigger-kept price counters (a row per
 * price and category: a range sums a few thousand rows, where counting its listings read tens of
 * thousands), less the one listing a Similar Products call leaves out if it is in the range. One
 * statement written out once: every typed range is new, and building it with drizzle cost more
 * of the app's CPU than PostgreSQL's summing.
 */
export async function readPriceRangeCounters(db: Queryable, range: PriceRange, excludeId?: string): Promise<CategoryCounts> {
  const rows = await runWritten<{ category: Category; count: number }>(db, {
    ...READ_PRICE_RANGE_COUNTERS,
    values: [range.minPrice ?? null, range.maxPrice ?? null, excludeId ?? null],
  });
  return new Map(rows.map((row) => [row.category, Number(row.count)]));
}

const READ_PRICE_COUNTERS = {
  name: 'read-price-counters',
  text: `select category, price::float8 as price, product_count as count from product_price_counts where product_count > 0`,
  values: [],
};

/** Every row of the price counters that counts a listing (a few thousand: prices are round), for PriceCounters. */
export function readPriceCounters(db: Queryable): Promise<PriceCounterRow[]> {
  return runWritten<PriceCounterRow>(db, READ_PRICE_COUNTERS);
}

/**
 * Listings per category from the trigger-kept counters (seven rows, whatever the catalogue's
 * size), less the one listing a Similar Products call leaves out.
 */
export async function readCategoryCounters(db: Queryable, excludeId?: string): Promise<CategoryCounts> {
  const rows = await categoryCountersQuery(db, excludeId);
  return new Map(rows.map((row) => [row.category, Number(row.count)]));
}

export function categoryCountersQuery(db: Queryable, excludeId?: string) {
  const excluded = excludeId
    ? sql`(select ${products.category} from ${products} where ${products.id} = ${excludeId} and not ${products.hidden})`
    : sql`null`;
  return db
    .select({
      category: productCategoryCounts.category,
      count: sql<number>`${productCategoryCounts.productCount} - (case when ${productCategoryCounts.category} = ${excluded} then 1 else 0 end)`,
    })
    .from(productCategoryCounts);
}

/** A listing as an edit or a delete needs it, locked until the transaction ends. */
export interface ListingForChange {
  id: string;
  sellerId: string;
  title: string;
  soldOut: boolean;
  price: number;
  expired: boolean;
  images: StoredImage[];
}

export async function lockListingForChange(db: Queryable, id: string): Promise<ListingForChange | undefined> {
  const [listing] = await db
    .select({
      id: products.id,
      sellerId: products.sellerId,
      title: products.title,
      soldOut: products.soldOut,
      price: products.price,
      expired: products.expired,
    })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  if (!listing) return undefined;
  const images = await db
    .select({ id: productImages.id, storageKey: productImages.storageKey, cardStorageKey: productImages.cardStorageKey })
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.position));
  return { ...listing, images };
}

export interface NewImageRow {
  id: string;
  storageKey: string;
  cardStorageKey: string;
  width: number;
  height: number;
}

/** When a listing was (re)listed and until when it stays up (alerts/listing-lifecycle.ts freshLifecycle). */
export interface ListingLifecycle {
  renewedAt: Date;
  expiresAt: Date;
  expired: boolean;
  expiryWarned: boolean;
}

export async function insertListing(
  db: Queryable,
  sellerId: string,
  fields: ProductFields,
  lifecycle: ListingLifecycle,
): Promise<string> {
  // A listing shows its seller's rating (issue 23). The seller row is key-share locked, so a review
  // being written (which locks it for update and then rewrites every listing of the seller) either
  // finishes first and is read here, or waits for this listing and then rewrites it too.
  const [seller] = await db
    .select({ rating: users.sellerRating, numReviews: users.sellerReviewCount })
    .from(users)
    .where(eq(users.id, sellerId))
    .for('key share');
  const [row] = await db
    .insert(products)
    .values({
      ...editableColumns(fields),
      ...lifecycle,
      sellerId,
      rating: seller?.rating ?? 0,
      numReviews: seller?.numReviews ?? 0,
    })
    .returning({ id: products.id });
  return row!.id;
}

export async function updateListing(
  db: Queryable,
  id: string,
  fields: ProductFields,
  lifecycle: ListingLifecycle,
): Promise<void> {
  await db
    .update(products)
    .set({ ...editableColumns(fields), ...lifecycle, updatedAt: sql`now()` })
    .where(eq(products.id, id));
}

/** Only the fields a seller may set; seller, soldOut, buyer and ratings never come from a client. */
function editableColumns(fields: ProductFields) {
  return {
    title: fields.title,
    description: fields.description,
    price: fields.price,
    originalPrice: fields.originalPrice ?? null,
    category: fields.category,
    condition: fields.condition,
  };
}

/** Writes the listing's photo list: kept ones (by id) first in their new order, then new ones. */
export async function replaceListingImages(
  db: Queryable,
  productId: string,
  keptIds: string[],
  dropped: StoredImage[],
  added: NewImageRow[],
): Promise<void> {
  if (dropped.length > 0) {
    await db.delete(productImages).where(
      and(
        eq(productImages.productId, productId),
        inArray(
          productImages.id,
          dropped.map((image) => image.id),
        ),
      ),
    );
  }
  for (const [position, id] of keptIds.entries()) {
    await db.update(productImages).set({ position }).where(eq(productImages.id, id));
  }
  await insertListingImages(db, productId, added, keptIds.length);
}

export async function insertListingImages(db: Queryable, productId: string, images: NewImageRow[], firstPosition = 0) {
  if (images.length === 0) return;
  await db.insert(productImages).values(images.map((image, index) => ({ ...image, productId, position: firstPosition + index })));
}

export async function deleteListing(db: Queryable, id: string): Promise<void> {
  // Photos, wishlist entries and buy requests go with it (foreign keys cascade).
  await db.delete(products).where(eq(products.id, id));
}

/** Which of these full-size keys some photo row still uses (seeded listings share photos). */
export async function findUsedStorageKeys(db: Queryable, storageKeys: string[]): Promise<Set<string>> {
  if (storageKeys.length === 0) return new Set();
  const rows = await db
    .select({ storageKey: productImages.storageKey })
    .from(productImages)
    .where(inArray(productImages.storageKey, storageKeys))
    .groupBy(productImages.storageKey);
  return new Set(rows.map((row) => row.storageKey));
}

/**
 * Titles for the search box's suggestions (issue 22): visible listings whose title contains the
 * text, on the trigram-indexed lower-case title as the list's search, at most `limit` distinct
 * titles, those starting with the text first, then the newest. The inner limit bounds the work
 * for a common text (the newest matches suffice for a suggestion).
 */
export async function findTitleSuggestions(
  db: Queryable,
  text: string,
  options: { limit: number; hiddenSellerIds: string[] },
): Promise<string[]> {
  const contains = containsPattern(text);
  const prefix = contains.slice(1);
  const blocked = options.hiddenSellerIds.length ? sql`and seller_id not in ${options.hiddenSellerIds}` : sql``;
  const result = (await db.execute(sql`
    select title from (
      select title, title_search, created_at from ${products}
      where not hidden and title_search like lower(${contains}) ${blocked}
      order by created_at desc
      limit ${options.limit * 8}
    ) recent
    group by title
    order by bool_or(title_search like lower(${prefix})) desc, max(created_at) desc, title
    limit ${options.limit}`)) as unknown as { rows: { title: string }[] };
  return result.rows.map((row) => row.title);
}

/** What a shared link's preview shows of a listing (http/share-tags.ts): one row by primary key. */
export interface ShareableListingRow {
  title: string;
  description: string;
  price: number;
  condition: string;
  category: string;
  soldOut: boolean;
  hidden: boolean;
  /** The first photo, if any. */
  photo: { storageKey: string; width: number; height: number } | null;
}

export async function findShareableListing(db: Queryable, id: string): Promise<ShareableListingRow | undefined> {
  const [[listing], [photo]] = await Promise.all([
    db
      .select({
        title: products.title,
        description: products.description,
        price: products.price,
        condition: products.condition,
        category: products.category,
        soldOut: products.soldOut,
        hidden: products.hidden,
      })
      .from(products)
      .where(eq(products.id, id)),
    db
      .select({ storageKey: productImages.storageKey, width: productImages.width, height: productImages.height })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position))
      .limit(1),
  ]);
  return listing ? { ...listing, photo: photo ?? null } : undefined;
}
