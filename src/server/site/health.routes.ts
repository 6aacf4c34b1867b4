import type { FastifyPluginAsync } from 'fastify';

const READY_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref())]);
}

/** /healthz: the process answers. /readyz: the database answers too (load balancers use it). */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  // Probes hit these every few seconds: keep them out of info logs, never louder than the app.
  const quieter = ['fatal', 'error', 'silent'] as const;
  const logLevel = quieter.find((level) => level === app.log.level) ?? 'warn';
  app.get('/healthz', { logLevel }, async () => ({ status: 'ok' }));

  app.get('/readyz', { logLevel }, async (request, reply) => {
    try {
      await withTimeout(app.dbHandle.ping(), READY_TIMEOUT_MS);
      return { status: 'ready', database: app.dbHandle.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable', database: app.dbHandle.kind });
    }
  });
};
