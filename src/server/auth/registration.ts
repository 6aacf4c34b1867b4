import { authMessages } from '#domain/users/auth.messages.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import { type RegisterFields, userNameFromEmail } from '#domain/users/user.schemas.ts';
import type { Config } from '../config.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { storeProfilePhoto } from '../users/profile-photo.ts';
import type { UserRow } from '../users/user.mapper.ts';
import { findUserByEmail, insertUserRow } from '../users/users.repository.ts';
import { consumeEmailVerification, isEmailVerified, markEmailVerified } from './auth.repository.ts';
import { type AuthContext, checkEmailCode, holdResendInterval, sendEmailCode, useEmailCode } from './email-codes.ts';
import { rememberDevice } from './known-devices.ts';
import { hashPassword, isCommonPassword } from './passwords.ts';
import { createSession } from './sessions.ts';

/** How long a proven address may be used to register. */
export const VERIFIED_EMAIL_LIFETIME_MS = 30 * 60_000;

/**
 * ALLOWED_EMAIL_DOMAINS, when set, names the institute's domains; their subdomains
 * (students.campus.edu under campus.edu) belong to the institute too.
 */
export function isAllowedEmailDomain(config: Pick<Config, 'allowedEmailDomains'>, email: string): boolean {
  if (config.allowedEmailDomains.length === 0) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return config.allowedEmailDomains.some((allowed) => domain === allowed || domain.endsWith(`.${allowed}`));
}

function assertAllowedDomain(ctx: AuthContext, email: string) {
  if (!isAllowedEmailDomain(ctx.config, email)) throw badRequest(authMessages.emailDomainNotAllowed);
}

export type SendCodeOutcome = 'sent' | 'already-verified' | 'user-exists';

/** Step 1 of signing up: mail a code, unless the account exists or the address is already proven. */
export async function sendRegistrationCode(ctx: AuthContext, email: string): Promise<SendCodeOutcome> {
  assertAllowedDomain(ctx, email);
  if (await findUserByEmail(ctx.db, email)) return 'user-exists';
  if (await isEmailVerified(ctx.db, email, ctx.clock.now())) return 'already-verified';
  await holdResendInterval(ctx, email, 'register');
  await sendEmailCode(ctx, email, 'register');
  return 'sent';
}

/** Step 2: a right code proves the address for the next 30 minutes. */
export async function verifyRegistrationCode(ctx: AuthContext, email: string, code: string): Promise<void> {
  const codeId = await checkEmailCode(ctx, email, 'register', code);
  await ctx.db.transaction(async (tx) => {
    await useEmailCode(tx, ctx, codeId);
    await markEmailVerified(tx, email, new Date(ctx.clock.now().getTime() + VERIFIED_EMAIL_LIFETIME_MS));
  });
}

export interface Registration {
  fields: RegisterFields;
  photo?: Buffer | undefined;
  userAgent?: string | undefined;
}

/** Refusals that need no expensive work come first: domain, common password, existing account, proof. */
async function assertMayRegister(ctx: AuthContext, fields: RegisterFields) {
  assertAllowedDomain(ctx, fields.email);
  if (isCommonPassword(fields.password)) throw badRequest(validationMessages.passwordTooCommon);
  if (await findUserByEmail(ctx.db, fields.email)) throw conflict(authMessages.userExists);
  if (!(await isEmailVerified(ctx.db, fields.email, ctx.clock.now()))) {
    throw badRequest(validationMessages.verifyEmailFirst);
  }
}

/**
 * Step 3: creates the account and its first session in one transaction, which also uses up
 * the address's verification. The unique index on e-mail decides between racing sign-ups;
 * whatever fails, the photo stored for it is removed again.
 */
export async function registerStudent(
  ctx: AuthContext,
  registration: Registration,
): Promise<{ user: UserRow; token: string; deviceToken: string }> {
  const { fields } = registration;
  await assertMayRegister(ctx, fields);
  const pictureKey = registration.photo ? await storeProfilePhoto(ctx.storage, ctx.imageQueue, registration.photo) : null;
  try {
    const passwordHash = await hashPassword(fields.password);
    return await ctx.db.transaction(async (tx) => {
      const user = await insertUserRow(tx, {
        email: fields.email,
        userName: fields.userName ?? userNameFromEmail(fields.email),
        phoneNumber: fields.phoneNumber ?? null,
        passwordHash,
        profilePictureKey: pictureKey,
        isAdmin: ctx.config.adminEmails.includes(fields.email),
      });
      if (!(await consumeEmailVerification(tx, fields.email, ctx.clock.now()))) {
        throw badRequest(validationMessages.verifyEmailFirst);
      }
      const token = await createSession(tx, ctx.clock, user.id, registration.userAgent);
      // The browser that proved the password is one the owner will come back with.
      const deviceToken = await rememberDevice(tx, ctx.clock, user.id);
      return { user, token, deviceToken };
    });
  } catch (error) {
    if (pictureKey) await ctx.storage.remove([pictureKey]);
    if (isUniqueViolation(error)) throw conflict(authMessages.userExists);
    throw error;
  }
}
