import { z } from 'zod';
import { NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_PAGE_SIZE_MAX } from '../constants.ts';
import { notificationMessages as m } from './notification.messages.ts';
import { NOTIFICATION_KINDS } from './notification-kinds.ts';
import { isPushKind, pushMessages } from '../push/push.ts';

/** GET /api/v1/notifications: `before` is the nextCursor of the previous page. */
export const notificationListQuerySchema = z.object({
  before: z
    .string()
    .regex(/^\d{1,18}$/, m.cursorInvalid)
    .optional(),
  limit: z.coerce
    .number({ error: m.limitInvalid })
    .int(m.limitInvalid)
    .min(1, m.limitInvalid)
    .max(NOTIFICATIONS_PAGE_SIZE_MAX, m.limitInvalid)
    .default(NOTIFICATIONS_PAGE_SIZE),
});
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;

export const notificationIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/**
 * PATCH /api/v1/notifications/preferences: one kind at a time, its e-mail choice, its push choice
 * (kinds that are pushed: domain/push/push.ts), or both.
 */
export const notificationPreferenceBodySchema = z
  .object({
    kind: z.enum(NOTIFICATION_KINDS, { error: m.kindInvalid }),
    email: z.boolean({ error: m.emailChoiceInvalid }).optional(),
    push: z.boolean({ error: pushMessages.pushChoiceInvalid }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.email === undefined && body.push === undefined) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: m.emailChoiceInvalid });
    }
    if (body.push !== undefined && !isPushKind(body.kind)) {
      ctx.addIssue({ code: 'custom', path: ['push'], message: pushMessages.notPushed });
    }
  });
export type NotificationPreferenceBody = z.output<typeof notificationPreferenceBodySchema>;

/** An unsubscribe link's token: 43 characters of base64url. */
export const unsubscribeParamsSchema = z.object({ token: z.string().min(1).max(200) });
