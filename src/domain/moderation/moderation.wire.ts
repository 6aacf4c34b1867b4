import { z } from 'zod';
import { productSchema } from '../products/product.wire.ts';
import { REPORT_REASONS, REPORT_TARGET_TYPES } from './moderation.ts';

export const reportEntrySchema = z.object({
  _id: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  reporterName: z.string(),
  createdAt: z.string(),
});
export type ReportEntry = z.infer<typeof reportEntrySchema>;

/** The reported user as the queue shows them, with their standing. */
export const reportedUserSchema = z.object({
  _id: z.string(),
  userName: z.string(),
  profilePicture: z.object({ url: z.string() }),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  suspendedUntil: z.string().nullable(),
  banned: z.boolean(),
});

/** A message as the reporter saw it, with a few messages around it. */
export const reportedMessageSchema = z.object({
  _id: z.string(),
  body: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  context: z.array(
    z.object({ _id: z.string(), body: z.string(), authorName: z.string(), createdAt: z.string(), reported: z.boolean() }),
  ),
});

/** A reported review as everyone saw it on the profile. */
export const reportedReviewSchema = z.object({
  _id: z.string(),
  rating: z.number().int(),
  text: z.string().nullable(),
  authorName: z.string(),
  subjectName: z.string(),
  productTitle: z.string(),
  createdAt: z.string(),
  removed: z.boolean(),
});

/** The reported user's history: earlier reports against them and actions taken. */
export const userHistorySchema = z.object({
  earlierReports: z.array(
    z.object({
      targetType: z.enum(REPORT_TARGET_TYPES),
      reason: z.enum(REPORT_REASONS),
      outcome: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  actions: z.array(z.object({ action: z.string(), reason: z.string().nullable(), createdAt: z.string() })),
});

/** One target with its open reports. */
export const reportGroupSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  reportCount: z.number().int(),
  firstReportedAt: z.string(),
  listing: productSchema.extend({ hidden: z.boolean() }).nullable(),
  message: reportedMessageSchema.nullable(),
  review: reportedReviewSchema.nullable(),
  /** Whose target it is (the seller, the author, the user), null when the account is gone. */
  user: reportedUserSchema.nullable(),
  reports: z.array(reportEntrySchema),
  history: userHistorySchema,
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;

export const reportQueueSchema = z.object({ success: z.literal(true), groups: z.array(reportGroupSchema) });
export type ReportQueue = z.infer<typeof reportQueueSchema>;

export const moderationActionResponseSchema = z.object({ success: z.literal(true), msg: z.string() });

export const prohibitedWordsResponseSchema = z.object({
  success: z.literal(true),
  words: z.array(z.object({ word: z.string(), createdAt: z.string() })),
});
export type ProhibitedWordsResponse = z.infer<typeof prohibitedWordsResponseSchema>;

/** The dashboard's morning cards: cheap counts, each with the queue it links to. */
export const moderationSummarySchema = z.object({
  success: z.literal(true),
  openReports: z.number().int(),
  hiddenPendingReview: z.number().int(),
  failedJobs: z.number().int(),
  /** Moderation actions per week, oldest first, the current week last (weeks start on Monday, UTC). */
  actionsPerWeek: z.array(z.object({ weekStart: z.string(), count: z.number().int() })),
});
export type ModerationSummary = z.infer<typeof moderationSummarySchema>;
