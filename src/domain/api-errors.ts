/**
 * Stable error codes carried by every failed answer ({ success: false, msg, code }), so the
 * browser can react to the kind of failure without parsing messages.
 */
export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  /** A link that once worked and no longer does (a renew link whose listing expired). */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  /** Shed under load (too many requests at once): try again after Retry-After. */
  BUSY: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export type ApiFailure = { success: false; msg: string; code: ErrorCode };

export function errorCodeForStatus(status: number): ErrorCode {
  const match = (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).find(([, s]) => s === status);
  if (match) return match[0];
  return status >= 500 ? 'INTERNAL' : 'VALIDATION';
}
