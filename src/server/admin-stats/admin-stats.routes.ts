import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryStatsResponseSchema,
  conditionStatsResponseSchema,
  lifecycleStatsResponseSchema,
  monthlyListingsResponseSchema,
  monthlySalesResponseSchema,
  userStatisticsResponseSchema,
} from '#domain/admin-stats/admin-stats.wire.ts';
import { adminStatsMessages as m } from '#domain/admin-stats/admin-stats.messages.ts';
import {
  type StatsContext,
  listingsPerCategory,
  lifecycleStatistics,
  listingsPerCondition,
  newListingsPerMonth,
  salesPerMonth,
  userStatistics,
} from './admin-stats.ts';

function contextOf(app: FastifyInstance): StatsContext {
  return { db: app.db, clock: app.clock, timeZone: app.config.siteTimeZone };
}

/** Admin only: signed out is 401, a student 403 'You are not the Admin'. */
const adminOnly = { auth: 'admin' } as const;

/**
 * /api/v1/admin-stats: the original app's dashboard calls, same paths and answer shapes
 * ({ success, msg, data }), so its client works against ours.
 */
export const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/products/category', { config: adminOnly, schema: { response: { 200: categoryStatsResponseSchema } } }, async () => ({
    success: true as const,
    msg: m.byCategory,
    data: await listingsPerCategory(app.db),
  }));

  app.get(
    '/products/condition',
    { config: adminOnly, schema: { response: { 200: conditionStatsResponseSchema } } },
    async () => ({ success: true as const, msg: m.byCondition, data: await listingsPerCondition(app.db) }),
  );

  app.get(
    '/products/last4months',
    { config: adminOnly, schema: { response: { 200: monthlyListingsResponseSchema } } },
    async () => ({ success: true as const, msg: m.perMonth, data: await newListingsPerMonth(contextOf(app)) }),
  );

  app.get(
    '/products/sold3months',
    { config: adminOnly, schema: { response: { 200: monthlySalesResponseSchema } } },
    async () => ({ success: true as const, msg: m.salesPerMonth, data: await salesPerMonth(contextOf(app)) }),
  );

  app.get(
    '/products/lifecycle',
    { config: adminOnly, schema: { response: { 200: lifecycleStatsResponseSchema } } },
    async () => ({ success: true as const, msg: m.lifecycle, data: await lifecycleStatistics(contextOf(app)) }),
  );

  app.get('/users/statistics', { config: adminOnly, schema: { response: { 200: userStatisticsResponseSchema } } }, async () => ({
    success: true as const,
    msg: m.users,
    data: await userStatistics(contextOf(app)),
  }));
};
