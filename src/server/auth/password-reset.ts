import type { FastifyInstance } from 'fastify';
import { authMessages } from '#domain/users/auth.messages.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import { badRequest } from '../http/errors.ts';
import { findUserByEmail, setPasswordHash } from '../users/users.repository.ts';
import { type AuthContext, checkEmailCode, holdResendInterval, sendEmailCode, useEmailCode } from './email-codes.ts';
import { forgetUserDevices } from './known-devices.ts';
import { hashPassword, isCommonPassword } from './passwords.ts';
import { revokeUserSessions } from './sessions.ts';

/**
 * Mails a reset code when the account exists. The caller's answer is the same either way, and
 * so is the resend interval, so neither the answer nor a 429 tells whether the account exists;
 * the mail only goes into the queue, so the answer never waits for the mail server.
 */
export async function requestPasswordReset(ctx: AuthContext, email: string): Promise<void> {
  await holdResendInterval(ctx, email, 'reset-password');
  const user = await findUserByEmail(ctx.db, email);
  if (user) await sendEmailCode(ctx, email, 'reset-password', user.id);
}

export interface PasswordReset {
  email: string;
  code: string;
  password: string;
}

/** Sets the new password, ends every session and forgets every known device of the account, in one transaction. */
export async function resetPassword(
  ctx: AuthContext & Pick<FastifyInstance, 'sessionCache'>,
  reset: PasswordReset,
): Promise<void> {
  if (isCommonPassword(reset.password)) throw badRequest(validationMessages.passwordTooCommon);
  const codeId = await checkEmailCode(ctx, reset.email, 'reset-password', reset.code);
  const user = await findUserByEmail(ctx.db, reset.email);
  if (!user) throw badRequest(authMessages.invalidCode);
  const passwordHash = await hashPassword(reset.password);
  await ctx.db.transaction(async (tx) => {
    await useEmailCode(tx, ctx, codeId);
    await setPasswordHash(tx, user.id, passwordHash, ctx.clock.now());
    await revokeUserSessions(tx, user.id);
    await forgetUserDevices(tx, user.id);
  });
  ctx.sessionCache.dropUser(user.id);
}
