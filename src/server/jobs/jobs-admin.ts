import type { FastifyInstance } from 'fastify';
import { FAILED_JOBS_LISTED, type JobsOverview } from '#domain/jobs/jobs.wire.ts';
import { jobMessages } from '#domain/jobs/job.messages.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { notFound } from '../http/errors.ts';
import { isUuid } from '../http/ids.ts';
import type { UserRow } from '../users/user.mapper.ts';
import { countJobsByState, listFailedJobs, lockFailedJob } from './jobs.repository.ts';

type JobsContext = Pick<FastifyInstance, 'db' | 'jobs'>;

/** Every kind with its queued / running / failed counts, and the failed jobs with their last error. */
export async function jobsOverview(ctx: JobsContext): Promise<Omit<JobsOverview, 'success'>> {
  const kinds = ctx.jobs.kinds;
  const counts = await countJobsByState(ctx.db, kinds);
  const count = (kind: string, ...states: string[]) =>
    counts.filter((row) => row.kind === kind && states.includes(row.state)).reduce((sum, row) => sum + row.count, 0);
  const failed = await listFailedJobs(ctx.db, kinds, FAILED_JOBS_LISTED);
  return {
    kinds: kinds.map((kind) => ({
      kind,
      queued: count(kind, 'created', 'retry'),
      active: count(kind, 'active'),
      failed: count(kind, 'failed'),
    })),
    failed: await Promise.all(
      failed.map(async (row) => ({
        _id: row.id,
        kind: row.kind,
        summary: await ctx.jobs.describe(row.kind, row.data),
        lastError: String(row.output?.message ?? ''),
        attempts: row.retryCount + 1,
        createdAt: row.createdOn.toISOString(),
        failedAt: row.completedOn?.toISOString() ?? null,
      })),
    ),
  };
}

/** Retry (one more run) or discard a failed job, recorded in the audit log in the same transaction. */
export async function actOnFailedJob(ctx: JobsContext, admin: UserRow, id: string, action: 'retry' | 'discard'): Promise<void> {
  if (!isUuid(id)) throw notFound(jobMessages.notFound);
  await ctx.db.transaction(async (tx) => {
    const job = await lockFailedJob(tx, id);
    if (!job) throw notFound(jobMessages.notFound);
    if (action === 'retry') await ctx.jobs.retryFailed(tx, job.kind, id);
    else await ctx.jobs.discardFailed(tx, job.kind, id);
    await recordAudit(tx, admin, {
      action: action === 'retry' ? 'job.retry' : 'job.discard',
      targetType: 'job',
      targetId: id,
      details: { kind: job.kind, lastError: job.lastError },
    });
  });
}
