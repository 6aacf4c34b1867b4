import { z } from 'zod';

/**
 * Every action the audit log records: the admin actions that existed, and moderation.
 * 'moderation.expire' is the system's own: the queue lifting a suspension whose time is over.
 */
export const AUDIT_ACTIONS = [
  'user.delete',
  'product.edit',
  'product.delete',
  'job.retry',
  'job.discard',
  'moderation.dismiss',
  'moderation.remove-listing',
  'moderation.remove-review',
  'moderation.warn',
  'moderation.suspend',
  'moderation.ban',
  'moderation.lift',
  'moderation.expire',
  'prohibited-word.add',
  'prohibited-word.remove',
  'safe-spot.add',
  'safe-spot.edit',
  'safe-spot.remove',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditActionLabels: Record<AuditAction, string> = {
  'user.delete': 'Deleted a user',
  'product.edit': 'Edited a listing',
  'product.delete': 'Deleted a listing',
  'job.retry': 'Retried a job',
  'job.discard': 'Discarded a job',
  'moderation.dismiss': 'Dismissed reports',
  'moderation.remove-listing': 'Removed a listing',
  'moderation.remove-review': 'Removed a review',
  'moderation.warn': 'Warned a user',
  'moderation.suspend': 'Suspended a user',
  'moderation.ban': 'Banned a user',
  'moderation.lift': 'Lifted a suspension',
  'moderation.expire': 'Suspension ended (its time was over)',
  'prohibited-word.add': 'Added a prohibited word',
  'prohibited-word.remove': 'Removed a prohibited word',
  'safe-spot.add': 'Added a safe spot',
  'safe-spot.edit': 'Edited a safe spot',
  'safe-spot.remove': 'Removed a safe spot',
};

export const AUDIT_PAGE_SIZE = 50;

const optionalText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((value) => value || undefined);
const optionalDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD')
  .optional()
  .or(z.literal('').transform(() => undefined));

/** GET /api/v1/admin/audit: filters (all optional) and the page. */
export const auditQuerySchema = z.object({
  actorId: z
    .uuid()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  action: z
    .enum(AUDIT_ACTIONS)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  targetId: optionalText,
  from: optionalDate,
  to: optionalDate,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  /** Null for the system's own actions (shown as 'System'). */
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.string(),
  targetId: z.string(),
  subjectUserId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  success: z.literal(true),
  entries: z.array(auditEntrySchema),
  page: z.number().int(),
  hasMore: z.boolean(),
  /** The admins, for the filter. */
  admins: z.array(z.object({ _id: z.string(), userName: z.string(), email: z.string() })),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
