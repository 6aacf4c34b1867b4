import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { pushSubscriptions, vapidKeys } from '../db/schema/index.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Stores a browser's subscription for the user. The endpoint is the browser's: one already known
 * (the same browser subscribing again, or now signed into another account) takes the new keys and
 * owner instead of becoming a second row.
 */
export async function upsertSubscription(
  db: Queryable,
  values: { userId: string; endpoint: string; p256dh: string; auth: string; at: Date },
): Promise<PushSubscriptionRow> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ userId: values.userId, endpoint: values.endpoint, p256dh: values.p256dh, auth: values.auth, createdAt: values.at })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: values.userId, p256dh: values.p256dh, auth: values.auth, createdAt: values.at, lastPushedAt: null },
    })
    .returning();
  return row!;
}

/** The user's subscriptions, oldest first. */
export async function listSubscriptions(db: Queryable, userId: string): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

export async function findSubscription(db: Queryable, id: string): Promise<PushSubscriptionRow | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row;
}

/** Deletes one of the user's subscriptions; false when they have none with that id. */
export async function deleteOwnSubscription(db: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length === 1;
}

export async function deleteSubscriptions(db: Queryable, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

/** Removes a subscription the push service no longer knows, unless it was renewed (new keys) meanwhile. */
export async function deleteExpiredSubscription(db: Queryable, id: string, endpoint: string, p256dh: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.p256dh, p256dh)));
}

export async function markPushed(db: Queryable, id: string, at: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastPushedAt: at }).where(eq(pushSubscriptions.id, id));
}

export interface VapidKeyPair {
  publicKey: string;
  privateKey: string;
}

/**
 * The deployment's VAPID keys: the stored pair, or `generated` stored as the pair when there is
 * none yet. Instances racing here all end up with the one row that won.
 */
export async function storedVapidKeys(db: Queryable, generated: () => VapidKeyPair): Promise<VapidKeyPair> {
  const [existing] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, 1));
  if (existing) return { publicKey: existing.publicKey, privateKey: existing.privateKey };
  const pair = generated();
  await db
    .insert(vapidKeys)
    .values({ id: 1, ...pair })
    .onConflictDoNothing({ target: vapidKeys.id });
  const [row] = await db
    .select()
    .from(vapidKeys)
    .where(eq(vapidKeys.id, sql`1`));
  return { publicKey: row!.publicKey, privateKey: row!.privateKey };
}
