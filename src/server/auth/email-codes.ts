import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { OTP_LENGTH } from '#domain/constants.ts';
import { authMessages } from '#domain/users/auth.messages.ts';
import type { Queryable } from '../db/client.ts';
import type { EmailCodePurpose } from '../db/schema/index.ts';
import { badRequest } from '../http/errors.ts';
import { enforceRateLimits } from '../http/rate-limit.ts';
import { queueMail } from '../mail/outbox.ts';
import { CODE_RESEND_INTERVAL } from './auth-rate-limits.ts';
import { consumeEmailCode, findLatestEmailCode, recordWrongCode, replaceEmailCode } from './auth.repository.ts';

/** What the sign-up and reset services need from the app. */
export type AuthContext = Pick<FastifyInstance, 'db' | 'clock' | 'config' | 'mailer' | 'jobs' | 'storage' | 'imageQueue' | 'log'>;

export const CODE_LIFETIME_MS = 10 * 60_000;
/** After this many wrong tries a code is dead and a new one must be sent. */
export const CODE_MAX_WRONG_TRIES = 5;

/** A uniformly random 6-digit code from the operating system's CSPRNG. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** Only salt and SHA-256 are stored; the code itself lives in the mail alone. */
function hashCode(code: string, salt: string): string {
  return `${salt}.${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

function codeMatches(stored: string, code: string): boolean {
  const salt = stored.split('.')[0] ?? '';
  const expected = Buffer.from(stored);
  const actual = Buffer.from(hashCode(code, salt));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

function resendHit(email: string, purpose: EmailCodePurpose) {
  return { rule: CODE_RESEND_INTERVAL, subject: `${purpose}:${email}` };
}

/** At most one code per address and purpose a minute: 429 with the wait otherwise. */
export async function holdResendInterval(ctx: AuthContext, email: string, purpose: EmailCodePurpose): Promise<void> {
  await enforceRateLimits(ctx.db, ctx.clock, [resendHit(email, purpose)]);
}

/**
 * Stores a fresh code and queues its mail in one transaction (the resend interval must already
 * be held). The mail job is woken at once, so the code arrives within seconds; if the mail server
 * is down it is retried, and dropped once the code has expired. `userId` is the account a reset
 * code is for (none yet for a sign-up).
 */
export async function sendEmailCode(
  ctx: AuthContext,
  email: string,
  purpose: EmailCodePurpose,
  userId: string | null = null,
): Promise<void> {
  const code = generateCode();
  const createdAt = ctx.clock.now();
  const expiresAt = new Date(createdAt.getTime() + CODE_LIFETIME_MS);
  await ctx.db.transaction(async (tx) => {
    const id = await replaceEmailCode(tx, {
      email,
      purpose,
      codeHash: hashCode(code, randomBytes(16).toString('hex')),
      createdAt,
      expiresAt,
    });
    await queueMail(tx, ctx, {
      kind: purpose === 'register' ? 'verification-code' : 'reset-code',
      to: email,
      userId,
      data: { code, expiresInMinutes: CODE_LIFETIME_MS / 60_000 },
      eventKey: `email-code:${id}`,
      expiresAt,
    });
  });
  if (ctx.mailer.isDevOutbox) {
    // No real mail leaves this machine, so the newcomer reads the code here (never logged otherwise).
    ctx.log.info(`One-time ${purpose} code for ${email}: ${code} (dev outbox, SMTP_URL is not set)`);
  }
}

/**
 * Checks a code without using it up: answers its id, or throws 400 with why it failed. A
 * wrong code counts against the code at once (outside any transaction, so it sticks).
 */
export async function checkEmailCode(ctx: AuthContext, email: string, purpose: EmailCodePurpose, code: string): Promise<string> {
  const row = await findLatestEmailCode(ctx.db, email, purpose);
  if (!row) throw badRequest(authMessages.invalidCode);
  if (row.failedAttempts >= CODE_MAX_WRONG_TRIES) throw badRequest(authMessages.codeDead);
  if (row.expiresAt.getTime() <= ctx.clock.now().getTime()) throw badRequest(authMessages.codeExpired);
  if (!codeMatches(row.codeHash, code)) {
    const tries = await recordWrongCode(ctx.db, row.id, CODE_MAX_WRONG_TRIES);
    throw badRequest(tries === null || tries >= CODE_MAX_WRONG_TRIES ? authMessages.codeDead : authMessages.invalidCode);
  }
  return row.id;
}

/** Uses up a checked code inside the caller's transaction; a racing second use is refused. */
export async function useEmailCode(tx: Queryable, ctx: AuthContext, codeId: string): Promise<void> {
  const used = await consumeEmailCode(tx, codeId, ctx.clock.now(), CODE_MAX_WRONG_TRIES);
  if (!used) throw badRequest(authMessages.invalidCode);
}
