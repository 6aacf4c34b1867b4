import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const READY_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref())]);
}

const readiness = z.object({ status: z.enum(['ready', 'unavailable']), database: z.enum(['pglite', 'postgres']) });

/** /healthz: the process answers. /readyz: the database answers too (load balancers use it). */
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

  app.get(
    '/readyz',
    {
      logLevel,
      config: { auth: 'public' },
      schema: {
        tags: ['operations'],
        description: 'Whether this instance should get traffic: 503 while it cannot serve.',
        response: { 200: readiness, 503: readiness },
      },
    },
    async (request, reply) => {
      try {
        await withTimeout(app.dbHandle.ping(), READY_TIMEOUT_MS);
        return { status: 'ready' as const, database: app.dbHandle.kind };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.status(503).send({ status: 'unavailable' as const, database: app.dbHandle.kind });
      }
    },
  );
};
