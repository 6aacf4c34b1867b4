import type { FastifyInstance } from 'fastify';
import { pruneRateLimits } from '../http/rate-limit.ts';
import { pruneExpiredAuthRows } from './auth.repository.ts';

const SWEEP_INTERVAL_MS = 15 * 60_000;

/**
 * Deletes what can no longer be used (expired codes, verifications, sessions and rate-limit
 * windows) every 15 minutes, so those tables stay small. Every instance may sweep; the deletes
 * are idempotent.
 */
export function registerAuthHousekeeping(app: FastifyInstance) {
  const sweep = async () => {
    try {
      await pruneExpiredAuthRows(app.db, app.clock.now());
      await pruneRateLimits(app.db, app.clock);
    } catch (error) {
      app.log.warn({ err: error }, 'auth housekeeping failed; will retry');
    }
  };
  const timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
