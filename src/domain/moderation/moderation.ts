import { z } from 'zod';
import { moderationMessages as m } from './moderation.messages.ts';

export const REPORT_REASONS = ['prohibited-item', 'scam', 'offensive', 'spam', 'misleading', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const reportReasonLabels: Record<ReportReason, string> = {
  'prohibited-item': 'Prohibited item',
  scam: 'Scam or fraud',
  offensive: 'Offensive content',
  spam: 'Spam',
  misleading: 'Not available / misleading',
  other: 'Other',
};

export const REPORT_TARGET_TYPES = ['listing', 'user', 'message', 'review'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_DETAILS_MAX_CHARS = 500;
export const REPORT_OTHER_MIN_CHARS = 10;
/** Listings a student may post per day (spam protection). */
export const LISTINGS_PER_DAY = 20;

/** What an admin can do about a report's target (the reasons are stored and e-mailed). */
export const MODERATION_ACTIONS = ['dismiss', 'remove-listing', 'remove-review', 'warn', 'suspend', 'ban', 'lift'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const SUSPENSION_DAYS = [1, 7, 30] as const;
export type SuspensionDays = (typeof SUSPENSION_DAYS)[number];

export const moderationActionLabels: Record<ModerationAction, string> = {
  dismiss: 'Dismiss',
  'remove-listing': 'Remove listing',
  'remove-review': 'Remove review',
  warn: 'Warn user',
  suspend: 'Suspend',
  ban: 'Ban',
  lift: 'Lift suspension',
};

/** A report's outcome as the reporter is told it: never who decided. */
export const REPORT_OUTCOMES = ['removed', 'action-taken', 'no-action'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

const id = z.string({ error: 'Missing id' }).min(1, 'Missing id').max(100);

/** POST /api/v1/reports. 'other' needs at least 10 characters of text; details at most 500. */
export const reportBodySchema = z
  .object({
    targetType: z.enum(REPORT_TARGET_TYPES, { error: m.targetTypeInvalid }),
    targetId: id,
    reason: z.enum(REPORT_REASONS, { error: m.reasonRequired }),
    details: z.string().trim().max(REPORT_DETAILS_MAX_CHARS, m.detailsTooLong).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.reason === 'other' && (body.details ?? '').length < REPORT_OTHER_MIN_CHARS) {
      ctx.addIssue({ code: 'custom', path: ['details'], message: m.otherNeedsText });
    }
  });
export type ReportBody = z.output<typeof reportBodySchema>;
export type ReportForm = z.input<typeof reportBodySchema>;

export const reportResponseSchema = z.object({ success: z.literal(true), msg: z.string() });

const actionReason = z
  .string({ error: m.actionReasonRequired })
  .trim()
  .min(1, m.actionReasonRequired)
  .max(1000, m.actionReasonTooLong);

/**
 * POST /api/v1/admin/moderation/actions: one action on the target of a report group (a listing, a
 * user, a message); warn, suspend, ban and lift act on the target's owner. `days` only for suspend.
 */
export const moderationActionBodySchema = z
  .object({
    action: z.enum(MODERATION_ACTIONS),
    targetType: z.enum(REPORT_TARGET_TYPES, { error: m.targetTypeInvalid }),
    targetId: id,
    reason: actionReason,
    days: z.union(SUSPENSION_DAYS.map((days) => z.literal(days))).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.action === 'suspend' && body.days === undefined) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'Choose 1, 7 or 30 days.' });
    }
  });
export type ModerationActionBody = z.output<typeof moderationActionBodySchema>;

export const PROHIBITED_WORD_PATTERN = /^[\p{L}\p{N}'-]{1,50}$/u;
export const prohibitedWordBodySchema = z.object({
  word: z.string({ error: m.wordInvalid }).trim().regex(PROHIBITED_WORD_PATTERN, m.wordInvalid),
});

/**
 * Text as prohibited words are compared: decomposed (NFD), accents stripped, lower-cased, so
 * 'Café', 'CAFE' and 'cafe' are one word.
 */
export function normalizeForWordCheck(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The whole words of a text, normalized: letters, digits, apostrophes and hyphens inside a word. */
export function wordsOf(text: string): string[] {
  return normalizeForWordCheck(text).match(/[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu) ?? [];
}

/** The first prohibited word a text contains as a whole word (of a normalized list), or null. */
export function findProhibitedWord(text: string, prohibited: ReadonlySet<string>): string | null {
  if (prohibited.size === 0) return null;
  const words = wordsOf(text);
  for (const word of words) {
    if (prohibited.has(word)) return word;
    // A hyphenated word also counts by its parts ('scam-deal' holds 'scam').
    if (word.includes('-') || word.includes("'")) {
      for (const part of word.split(/['-]/)) if (prohibited.has(part)) return part;
    }
  }
  return null;
}
