import { authMessages } from '#domain/users/auth.messages.ts';
import type { RateLimitHit, RateLimitRule } from '../http/rate-limit.ts';
import { clientAddressKey } from '../http/rate-limit.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Limits of the sign-up and sign-in calls (see docs/decisions/0002-auth-rate-limits.md).
 *
 * Per IP they are generous, because a whole campus often reaches us through one NAT address
 * (or every caller shares the proxy's address when TRUST_PROXY is not set) and registration day
 * brings many students at once; they only stop scripts. Per e-mail they
 * sit well above what a person does by hand (a code every minute at most; five tries per code;
 * ten wrong passwords before the account's own back-off starts) and far below what guessing needs.
 */
const retry = authMessages.tooManyRequestsRetry;

export const SEND_CODE_PER_IP: RateLimitRule = { name: 'send-code:ip', limit: 200, windowMs: 15 * MINUTE_MS, message: retry };
export const SEND_CODE_PER_EMAIL: RateLimitRule = { name: 'send-code:email', limit: 6, windowMs: HOUR_MS, message: retry };
/** One new code per address per minute; the 429 says when the next one may be asked for. */
export const CODE_RESEND_INTERVAL: RateLimitRule = {
  name: 'code-resend',
  limit: 1,
  windowMs: MINUTE_MS,
  message: authMessages.resendTooSoon,
};

export const VERIFY_CODE_PER_IP: RateLimitRule = { name: 'verify-code:ip', limit: 500, windowMs: 15 * MINUTE_MS, message: retry };
export const VERIFY_CODE_PER_EMAIL: RateLimitRule = {
  name: 'verify-code:email',
  limit: 20,
  windowMs: 15 * MINUTE_MS,
  message: retry,
};

export const REGISTER_PER_IP: RateLimitRule = { name: 'register:ip', limit: 200, windowMs: 15 * MINUTE_MS, message: retry };
export const REGISTER_PER_EMAIL: RateLimitRule = { name: 'register:email', limit: 10, windowMs: HOUR_MS, message: retry };

export const LOGIN_PER_IP: RateLimitRule = { name: 'login:ip', limit: 500, windowMs: 15 * MINUTE_MS, message: retry };
export const LOGIN_PER_EMAIL: RateLimitRule = { name: 'login:email', limit: 30, windowMs: 15 * MINUTE_MS, message: retry };

export const FORGOT_PASSWORD_PER_IP: RateLimitRule = {
  name: 'forgot-password:ip',
  limit: 100,
  windowMs: 15 * MINUTE_MS,
  message: retry,
};
export const FORGOT_PASSWORD_PER_EMAIL: RateLimitRule = {
  name: 'forgot-password:email',
  limit: 6,
  windowMs: HOUR_MS,
  message: retry,
};

export const RESET_PASSWORD_PER_IP: RateLimitRule = {
  name: 'reset-password:ip',
  limit: 200,
  windowMs: 15 * MINUTE_MS,
  message: retry,
};
export const RESET_PASSWORD_PER_EMAIL: RateLimitRule = {
  name: 'reset-password:email',
  limit: 20,
  windowMs: 15 * MINUTE_MS,
  message: retry,
};

/** The pair of hits for a call limited per caller address and per e-mail address. */
export function perIpAndEmail(ip: string, email: string, perIp: RateLimitRule, perEmail: RateLimitRule): RateLimitHit[] {
  return [
    { rule: perIp, subject: clientAddressKey(ip) },
    { rule: perEmail, subject: email },
  ];
}
