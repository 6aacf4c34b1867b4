import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pendingMigrations } from '../db/migrate.ts';

const READY_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref())]);
}

const readiness = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
  /** Why the instance is not ready. */
  reason: z.enum(['database', 'migrations-pending', 'jobs-stuck']).optional(),
  /**
   * The load this instance is under (http/load-shedding.ts). Shedding does not make it unready:
   * it still serves most requests, and taking it out would push its load onto the others.
   */
  load: z
    .object({
      shedding: z.boolean(),
      reason: z.enum(['event-loop-delay', 'heap', 'db-waiters', 'db-wait', 'in-flight']).optional(),
      eventLoopDelayMs: z.number(),
      heapUsedMb: z.number(),
      dbWaiters: z.number(),
      dbOldestWaitMs: z.number(),
      inFlight: z.number(),
    })
    .optional(),
});

/**
 * /healthz: the process answers. /readyz: it can serve: the database answers, its schema is the
 * one this code expects (no migration pending) and its job workers come round (load balancers,
 * the Dockerfile's HEALTHCHECK and orchestrators use it), with the load it is under. Neither is
 * ever shed.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Probes hit these every few seconds: keep them out of info logs, never louder than the app.
  const quieter = ['fatal', 'error', 'silent'] as const;
  const logLevel = quieter.find((level) => level === app.log.level) ?? 'warn';
  app.get(
    '/healthz',
    {
      logLevel,
      config: { auth: 'public' },
      schema: { tags: ['operations'], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );

  // Once the schema is current it stays so for this process (migrations only ever add).
  let schemaCurrent = false;
  app.get(
    '/readyz',
    {
      logLevel,
      config: { auth: 'public' },
      schema: {
        tags: ['operations'],
        description: 'Whether this instance should get traffic: 503 with a reason while it cannot serve.',
        response: { 200: readiness, 503: readiness },
      },
    },
    async (request, reply) => {
      const database = app.dbHandle.kind;
      // Read before the ping, which waits for a connection like everyone else.
      const load = app.loadShedder.pressure(app.dbHandle);
      const unavailable = (reason: z.infer<typeof readiness>['reason']) =>
        reply.status(503).send({ status: 'unavailable' as const, database, reason, load });
      try {
        await withTimeout(app.dbHandle.ping(), READY_TIMEOUT_MS);
        if (!schemaCurrent) schemaCurrent = (await withTimeout(pendingMigrations(app.dbHandle), READY_TIMEOUT_MS)) === 0;
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return unavailable('database');
      }
      if (!schemaCurrent) {
        request.log.warn('not ready: database migrations are pending');
        return unavailable('migrations-pending');
      }
      if (app.jobs.stuck) {
        request.log.warn('not ready: a job worker has stopped coming round its loop');
        return unavailable('jobs-stuck');
      }
      return { status: 'ready' as const, database, load };
    },
  );
};
