import {
  NOTIFICATION_CHOICE_DEFAULT,
  NOTIFICATION_KINDS,
  type NotificationKind,
  notificationKindLabels,
} from '#domain/notifications/notification-kinds.ts';
import { isPushKind } from '#domain/push/push.ts';
import type { NotificationPreference } from '#domain/notifications/notification.wire.ts';
import type { Notification, NotificationPage } from '#domain/notifications/notification.wire.ts';
import { notificationMessages } from '#domain/notifications/notification.messages.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import type { EventBus } from '../events/event-bus.ts';
import { notFound } from '../http/errors.ts';
import { isUuid } from '../http/ids.ts';
import { findUnsubscribeToken } from '../mail/unsubscribe-tokens.ts';
import {
  countUnread,
  findOwnNotification,
  listPreferences,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  setEmailPreference,
  setPreference,
  wantsEmail,
} from './notifications.repository.ts';
import { toNotificationWire } from './notify.ts';

export interface NotificationsContext {
  db: Database;
  clock: Clock;
  events: EventBus;
}

/** A page of the user's notifications, newest first, with the cursor of the next page and the unread count. */
export async function notificationPage(
  ctx: NotificationsContext,
  userId: string,
  query: { before?: string | undefined; limit: number },
): Promise<Omit<NotificationPage, 'success'>> {
  const rows = await listNotifications(ctx.db, userId, {
    beforeSeq: query.before === undefined ? undefined : Number(query.before),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    notifications: page.map(toNotificationWire),
    nextCursor: rows.length > query.limit ? String(page.at(-1)!.seq) : null,
    unreadCount: await countUnread(ctx.db, userId),
  };
}

/** The user's own notification; another user's answers 404 like a missing one. */
export async function ownNotification(ctx: NotificationsContext, userId: string, id: string): Promise<Notification> {
  const row = isUuid(id) ? await findOwnNotification(ctx.db, userId, id) : undefined;
  if (!row) throw notFound(notificationMessages.notFound);
  return toNotificationWire(row);
}

/** Marks one read (404 when it is not the user's); the user's other tabs hear of it. Answers the unread count. */
export async function markRead(ctx: NotificationsContext, userId: string, id: string): Promise<number> {
  if (!isUuid(id)) throw notFound(notificationMessages.notFound);
  return ctx.db.transaction(async (tx) => {
    if (!(await markNotificationRead(tx, userId, id, ctx.clock.now()))) throw notFound(notificationMessages.notFound);
    await ctx.events.publish(tx, 'notifications.read', { userId });
    return countUnread(tx, userId);
  });
}

export async function markAllRead(ctx: NotificationsContext, userId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await markAllNotificationsRead(tx, userId, ctx.clock.now());
    await ctx.events.publish(tx, 'notifications.read', { userId });
  });
}

/**
 * Every kind with the user's choices: e-mail on unless they turned it off, and for the kinds that
 * are pushed, push on unless they turned it off (it reaches only devices they subscribed).
 */
export async function notificationPreferences(db: Database, userId: string): Promise<NotificationPreference[]> {
  const chosen = await listPreferences(db, userId);
  return NOTIFICATION_KINDS.map((kind) => {
    const choice = chosen.get(kind);
    const email = choice?.email ?? NOTIFICATION_CHOICE_DEFAULT.email;
    return isPushKind(kind) ? { kind, email, push: choice?.push ?? NOTIFICATION_CHOICE_DEFAULT.push } : { kind, email };
  });
}

export async function setNotificationChoice(
  ctx: NotificationsContext,
  userId: string,
  kind: NotificationKind,
  choice: { email?: boolean | undefined; push?: boolean | undefined },
) {
  await setPreference(ctx.db, userId, kind, choice, ctx.clock.now());
  return notificationPreferences(ctx.db, userId);
}

async function resolveToken(ctx: NotificationsContext, token: string) {
  const found = await findUnsubscribeToken(ctx.db, token, ctx.clock.now());
  if (!found) throw notFound(notificationMessages.unsubscribeInvalid);
  return found;
}

/** What an unsubscribe link would turn off, without changing anything. */
export async function unsubscribeInfo(ctx: NotificationsContext, token: string) {
  const { userId, kind } = await resolveToken(ctx, token);
  return { kind, subscribed: await wantsEmail(ctx.db, userId, kind) };
}

/** Turns off e-mail of the link's kind for its user: no sign-in, the token is the proof. */
export async function unsubscribe(ctx: NotificationsContext, token: string) {
  const { userId, kind } = await resolveToken(ctx, token);
  await setEmailPreference(ctx.db, userId, kind, false, ctx.clock.now());
  return { kind, msg: notificationMessages.unsubscribed(notificationKindLabels[kind]) };
}
