import { hash, randomFillSync } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { NotificationKind } from '#domain/notifications/notification-kinds.ts';
import type { Queryable } from '../db/client.ts';
import { unsubscribeTokens } from '../db/schema/index.ts';

/** An unsubscribe link works this long after its mail was sent. */
export const UNSUBSCRIBE_TOKEN_LIFETIME_MS = 365 * 24 * 3600_000;

function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

const TOKEN_BYTES = 32;
/**
 * Random bytes for tokens, drawn from the system's generator 128 tokens at a time (each byte used
 * once): every queued mail takes a token, and a call to the generator per token cost ten times as much.
 */
const randomPool = Buffer.alloc(TOKEN_BYTES * 128);
let randomPoolUsed = randomPool.length;

function randomToken(): string {
  if (randomPoolUsed === randomPool.length) {
    randomFillSync(randomPool);
    randomPoolUsed = 0;
  }
  const token = randomPool.toString('base64url', randomPoolUsed, randomPoolUsed + TOKEN_BYTES);
  randomPoolUsed += TOKEN_BYTES;
  return token;
}

/**
 * A fresh random token for one mail's unsubscribe link, and what is stored of it (its SHA-256, so
 * the database alone cannot unsubscribe anyone; no secret in the configuration is needed). The
 * outbox stores the hash with the mail, in the same statement (insertOutboxMail).
 */
export function newUnsubscribeToken(): { token: string; tokenHash: string } {
  const token = randomToken();
  return { token, tokenHash: hashToken(token) };
}

/** Whose link this is and for which kind of mail, or undefined for an unknown or expired token. */
export async function findUnsubscribeToken(
  db: Queryable,
  token: string,
  now: Date,
): Promise<{ userId: string; kind: NotificationKind } | undefined> {
  const [row] = await db
    .select({ userId: unsubscribeTokens.userId, kind: unsubscribeTokens.kind, createdAt: unsubscribeTokens.createdAt })
    .from(unsubscribeTokens)
    .where(eq(unsubscribeTokens.tokenHash, hashToken(token)));
  if (!row || row.createdAt.getTime() + UNSUBSCRIBE_TOKEN_LIFETIME_MS <= now.getTime()) return undefined;
  return { userId: row.userId, kind: row.kind };
}

export async function pruneUnsubscribeTokens(db: Queryable, now: Date): Promise<void> {
  await db
    .delete(unsubscribeTokens)
    .where(lt(unsubscribeTokens.createdAt, new Date(now.getTime() - UNSUBSCRIBE_TOKEN_LIFETIME_MS)));
}
