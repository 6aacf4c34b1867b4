import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, lte } from 'drizzle-orm';
import { moderationMessages } from '#domain/moderation/moderation.messages.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database, Queryable } from '../db/client.ts';
import { products, users } from '../db/schema/index.ts';
import { SYSTEM_ACTOR, recordAudit } from '../audit/audit-log.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { forbidden } from '../http/errors.ts';
import type { UserRow } from '../users/user.mapper.ts';
import { siteDateTime } from './moderation-context.ts';

declare module '../jobs/job-queue.ts' {
  interface JobKinds {
    /** Lifts the suspensions whose time is over: login allowed again, listings shown again. */
    'moderation.lift-expired': Record<string, never>;
  }
}

/** Whether an account is held right now (banned, or suspended until a later moment). */
export function isHeld(user: Pick<UserRow, 'bannedAt' | 'suspendedUntil'>, now: Date): boolean {
  return user.bannedAt !== null || (user.suspendedUntil !== null && user.suspendedUntil > now);
}

/**
 * Login of a held account: refused (403) with until when (ban: permanently) and how to appeal.
 * Checked after the password, so it tells nothing to someone who does not know it.
 */
export function assertMayLogIn(user: UserRow, clock: Clock, config: Pick<Config, 'contactEmail' | 'siteTimeZone'>): void {
  if (user.bannedAt) throw forbidden(moderationMessages.bannedLogin(config.contactEmail));
  if (user.suspendedUntil && user.suspendedUntil > clock.now()) {
    throw forbidden(
      moderationMessages.suspendedLogin(siteDateTime(user.suspendedUntil, config.siteTimeZone), config.contactEmail),
    );
  }
}

/** Holds an account: every session ends at once and every listing is hidden while it lasts. */
export async function holdAccount(tx: Queryable, userId: string, hold: { suspendedUntil: Date | null; bannedAt: Date | null }) {
  await tx.update(users).set(hold).where(eq(users.id, userId));
  await revokeUserSessions(tx, userId);
  await tx
    .update(products)
    .set({ sellerHeld: true })
    .where(and(eq(products.sellerId, userId), eq(products.sellerHeld, false)));
}

/** Restores a held account: login allowed, listings shown (unless one is itself under review). */
export async function releaseAccount(tx: Queryable, userId: string) {
  await tx.update(users).set({ suspendedUntil: null, bannedAt: null }).where(eq(users.id, userId));
  await tx
    .update(products)
    .set({ sellerHeld: false })
    .where(and(eq(products.sellerId, userId), eq(products.sellerHeld, true)));
}

/**
 * Every suspension that is over, lifted (bans never end by themselves), each recorded in the
 * audit log with the system as its actor, in the transaction that lifts it.
 */
export async function liftExpiredSuspensions(db: Database, clock: Clock): Promise<number> {
  const expired = await db
    .select({ id: users.id })
    .from(users)
    .where(and(lte(users.suspendedUntil, clock.now()), isNull(users.bannedAt)));
  let lifted = 0;
  for (const { id } of expired) {
    await db.transaction(async (tx) => {
      // Checked again inside: an admin may have suspended the user anew (or lifted it) meanwhile.
      const [current] = await tx.select({ until: users.suspendedUntil }).from(users).where(eq(users.id, id)).for('update');
      const now = clock.now();
      if (!current?.until || current.until > now) return;
      await releaseAccount(tx, id);
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: 'moderation.expire',
        targetType: 'user',
        targetId: id,
        details: { reason: moderationMessages.suspensionExpired, until: current.until.toISOString() },
        at: now,
      });
      lifted += 1;
    });
  }
  return lifted;
}

/** Every minute, on whichever instance runs workers: suspensions end within a minute of their time. */
export function registerSuspensionExpiry(app: FastifyInstance) {
  app.jobs.define({
    kind: 'moderation.lift-expired',
    run: async () => {
      await liftExpiredSuspensions(app.db, app.clock);
    },
    retryLimit: 3,
    retryDelaySeconds: 30,
    timeoutSeconds: 120,
    concurrency: 1,
    schedule: '* * * * *',
  });
}
