import type { FastifyInstance } from 'fastify';
import { pruneRateLimits } from '../http/rate-limit.ts';
import { pruneExpiredAuthRows } from './auth.repository.ts';

declare module '../jobs/job-queue.ts' {
  interface JobKinds {
    'auth.housekeeping': Record<string, never>;
  }
}

/**
 * Deletes what can no longer be used (expired codes, verifications, sessions and rate-limit
 * windows) every 15 minutes, so those tables stay small. A scheduled job: it runs once per
 * deployment, on whichever instance runs workers.
 */
export function registerAuthHousekeeping(app: FastifyInstance) {
  app.jobs.define({
    kind: 'auth.housekeeping',
    run: async () => {
      await pruneExpiredAuthRows(app.db, app.clock.now());
      await pruneRateLimits(app.db, app.clock);
    },
    retryLimit: 2,
    retryDelaySeconds: 30,
    timeoutSeconds: 300,
    concurrency: 1,
    schedule: '*/15 * * * *',
  });
}
