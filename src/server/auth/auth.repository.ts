import { and, desc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { type EmailCodePurpose, emailCodes, emailVerifications, knownDevices, sessions } from '../db/schema/index.ts';

/** Queries of the sign-up machinery: one-time codes and verified addresses. */

export type EmailCodeRow = typeof emailCodes.$inferSelect;

/** Stores a new code and drops the older ones of the same address and purpose: only the newest works. */
export async function replaceEmailCode(
  db: Queryable,
  code: { email: string; purpose: EmailCodePurpose; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<string> {
  await db.delete(emailCodes).where(and(eq(emailCodes.email, code.email), eq(emailCodes.purpose, code.purpose)));
  const [row] = await db.insert(emailCodes).values(code).returning({ id: emailCodes.id });
  return row!.id;
}

export async function findLatestEmailCode(
  db: Queryable,
  email: string,
  purpose: EmailCodePurpose,
): Promise<EmailCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  return row;
}

/** Counts a wrong try, unless the code is already dead; answers the new count (null: it was dead). */
export async function recordWrongCode(db: Queryable, id: string, maxWrongTries: number): Promise<number | null> {
  const [row] = await db
    .update(emailCodes)
    .set({ failedAttempts: sql`${emailCodes.failedAttempts} + 1` })
    .where(and(eq(emailCodes.id, id), lt(emailCodes.failedAttempts, maxWrongTries)))
    .returning({ failedAttempts: emailCodes.failedAttempts });
  return row?.failedAttempts ?? null;
}

/**
 * Uses a code up. The conditions make it single-use even when two calls race: only one
 * update finds it unconsumed, alive and unexpired.
 */
export async function consumeEmailCode(db: Queryable, id: string, now: Date, maxWrongTries: number): Promise<boolean> {
  const rows = await db
    .update(emailCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(emailCodes.id, id),
        isNull(emailCodes.consumedAt),
        gt(emailCodes.expiresAt, now),
        lt(emailCodes.failedAttempts, maxWrongTries),
      ),
    )
    .returning({ id: emailCodes.id });
  return rows.length === 1;
}

export async function markEmailVerified(db: Queryable, email: string, verifiedUntil: Date): Promise<void> {
  await db
    .insert(emailVerifications)
    .values({ email, verifiedUntil })
    .onConflictDoUpdate({ target: emailVerifications.email, set: { verifiedUntil } });
}

export async function isEmailVerified(db: Queryable, email: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ email: emailVerifications.email })
    .from(emailVerifications)
    .where(and(eq(emailVerifications.email, email), gt(emailVerifications.verifiedUntil, now)))
    .limit(1);
  return row !== undefined;
}

/** Takes a still-valid verification away (a registration uses it); false when there was none. */
export async function consumeEmailVerification(db: Queryable, email: string, now: Date): Promise<boolean> {
  const rows = await db
    .delete(emailVerifications)
    .where(and(eq(emailVerifications.email, email), gt(emailVerifications.verifiedUntil, now)))
    .returning({ email: emailVerifications.email });
  return rows.length === 1;
}

/** Housekeeping: rows nobody can use any more. */
export async function pruneExpiredAuthRows(db: Queryable, now: Date): Promise<void> {
  await db.delete(emailCodes).where(or(lte(emailCodes.expiresAt, now), lte(emailCodes.consumedAt, now)));
  await db.delete(emailVerifications).where(lte(emailVerifications.verifiedUntil, now));
  await db.delete(sessions).where(or(lte(sessions.expiresAt, now), lte(sessions.absoluteExpiresAt, now)));
  await db.delete(knownDevices).where(lte(knownDevices.expiresAt, now));
}
