import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/client.ts';
import { knownDevices } from '../db/schema/index.ts';

/**
 * Known devices (OWASP "device cookies"): a browser that once signed in to an account carries a
 * random token for it, so a back-off caused by someone else's guessing never locks the owner
 * out of their own browser. See docs/decisions/0009-known-device-logins.md.
 */
export const KNOWN_DEVICE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;
/** Browsers remembered per account; signing in on one more forgets the one signed in longest ago. */
export const KNOWN_DEVICES_PER_USER = 10;

export type KnownDeviceRow = typeof knownDevices.$inferSelect;

function hashDeviceToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Remembers a browser for the account: 32 random bytes go to the browser, their hash is stored. */
export async function rememberDevice(db: Queryable, clock: Clock, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  await db.insert(knownDevices).values({
    tokenHash: hashDeviceToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + KNOWN_DEVICE_LIFETIME_MS),
  });
  await forgetDevicesBeyondCap(db, userId);
  return token;
}

async function forgetDevicesBeyondCap(db: Queryable, userId: string): Promise<void> {
  const kept = db
    .select({ tokenHash: knownDevices.tokenHash })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId))
    .orderBy(desc(knownDevices.createdAt), desc(knownDevices.tokenHash))
    .limit(KNOWN_DEVICES_PER_USER);
  await db.delete(knownDevices).where(and(eq(knownDevices.userId, userId), notInArray(knownDevices.tokenHash, kept)));
}

/** The unexpired device a token names, or undefined. */
export async function findKnownDevice(db: Queryable, clock: Clock, token: string): Promise<KnownDeviceRow | undefined> {
  const [row] = await db
    .select()
    .from(knownDevices)
    .where(and(eq(knownDevices.tokenHash, hashDeviceToken(token)), gt(knownDevices.expiresAt, clock.now())))
    .limit(1);
  return row;
}

/** Counts a wrong password from this device and answers the device's new count. */
export async function recordDeviceFailure(db: Queryable, tokenHash: string): Promise<number> {
  const [row] = await db
    .update(knownDevices)
    .set({ failedLoginCount: sql`${knownDevices.failedLoginCount} + 1` })
    .where(eq(knownDevices.tokenHash, tokenHash))
    .returning({ failedLoginCount: knownDevices.failedLoginCount });
  return row?.failedLoginCount ?? 0;
}

/** Holds this device's logins back until then (never shortening a longer hold). */
export async function blockDeviceUntil(db: Queryable, tokenHash: string, until: Date): Promise<void> {
  const untilParam = sql`${until.toISOString()}::timestamptz`;
  await db
    .update(knownDevices)
    .set({ loginBlockedUntil: sql`greatest(coalesce(${knownDevices.loginBlockedUntil}, ${untilParam}), ${untilParam})` })
    .where(eq(knownDevices.tokenHash, tokenHash));
}

/** Forgets devices by the hash of their token (a login replaces the device's token with a new one). */
export async function forgetDevices(db: Queryable, tokenHashes: string[]): Promise<void> {
  if (tokenHashes.length === 0) return;
  await db.delete(knownDevices).where(inArray(knownDevices.tokenHash, tokenHashes));
}

/**
 * Forgets every device of a user (a password reset), or every one but the caller's own (a
 * password change): whoever knew the old password gets no head start from a device it used.
 */
export async function forgetUserDevices(db: Queryable, userId: string, keepToken?: string): Promise<void> {
  const mine = eq(knownDevices.userId, userId);
  await db.delete(knownDevices).where(keepToken ? and(mine, ne(knownDevices.tokenHash, hashDeviceToken(keepToken))) : mine);
}
