import { and, asc, count, desc, eq, exists, gt, gte, lt, sql } from 'drizzle-orm';
import { DAY_MS, EXPIRY_WARNING_DAYS } from '#domain/alerts/listing-lifecycle.ts';
import type { Category, Condition } from '#domain/catalog.ts';
import type { Queryable } from '../db/client.ts';
import { productCategoryCounts, productConditionCounts, products, users } from '../db/schema/index.ts';

/**
 * The admin statistics' queries. Each is cheap at 100,000 listings (plans in docs/PERFORMANCE.md):
 * per-category and per-condition counts are trigger-kept rows, the rest walk an index over the
 * rows they count. The builders are exported for scripts/explain-listings.ts.
 */

/** Non-zero categories from the counters, most listings first (ties alphabetical). */
export function categoryCountsQuery(db: Queryable) {
  return db
    .select({ category: productCategoryCounts.category, count: productCategoryCounts.productCount })
    .from(productCategoryCounts)
    .where(gt(productCategoryCounts.productCount, 0))
    .orderBy(desc(productCategoryCounts.productCount), asc(productCategoryCounts.category));
}

/** Non-zero conditions from the counters, most listings first (ties alphabetical). */
export function conditionCountsQuery(db: Queryable) {
  return db
    .select({ condition: productConditionCounts.condition, count: productConditionCounts.productCount })
    .from(productConditionCounts)
    .where(gt(productConditionCounts.productCount, 0))
    .orderBy(desc(productConditionCounts.productCount), asc(productConditionCounts.condition));
}

export async function countListingsByCategory(db: Queryable): Promise<{ category: Category; count: number }[]> {
  return categoryCountsQuery(db);
}

export async function countListingsByCondition(db: Queryable): Promise<{ condition: Condition; count: number }[]> {
  return conditionCountsQuery(db);
}

type TimeColumn = typeof products.createdAt | typeof products.soldAt;

/**
 * Rows whose time falls in each period between consecutive bounds (instants, ascending): one
 * index range scan over [first, last), each row placed by width_bucket. Bucket i (1-based) is the
 * period starting at bounds[i - 1]; periods without rows are absent.
 */
function countPerPeriodQuery(db: Queryable, column: TimeColumn, bounds: Date[]) {
  const thresholds = sql.join(
    bounds.map((bound) => sql`${bound.toISOString()}::timestamptz`),
    sql`, `,
  );
  const bucket = sql<number>`width_bucket(${column}, array[${thresholds}])`;
  return (
    db
      .select({ bucket, count: sql<number>`count(*)::int` })
      .from(products)
      .where(and(gte(column, bounds[0]!), lt(column, bounds.at(-1)!)))
      // By position: the bucket expression repeated would carry new parameters, which PostgreSQL
      // cannot match to the selected one.
      .groupBy(sql`1`)
  );
}

/** Listings created per period (products_created_idx). */
export function listingsPerPeriodQuery(db: Queryable, bounds: Date[]) {
  return countPerPeriodQuery(db, products.createdAt, bounds);
}

/** Listings sold per period, by the time of the sale (the partial products_sold_at_idx). */
export function salesPerPeriodQuery(db: Queryable, bounds: Date[]) {
  return countPerPeriodQuery(db, products.soldAt, bounds);
}

/** Counts per period, in the bounds' order, zero where nothing happened. */
async function countsPerPeriod(query: Promise<{ bucket: number; count: number }[]>, periods: number): Promise<number[]> {
  const counts = new Array<number>(periods).fill(0);
  for (const row of await query) counts[Number(row.bucket) - 1] = Number(row.count);
  return counts;
}

export function countListingsPerPeriod(db: Queryable, bounds: Date[]): Promise<number[]> {
  return countsPerPeriod(listingsPerPeriodQuery(db, bounds), bounds.length - 1);
}

export function countSalesPerPeriod(db: Queryable, bounds: Date[]): Promise<number[]> {
  return countsPerPeriod(salesPerPeriodQuery(db, bounds), bounds.length - 1);
}

/**
 * What the sales of each period fetched (issue 23: the accepted offer or the asking price; a
 * sale elsewhere has no price and adds nothing), over the same index range as their count.
 */
export async function salesValuePerPeriod(db: Queryable, bounds: Date[]): Promise<number[]> {
  const thresholds = sql.join(
    bounds.map((bound) => sql`${bound.toISOString()}::timestamptz`),
    sql`, `,
  );
  const rows = await db
    .select({
      bucket: sql<number>`width_bucket(${products.soldAt}, array[${thresholds}])`,
      value: sql<number>`coalesce(sum(${products.soldPrice}), 0)::float8`,
    })
    .from(products)
    .where(and(gte(products.soldAt, bounds[0]!), lt(products.soldAt, bounds.at(-1)!)))
    .groupBy(sql`1`);
  const values = new Array<number>(bounds.length - 1).fill(0);
  for (const row of rows) values[Number(row.bucket) - 1] = Number(row.value);
  return values;
}

/** Accounts that are not admins: the dashboard's "students". */
export function studentCountQuery(db: Queryable) {
  return db
    .select({ count: sql<number>`${count()}::int` })
    .from(users)
    .where(eq(users.isAdmin, false));
}

/**
 * Users with a listing (created since the instant, when given): one probe of products_seller_idx
 * (seller_id, created_at) per user, a semi-join that stops at the first match, whatever the
 * number of listings.
 */
function usersWithListingsQuery(db: Queryable, since?: Date) {
  const listing = db
    .select({ one: sql`1` })
    .from(products)
    .where(and(eq(products.sellerId, users.id), since ? gte(products.createdAt, since) : undefined));
  return db
    .select({ count: sql<number>`${count()}::int` })
    .from(users)
    .where(exists(listing));
}

/** Users with at least one listing, sold or not. */
export function sellerCountQuery(db: Queryable) {
  return usersWithListingsQuery(db);
}

/** Users who listed something since the instant. */
export function activeSellerCountQuery(db: Queryable, since: Date) {
  return usersWithListingsQuery(db, since);
}

export interface UserCounts {
  students: number;
  sellers: number;
  activeSellers: number;
}

export async function countUsers(db: Queryable, activeSince: Date): Promise<UserCounts> {
  const [students, sellers, active] = await Promise.all([
    studentCountQuery(db),
    sellerCountQuery(db),
    activeSellerCountQuery(db, activeSince),
  ]);
  return {
    students: Number(students[0]?.count ?? 0),
    sellers: Number(sellers[0]?.count ?? 0),
    activeSellers: Number(active[0]?.count ?? 0),
  };
}

/** Expired listings (products_expired_idx) and those due to expire within EXPIRY_WARNING_DAYS (products_expiry_idx). */
export async function countExpiringListings(db: Queryable, now: Date): Promise<{ expired: number; expiringSoon: number }> {
  const soon = new Date(now.getTime() + EXPIRY_WARNING_DAYS * DAY_MS);
  const [row] = await db
    .select({
      expired: sql<number>`(select count(*)::int from ${products} where ${products.expired})`,
      expiringSoon: sql<number>`(select count(*)::int from ${products} where not ${products.soldOut} and not ${products.expired} and ${products.expiresAt} <= ${soon})`,
    })
    .from(sql`(select 1) as one`);
  return { expired: Number(row?.expired ?? 0), expiringSoon: Number(row?.expiringSoon ?? 0) };
}
