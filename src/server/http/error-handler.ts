import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorCode, errorCodeForStatus } from '#domain/api-errors.ts';
import { siteMessages } from '#domain/messages.ts';
import { AppError } from './errors.ts';

/** Errors that mean "the database is not reachable", on either driver. */
const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

/** PostgreSQL refusing a character it cannot store (NUL) that got past the text guard. */
const UNSTORABLE_CHARACTER_CODE = '22021';

/** Whether the error or one of its causes (drivers and Drizzle wrap them) matches. */
function someCause(error: unknown, matches: (code: unknown, message: unknown) => boolean): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (matches(code, message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function isDatabaseDown(error: unknown): boolean {
  return someCause(
    error,
    (code, message) =>
      (typeof code === 'string' && DATABASE_DOWN_CODES.has(code)) ||
      (typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect/i.test(message)),
  );
}

const isUnstorableText = (error: unknown) => someCause(error, (code) => code === UNSTORABLE_CHARACTER_CODE);

function send(reply: FastifyReply, status: number, code: ErrorCode, msg: string) {
  return reply.status(status).send({ success: false, msg, code });
}

/** The only place errors become answers: { success: false, msg, code } with the right status. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return send(reply, error.statusCode, error.code, error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return send(reply, 400, 'VALIDATION', first?.message ?? siteMessages.internalError);
    }
    if (isDatabaseDown(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return send(reply, 503, 'UNAVAILABLE', siteMessages.databaseUnavailable);
    }
    if (isUnstorableText(error)) return send(reply, 400, 'VALIDATION', siteMessages.nulCharacter);
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return send(reply, 500, 'INTERNAL', siteMessages.internalError);
    }
    // Fastify's own 4xx (bad JSON, body too large, wrong content type): their text is safe to show.
    if (status === 413) return send(reply, 413, 'PAYLOAD_TOO_LARGE', siteMessages.payloadTooLarge);
    if (status === 415) return send(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', siteMessages.unsupportedMediaType);
    return send(reply, status, errorCodeForStatus(status), error.message);
  });
}

export function apiNotFound(reply: FastifyReply) {
  return send(reply, 404, 'NOT_FOUND', siteMessages.notFound);
}
