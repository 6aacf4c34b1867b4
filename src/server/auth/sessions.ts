import { hash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import type { UserRow } from '../users/user.mapper.ts';
import type { SessionCache, SessionLookup } from './session-cache.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_IDLE_LIFETIME_MS = 30 * DAY_MS;
export const SESSION_ABSOLUTE_LIFETIME_MS = 90 * DAY_MS;
/** Sliding the expiry costs a write, so it is done at most this often per session. */
const SLIDE_AFTER_MS = 60 * 60 * 1000;

/** Every signed-in request hashes its cookie: the one-shot hash costs half of a Hash object's. */
export function hashSessionToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export interface ActiveSession {
  tokenHash: string;
  user: UserRow;
  /** Set when the expiry was pushed forward, so the cookie's Max-Age is renewed too. */
  slid: boolean;
}

/** Starts a session: 32 random bytes go to the browser, their hash to the database. */
export async function createSession(db: Queryable, clock: Clock, userId: string, userAgent: string | undefined): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  await db.insert(sessions).values({
    tokenHash: hashSessionToken(token),
    userId,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + SESSION_IDLE_LIFETIME_MS),
    absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_LIFETIME_MS),
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/**
 * The session behind a cookie's token, if it is valid and its user is not held. With a cache, a
 * recent lookup answers without a query, except when the sliding renewal is due (a write).
 */
export async function findActiveSession(
  db: Queryable,
  clock: Clock,
  token: string,
  cache?: SessionCache,
): Promise<ActiveSession | null> {
  const tokenHash = hashSessionToken(token);
  const cached = cache?.get(tokenHash, SLIDE_AFTER_MS);
  if (cached) return { tokenHash, user: cached.user, slid: false };
  // Taken before the query: an invalidation arriving while it runs keeps its answer out of the cache.
  const ticket = cache?.ticket ?? 0;
  const found = await lookUpSession(db, clock, tokenHash);
  if (!found) return null;
  cache?.store(found.lookup, ticket);
  return { tokenHash, user: found.lookup.user, slid: found.slid };
}

async function lookUpSession(
  db: Queryable,
  clock: Clock,
  tokenHash: string,
): Promise<{ lookup: SessionLookup; slid: boolean } | null> {
  const now = clock.now();
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, now),
        gt(sessions.absoluteExpiresAt, now),
        // A held account's sessions are revoked with the hold; this also closes any that raced it.
        isNull(users.bannedAt),
        or(isNull(users.suspendedUntil), lte(users.suspendedUntil, now)),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { session, user } = row;
  const lookup: SessionLookup = {
    tokenHash,
    user,
    lastUsedAt: session.lastUsedAt,
    expiresAt: session.expiresAt,
    absoluteExpiresAt: session.absoluteExpiresAt,
  };
  const slid = now.getTime() - session.lastUsedAt.getTime() > SLIDE_AFTER_MS;
  if (slid) {
    lookup.lastUsedAt = now;
    lookup.expiresAt = new Date(Math.min(now.getTime() + SESSION_IDLE_LIFETIME_MS, session.absoluteExpiresAt.getTime()));
    await db.update(sessions).set({ lastUsedAt: now, expiresAt: lookup.expiresAt }).where(eq(sessions.tokenHash, tokenHash));
  }
  return { lookup, slid };
}

export async function revokeSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every session of a user, or every one but the caller's own. */
export async function revokeUserSessions(db: Queryable, userId: string, keepTokenHash?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(keepTokenHash ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)) : eq(sessions.userId, userId));
}

/** Which of these sessions are still valid (for long-lived connections that outlive a request). */
export async function findLiveSessions(db: Queryable, clock: Clock, tokenHashes: string[]): Promise<Set<string>> {
  if (tokenHashes.length === 0) return new Set();
  const now = clock.now();
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(and(inArray(sessions.tokenHash, tokenHashes), gt(sessions.expiresAt, now), gt(sessions.absoluteExpiresAt, now)));
  return new Set(rows.map((row) => row.tokenHash));
}
