import { z } from 'zod';
import { CATEGORIES, CONDITIONS } from '../catalog.ts';

/**
 * The admin statistics calls of the original app (issue 9), with its paths' answer shapes kept
 * exactly, so its dashboard client works against ours: `{ success, msg, data }`.
 */

/** Month names as the original answers them, whatever the browser's or server's locale. */
export const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
export type MonthName = (typeof MONTH_NAMES)[number];

/** `last4months`: the current calendar month and the three before it. */
export const LISTING_STATS_MONTHS = 4;
/** `sold3months`: the current calendar month and the two before it. */
export const SALES_STATS_MONTHS = 3;

const answer = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), msg: z.string(), data });
const count = z.number().int().min(0);

/** GET /api/v1/admin-stats/products/category: listings per category, most first. */
export const categoryStatsResponseSchema = answer(z.array(z.object({ _id: z.enum(CATEGORIES), count })));
export type CategoryStatsResponse = z.infer<typeof categoryStatsResponseSchema>;

/** GET /api/v1/admin-stats/products/condition: listings per condition, most first. */
export const conditionStatsResponseSchema = answer(z.array(z.object({ _id: z.enum(CONDITIONS), count })));
export type ConditionStatsResponse = z.infer<typeof conditionStatsResponseSchema>;

/** GET /api/v1/admin-stats/products/last4months: listings created per month, oldest first. */
export const monthlyListingsResponseSchema = answer(z.array(z.object({ month: z.enum(MONTH_NAMES), count })));
export type MonthlyListingsResponse = z.infer<typeof monthlyListingsResponseSchema>;

/** GET /api/v1/admin-stats/products/sold3months: listings sold per month (by sale time), oldest first. */
export const monthlySalesResponseSchema = answer(
  // value: what that month's sales fetched in rupees (sold prices; a sale elsewhere adds nothing).
  z.array(z.object({ month: z.enum(MONTH_NAMES), sold: count, value: z.number() })),
);
export type MonthlySalesResponse = z.infer<typeof monthlySalesResponseSchema>;

/**
 * GET /api/v1/admin-stats/users/statistics. totalUsers counts students (accounts that are not
 * admins); sellers have at least one listing; active sellers listed one in the last month.
 */
export const userStatisticsResponseSchema = answer(z.object({ totalUsers: count, totalSellers: count, activeSellers: count }));
export type UserStatisticsResponse = z.infer<typeof userStatisticsResponseSchema>;

/**
 * GET /api/v1/admin-stats/products/lifecycle (issue 24): listings that expired (not renewed in
 * LISTING_TTL_DAYS, hidden until their seller renews them) and those expiring within three days.
 */
export const lifecycleStatsResponseSchema = answer(z.object({ expired: count, expiringSoon: count }));
export type LifecycleStatsResponse = z.infer<typeof lifecycleStatsResponseSchema>;
