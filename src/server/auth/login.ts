import { authMessages } from '#domain/users/auth.messages.ts';
import type { LoginBody } from '#domain/users/user.schemas.ts';
import { tooManyRequests, unauthenticated } from '../http/errors.ts';
import { enforceRateLimits } from '../http/rate-limit.ts';
import { assertMayLogIn } from '../moderation/suspensions.ts';
import type { UserRow } from '../users/user.mapper.ts';
import { blockLoginUntil, clearLoginFailures, findUserByEmail, recordFailedLogin } from '../users/users.repository.ts';
import { LOGIN_PER_EMAIL } from './auth-rate-limits.ts';
import type { AuthContext } from './email-codes.ts';
import {
  type KnownDeviceRow,
  blockDeviceUntil,
  findKnownDevice,
  forgetDevices,
  recordDeviceFailure,
  rememberDevice,
} from './known-devices.ts';
import { verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { createSession, revokeSession } from './sessions.ts';

/** Failed logins an account (or a known device) takes before it is slowed down. */
export const LOGIN_FAILURES_BEFORE_BACKOFF = 10;
const BACKOFF_FIRST_MS = 30_000;
export const LOGIN_BACKOFF_MAX_MS = 15 * 60_000;

/** 30 s at the 10th failure, doubling with each further one, never more than 15 minutes. */
export function loginBackoffMs(failures: number): number {
  if (failures < LOGIN_FAILURES_BEFORE_BACKOFF) return 0;
  return Math.min(LOGIN_BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** (failures - LOGIN_FAILURES_BEFORE_BACKOFF));
}

export interface LoginAttempt {
  credentials: LoginBody;
  userAgent?: string | undefined;
  /** The hash of a session this browser already had: a login replaces it. */
  previousSessionHash?: string | undefined;
  /** The known-device token this browser carries, if any. */
  deviceToken?: string | undefined;
}

export interface SignedIn {
  user: UserRow;
  token: string;
  /** A fresh known-device token for this browser (the one it brought, if any, is used up). */
  deviceToken: string;
}

function assertNotHeldBack(ctx: AuthContext, blockedUntil: Date | null) {
  const seconds = ((blockedUntil?.getTime() ?? 0) - ctx.clock.now().getTime()) / 1000;
  if (seconds > 0) throw tooManyRequests(seconds, authMessages.loginBackoff(seconds));
}

/** The hold that goes with a failure count (none below ten), from now. */
function holdAfter(ctx: AuthContext, failures: number): Date | undefined {
  const holdMs = loginBackoffMs(failures);
  return holdMs > 0 ? new Date(ctx.clock.now().getTime() + holdMs) : undefined;
}

/**
 * Checks e-mail and password. An unknown address and a wrong password fail alike, with the
 * same message and after the same argon2 work, so neither reveals which accounts exist.
 *
 * Two kinds of caller, each with its own failure count (OWASP's device-cookie scheme): a browser
 * that signed in to this account before (a known device) counts only its own failures; every
 * other browser shares the account's count and back-off, and its per-e-mail rate limit. So
 * someone failing on purpose can slow down new browsers, never the owner's own.
 */
export async function logIn(ctx: AuthContext, attempt: LoginAttempt): Promise<SignedIn> {
  // The device is looked up before the account, so both lookups happen whether the account exists or not.
  const device = attempt.deviceToken ? await findKnownDevice(ctx.db, ctx.clock, attempt.deviceToken) : undefined;
  const user = await findUserByEmail(ctx.db, attempt.credentials.email);
  if (user && device?.userId === user.id) return logInFromKnownDevice(ctx, attempt, user, device);
  return logInFromOtherBrowser(ctx, attempt, user);
}

async function logInFromKnownDevice(ctx: AuthContext, attempt: LoginAttempt, user: UserRow, device: KnownDeviceRow) {
  assertNotHeldBack(ctx, device.loginBlockedUntil);
  if (!(await verifyPassword(user.passwordHash, attempt.credentials.password))) {
    const hold = holdAfter(ctx, await recordDeviceFailure(ctx.db, device.tokenHash));
    if (hold) await blockDeviceUntil(ctx.db, device.tokenHash, hold);
    throw unauthenticated(authMessages.invalidCredentials);
  }
  return signIn(ctx, attempt, user, device);
}

async function logInFromOtherBrowser(ctx: AuthContext, attempt: LoginAttempt, user: UserRow | undefined) {
  const { email, password } = attempt.credentials;
  await enforceRateLimits(ctx.db, ctx.clock, [{ rule: LOGIN_PER_EMAIL, subject: email }]);
  if (!user) {
    await verifyAgainstDummy(password);
    throw unauthenticated(authMessages.invalidCredentials);
  }
  assertNotHeldBack(ctx, user.loginBlockedUntil);
  if (!(await verifyPassword(user.passwordHash, password))) {
    const hold = holdAfter(ctx, await recordFailedLogin(ctx.db, user.id));
    if (hold) await blockLoginUntil(ctx.db, user.id, hold);
    throw unauthenticated(authMessages.invalidCredentials);
  }
  if (user.failedLoginCount > 0 || user.loginBlockedUntil) await clearLoginFailures(ctx.db, user.id);
  return signIn(ctx, attempt, { ...user, failedLoginCount: 0, loginBlockedUntil: null });
}

/** A new session replacing the browser's old one, and a new known-device token replacing the used one. */
async function signIn(ctx: AuthContext, attempt: LoginAttempt, user: UserRow, device?: KnownDeviceRow): Promise<SignedIn> {
  // Only once the password is right: a suspension is nobody else's business.
  assertMayLogIn(user, ctx.clock, ctx.config);
  return ctx.db.transaction(async (tx) => {
    if (attempt.previousSessionHash) await revokeSession(tx, attempt.previousSessionHash);
    if (device) await forgetDevices(tx, [device.tokenHash]);
    const token = await createSession(tx, ctx.clock, user.id, attempt.userAgent);
    const deviceToken = await rememberDevice(tx, ctx.clock, user.id);
    return { user, token, deviceToken };
  });
}
