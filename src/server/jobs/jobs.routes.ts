import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobActionResponseSchema, jobIdParamsSchema, jobsOverviewSchema } from '#domain/jobs/jobs.wire.ts';
import { jobMessages } from '#domain/jobs/job.messages.ts';
import { currentUser } from '../auth/authenticate.ts';
import { actOnFailedJob, jobsOverview } from './jobs-admin.ts';

/** /api/v1/admin/jobs: the admin's view of the background jobs, and what to do with failed ones. */
export const adminJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { config: { auth: 'admin' }, schema: { response: { 200: jobsOverviewSchema } } }, async () => ({
    success: true as const,
    ...(await jobsOverview(app)),
  }));

  app.post(
    '/:id/retry',
    {
      config: { auth: 'admin', notFoundMessage: jobMessages.notFound },
      schema: { params: jobIdParamsSchema, response: { 200: jobActionResponseSchema } },
    },
    async (request) => {
      await actOnFailedJob(app, currentUser(request), request.params.id, 'retry');
      return { success: true as const, msg: jobMessages.retried };
    },
  );

  app.delete(
    '/:id',
    {
      config: { auth: 'admin', notFoundMessage: jobMessages.notFound },
      schema: { params: jobIdParamsSchema, response: { 200: jobActionResponseSchema } },
    },
    async (request) => {
      await actOnFailedJob(app, currentUser(request), request.params.id, 'discard');
      return { success: true as const, msg: jobMessages.discarded };
    },
  );
};
