import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { NOTIFICATION_CHOICE_DEFAULT, type NotificationKind } from '#domain/notifications/notification-kinds.ts';
import type { Queryable } from '../db/client.ts';
import { runWritten } from '../db/prepared.ts';
import { notificationPreferences, notifications } from '../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** The user's notification lock (see below), then the row: seq follows the commit order per user. */
const INSERT_NOTIFICATION = {
  name: 'insert-notification',
  text: `
  with user_lock as (select pg_advisory_xact_lock(hashtext($1)))
  insert into notifications (id, user_id, kind, payload)
  select $2::uuid, $3::uuid, $4::text, $5::jsonb from user_lock
  returning seq`,
};

/**
 * Stores a notification (its id chosen by the caller) in one round trip and answers its `seq`. It
 * first takes the user's notification lock (held until the transaction ends), so one user's
 * notifications get their seq in commit order and a stream resuming after seq N has missed nothing
 * below it: the lock comes from the row the insert reads, before the identity gives the new row its seq.
 */
export async function insertNotification(
  tx: Queryable,
  values: { id: string; userId: string; kind: NotificationKind; payload: Record<string, unknown> },
): Promise<number> {
  const { id, userId, kind, payload } = values;
  const [row] = await runWritten<{ seq: string | number }>(tx, {
    ...INSERT_NOTIFICATION,
    values: [`notifications:${userId}`, id, userId, kind, JSON.stringify(payload)],
  });
  return Number(row!.seq);
}

/** A user's notifications not yet read (the partial index notifications_unread_idx). */
const unreadOf = (userId: string) => and(eq(notifications.userId, userId), isNull(notifications.readAt));

export async function countUnread(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`${count()}::int` })
    .from(notifications)
    .where(unreadOf(userId));
  return Number(row?.n ?? 0);
}

/**
 * The unread count and the seq of the user's newest notification, in one statement so that both
 * come from the same moment: notifications after that seq are exactly those the count did not see.
 */
export async function countUnreadWithLatestSeq(
  db: Queryable,
  userId: string,
): Promise<{ unreadCount: number; latestSeq: number }> {
  const newest = sql`(select max(${notifications.seq}) from ${notifications} where ${notifications.userId} = ${userId})`;
  const [row] = await db
    .select({
      unreadCount: sql<number>`${count()}::int`.mapWith(Number),
      latestSeq: sql<number>`coalesce(${newest}, 0)`.mapWith(Number),
    })
    .from(notifications)
    .where(unreadOf(userId));
  return { unreadCount: row?.unreadCount ?? 0, latestSeq: row?.latestSeq ?? 0 };
}

/** A page of a user's notifications, newest first, older than `beforeSeq` when given. */
export async function listNotifications(
  db: Queryable,
  userId: string,
  page: { beforeSeq?: number | undefined; limit: number },
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), page.beforeSeq === undefined ? undefined : lt(notifications.seq, page.beforeSeq)),
    )
    .orderBy(desc(notifications.seq))
    .limit(page.limit);
}

/** What a stream missed: the user's notifications after `afterSeq`, oldest first. */
export async function listNotificationsAfter(
  db: Queryable,
  userId: string,
  afterSeq: number,
  limit: number,
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.seq, afterSeq)))
    .orderBy(notifications.seq)
    .limit(limit);
}

/** The user's own notification, or undefined (someone else's is as good as missing). */
export async function findOwnNotification(db: Queryable, userId: string, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row;
}

/** Marks one of the user's notifications read; false when they have none with that id. */
export async function markNotificationRead(db: Queryable, userId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length === 1;
}

export async function markAllNotificationsRead(db: Queryable, userId: string, at: Date): Promise<void> {
  await db.update(notifications).set({ readAt: at }).where(unreadOf(userId));
}

/** Whether the user wants this kind by e-mail too (the default, until they say otherwise). */
export async function wantsEmail(db: Queryable, userId: string, kind: NotificationKind): Promise<boolean> {
  const [row] = await db
    .select({ email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)));
  return row?.email ?? NOTIFICATION_CHOICE_DEFAULT.email;
}

/** How a notification of this kind reaches the user: by mail, by push, and to which devices. */
export interface NotificationReach {
  email: boolean;
  push: boolean;
  /** The user's subscribed devices, oldest first. */
  deviceIds: string[];
}

/**
 * The columns of a user's reach for one kind, `<as>_email` and `<as>_push` (mail and push are on
 * unless turned off), for a statement that reads them beside its own: `user` and `kind` are SQL
 * expressions (a column, a $n parameter).
 */
export function reachChoiceColumns(user: string, kind: string, as: string): string {
  const choice = (column: 'email' | 'push') =>
    `coalesce((select ${column} from notification_preferences where user_id = ${user} and kind = ${kind}), ${NOTIFICATION_CHOICE_DEFAULT[column]}) as ${as}_${column}`;
  return `${choice('email')}, ${choice('push')}`;
}

/** The column of a user's subscribed devices (a JSON array of ids, oldest first), beside a statement's own. */
export function reachDevicesColumn(user: string, as: string): string {
  return `coalesce((select json_agg(id order by created_at, id) from push_subscriptions where user_id = ${user}), '[]'::json) as ${as}`;
}

/** The user's choices for the kind and their devices, in one read. */
const REACH_OF = {
  name: 'notification-reach',
  text: `select ${reachChoiceColumns('$1::uuid', '$2::text', 'reach')}, ${reachDevicesColumn('$1::uuid', 'devices')}`,
};

export async function reachOf(db: Queryable, userId: string, kind: NotificationKind): Promise<NotificationReach> {
  const [row] = await runWritten<{ reach_email: boolean; reach_push: boolean; devices: string[] }>(db, {
    ...REACH_OF,
    values: [userId, kind],
  });
  return { email: row!.reach_email, push: row!.reach_push, deviceIds: row!.devices };
}

/** The kinds the user changed from the defaults, with their choices. */
export async function listPreferences(
  db: Queryable,
  userId: string,
): Promise<Map<NotificationKind, { email: boolean; push: boolean }>> {
  const rows = await db
    .select({ kind: notificationPreferences.kind, email: notificationPreferences.email, push: notificationPreferences.push })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return new Map(rows.map((row) => [row.kind, { email: row.email, push: row.push }]));
}

/** Sets the e-mail choice, the push choice or both of one kind; what is not given stays as it was. */
export async function setPreference(
  db: Queryable,
  userId: string,
  kind: NotificationKind,
  choice: { email?: boolean | undefined; push?: boolean | undefined },
  at: Date,
): Promise<void> {
  const set = {
    ...(choice.email === undefined ? {} : { email: choice.email }),
    ...(choice.push === undefined ? {} : { push: choice.push }),
    updatedAt: at,
  };
  await db
    .insert(notificationPreferences)
    .values({ userId, kind, ...set })
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set });
}

export async function setEmailPreference(db: Queryable, userId: string, kind: NotificationKind, email: boolean, at: Date) {
  await setPreference(db, userId, kind, { email }, at);
}
