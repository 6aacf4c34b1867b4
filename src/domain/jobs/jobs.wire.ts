import { z } from 'zod';

/** Jobs of one kind by state, for the admin's overview. */
export const jobKindCountsSchema = z.object({
  kind: z.string(),
  /** Waiting to run: new, or failed and waiting for a retry. */
  queued: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
});
export type JobKindCounts = z.infer<typeof jobKindCountsSchema>;

/** A job that kept failing and gave up: what it was and why it last failed. */
export const failedJobSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  /** What the job was about, in a few words (e.g. which mail to whom, the address masked). */
  summary: z.string().nullable(),
  lastError: z.string(),
  attempts: z.number().int(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

/** GET /api/v1/admin/jobs */
export const jobsOverviewSchema = z.object({
  success: z.literal(true),
  kinds: z.array(jobKindCountsSchema),
  failed: z.array(failedJobSchema),
});
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;

export const jobActionResponseSchema = z.object({ success: z.literal(true), msg: z.string() });

export const jobIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** The admin page lists at most this many failed jobs, newest first. */
export const FAILED_JOBS_LISTED = 100;
