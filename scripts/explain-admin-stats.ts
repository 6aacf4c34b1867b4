/**
 * Prints EXPLAIN ANALYZE of the admin dashboard's statistics queries exactly as the app builds
 * them (for "now" and SITE_TIME_ZONE), and their timings, against the seeded catalogue.
 *
 *   npm run seed -- --products 100000 && node --import tsx scripts/explain-admin-stats.ts
 *
 * The output is the markdown kept in docs/PERFORMANCE.md.
 */
import { LISTING_STATS_MONTHS, SALES_STATS_MONTHS } from '#domain/admin-stats/admin-stats.wire.ts';
import {
  activeSellerCountQuery,
  categoryCountsQuery,
  conditionCountsQuery,
  listingsPerPeriodQuery,
  salesPerPeriodQuery,
  sellerCountQuery,
  studentCountQuery,
} from '#server/admin-stats/admin-stats.repository.ts';
import { oneMonthBefore, recentMonths } from '#server/admin-stats/site-calendar.ts';
import { loadConfig } from '#server/config.ts';
import { type ExplainCase, runExplain } from './explain-runner.ts';

const { siteTimeZone } = loadConfig();
const now = new Date();
const bounds = (count: number) => {
  const months = recentMonths(now, siteTimeZone, count);
  return [...months.map((month) => month.start), months.at(-1)!.end];
};

runExplain(async (db): Promise<ExplainCase[]> => [
  { name: 'products/category: the category counters', query: categoryCountsQuery(db) },
  { name: 'products/condition: the condition counters', query: conditionCountsQuery(db) },
  { name: 'products/last4months: listings per month', query: listingsPerPeriodQuery(db, bounds(LISTING_STATS_MONTHS)) },
  { name: 'products/sold3months: sales per month', query: salesPerPeriodQuery(db, bounds(SALES_STATS_MONTHS)) },
  { name: 'users/statistics: students', query: studentCountQuery(db) },
  { name: 'users/statistics: sellers', query: sellerCountQuery(db) },
  { name: 'users/statistics: active sellers', query: activeSellerCountQuery(db, oneMonthBefore(now, siteTimeZone)) },
]);
