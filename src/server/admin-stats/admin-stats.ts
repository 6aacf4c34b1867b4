import {
  LISTING_STATS_MONTHS,
  SALES_STATS_MONTHS,
  type CategoryStatsResponse,
  type ConditionStatsResponse,
  type LifecycleStatsResponse,
  type MonthlyListingsResponse,
  type MonthlySalesResponse,
  type UserStatisticsResponse,
} from '#domain/admin-stats/admin-stats.wire.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import {
  countListingsByCategory,
  countExpiringListings,
  countListingsByCondition,
  countListingsPerPeriod,
  countSalesPerPeriod,
  countUsers,
  salesValuePerPeriod,
} from './admin-stats.repository.ts';
import { type SiteMonth, oneMonthBefore, recentMonths } from './site-calendar.ts';

/** What the statistics depend on: the data, "now", and the zone whose calendar months count. */
export interface StatsContext {
  db: Database;
  clock: Clock;
  timeZone: string;
}

/** The instants between consecutive months: each month's start, then the last one's end. */
function boundsOf(months: SiteMonth[]): Date[] {
  return [...months.map((month) => month.start), months.at(-1)!.end];
}

export async function listingsPerCategory(db: Database): Promise<CategoryStatsResponse['data']> {
  const rows = await countListingsByCategory(db);
  return rows.map((row) => ({ _id: row.category, count: Number(row.count) }));
}

export async function listingsPerCondition(db: Database): Promise<ConditionStatsResponse['data']> {
  const rows = await countListingsByCondition(db);
  return rows.map((row) => ({ _id: row.condition, count: Number(row.count) }));
}

/** Listings created in each of the last four calendar months (this one included), oldest first. */
export async function newListingsPerMonth(ctx: StatsContext): Promise<MonthlyListingsResponse['data']> {
  const months = recentMonths(ctx.clock.now(), ctx.timeZone, LISTING_STATS_MONTHS);
  const counts = await countListingsPerPeriod(ctx.db, boundsOf(months));
  return months.map((month, index) => ({ month: month.name, count: counts[index]! }));
}

/** Listings sold in each of the last three calendar months, by the time of the sale, oldest first. */
export async function salesPerMonth(ctx: StatsContext): Promise<MonthlySalesResponse['data']> {
  const months = recentMonths(ctx.clock.now(), ctx.timeZone, SALES_STATS_MONTHS);
  const bounds = boundsOf(months);
  const [counts, values] = await Promise.all([countSalesPerPeriod(ctx.db, bounds), salesValuePerPeriod(ctx.db, bounds)]);
  return months.map((month, index) => ({ month: month.name, sold: counts[index]!, value: values[index]! }));
}

/**
 * Students (accounts that are not admins), sellers (a listing, ever) and active sellers (a
 * listing created since this time last month, in the site's calendar).
 */
export async function userStatistics(ctx: StatsContext): Promise<UserStatisticsResponse['data']> {
  const counts = await countUsers(ctx.db, oneMonthBefore(ctx.clock.now(), ctx.timeZone));
  return { totalUsers: counts.students, totalSellers: counts.sellers, activeSellers: counts.activeSellers };
}

/** Expired listings, and those that expire within the warning window unless renewed (partial indexes). */
export async function lifecycleStatistics(ctx: StatsContext): Promise<LifecycleStatsResponse['data']> {
  return countExpiringListings(ctx.db, ctx.clock.now());
}
