import { ERROR_STATUS, type ErrorCode } from '#domain/api-errors.ts';
import { authMessages } from '#domain/users/auth.messages.ts';
import { siteMessages } from '#domain/site.messages.ts';

/**
 * A failure the client is meant to see: a stable code, the HTTP status that goes with it and
 * the spec's wording. The error handler turns it into { success: false, msg, code }.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

export const badRequest = (msg: string) => new AppError('VALIDATION', msg);
export const unauthenticated = (msg: string = authMessages.notLoggedIn) => new AppError('UNAUTHENTICATED', msg);
export const forbidden = (msg: string = authMessages.notAllowed) => new AppError('FORBIDDEN', msg);
export const notFound = (msg: string = siteMessages.notFound) => new AppError('NOT_FOUND', msg);
export const conflict = (msg: string) => new AppError('CONFLICT', msg);
export const gone = (msg: string) => new AppError('GONE', msg);
export const payloadTooLarge = (msg: string = siteMessages.payloadTooLarge) => new AppError('PAYLOAD_TOO_LARGE', msg);
export const unsupportedMediaType = (msg: string = siteMessages.unsupportedMediaType) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', msg);
/** The server is too busy for this call right now; Retry-After says when to try again. */
export const serviceBusy = (retryAfterSeconds: number, msg: string) =>
  new AppError('UNAVAILABLE', msg, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
/** Shed under load: the same answer load shedding gives (http/load-shedding.ts), with Retry-After. */
export const busy = (retryAfterSeconds: number, msg: string = siteMessages.busy) =>
  new AppError('BUSY', msg, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const tooManyRequests = (retryAfterSeconds: number, msg: string = authMessages.tooManyRequests) =>
  new AppError('RATE_LIMITED', msg, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
