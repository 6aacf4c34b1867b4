import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorCode, errorCodeForStatus } from '#domain/api-errors.ts';
import { siteMessages } from '#domain/site.messages.ts';
import { AppError } from './errors.ts';
import type { RegisteredRoute } from './route-registry.ts';

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

/**
 * Fastify's own refusals of a request it could not read, in our words. Anything else under 500
 * that Fastify raises keeps its status and gets the generic 'could not be read'.
 */
const FRAMEWORK_REFUSALS: Record<string, { status: number; code: ErrorCode; msg: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'VALIDATION', msg: siteMessages.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'VALIDATION', msg: siteMessages.emptyJsonBody },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', msg: siteMessages.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', msg: siteMessages.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'VALIDATION', msg: siteMessages.badRequest },
  // A path the router cannot decode (`%E0%A4%A`), or a parameter beyond the router's limit.
  FST_ERR_BAD_URL: { status: 400, code: 'VALIDATION', msg: siteMessages.malformedAddress },
  FST_ERR_MAX_PARAM_LENGTH: { status: 404, code: 'NOT_FOUND', msg: siteMessages.notFound },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: 'VALIDATION', msg: siteMessages.badRequest },
};

/**
 * A path parameter this long is still routed, so the route answers its own 'Product not found'
 * or 'User not found' (an over-long id names nothing). Nothing here matches parameters with a
 * regular expression, which is what the router's small default limit protects.
 */
const MAX_PATH_PARAMETER_LENGTH = 16 * 1024;

/** Fastify options that route every refusal through our format. */
export const routingOptions = {
  routerOptions: { maxParamLength: MAX_PATH_PARAMETER_LENGTH },
  // Fastify's own 503 while draining has its own body; ours is answered by registerShutdownRefusal.
  return503OnClosing: false,
  frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => answerFrameworkError(reply, error),
} satisfies Partial<FastifyServerOptions>;

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
      (typeof message === 'string' &&
        /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed/i.test(
          message,
        )),
  );
}

const isUnstorableText = (error: unknown) => someCause(error, (code) => code === UNSTORABLE_CHARACTER_CODE);

function send(reply: FastifyReply, status: number, code: ErrorCode, msg: string) {
  return reply.status(status).send({ success: false, msg, code });
}

/** Plugins' refusals without a code of the table above, by status. */
const REFUSALS_BY_STATUS: Record<number, string> = {
  413: siteMessages.payloadTooLarge,
  415: siteMessages.unsupportedMediaType,
};

function answerFrameworkError(reply: FastifyReply, error: FastifyError) {
  const known = FRAMEWORK_REFUSALS[error.code];
  if (known) return send(reply, known.status, known.code, known.msg);
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return send(reply, status, errorCodeForStatus(status), REFUSALS_BY_STATUS[status] ?? siteMessages.badRequest);
}

type ValidationError = FastifyError & { validation: { instancePath?: string; message?: string }[] };

/** The first validation problem in the spec's words; a body that is not an object says so. */
function validationMessage(error: ValidationError): string {
  const [first] = error.validation;
  if (error.validationContext === 'body' && first?.instancePath === '/' && /expected object/.test(first.message ?? '')) {
    return siteMessages.bodyNotObject;
  }
  return first?.message ?? siteMessages.internalError;
}

/**
 * Path parameters are ids (http/ids.ts): one that is not an id names nothing, so the answer is
 * the route's own not-found text (config.notFoundMessage), not a validation error.
 */
function answerValidationError(request: FastifyRequest, reply: FastifyReply, error: ValidationError) {
  if (error.validationContext === 'params') {
    return send(reply, 404, 'NOT_FOUND', request.routeOptions.config.notFoundMessage ?? siteMessages.notFound);
  }
  return send(reply, 400, 'VALIDATION', validationMessage(error));
}

/** The only place errors become answers: { success: false, msg, code } with the right status. */
export function registerErrorHandling(app: FastifyInstance) {
  // A text/plain body was parsed into a string, and then failed validation with a confusing
  // message; JSON and multipart are what the API reads, anything else is 415.
  app.removeContentTypeParser('text/plain');

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return send(reply, error.statusCode, error.code, error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) return answerValidationError(request, reply, error);
    if (isDatabaseDown(error)) {
      // While shutting down the database goes away on purpose: a refusal, not an incident.
      if (app.closing) return refuseWhileClosing(reply);
      request.log.error({ err: error }, 'database unavailable');
      return send(reply, 503, 'UNAVAILABLE', siteMessages.databaseUnavailable);
    }
    if (isUnstorableText(error)) return send(reply, 400, 'VALIDATION', siteMessages.nulCharacter);
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return send(reply, 500, 'INTERNAL', siteMessages.internalError);
    }
    return answerFrameworkError(reply, error);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** True once app.close() has begun: new requests are refused with 503. */
    readonly closing: boolean;
  }
  interface FastifyContextConfig {
    /** What a route answers (404) when its path names no such thing, e.g. 'Product not found'. */
    notFoundMessage?: string;
  }
}

function refuseWhileClosing(reply: FastifyReply) {
  return reply
    .header('connection', 'close')
    .header('retry-after', '5')
    .status(503)
    .send({ success: false, msg: siteMessages.shuttingDown, code: 'UNAVAILABLE' satisfies ErrorCode });
}

/**
 * During shutdown, requests already running finish; a request that still arrives (on a
 * keep-alive connection, before the load balancer notices) gets a 503 in our format and the
 * connection is closed, so the client retries elsewhere.
 */
export function registerShutdownRefusal(app: FastifyInstance) {
  let closing = false;
  let idleSweep: NodeJS.Timeout | undefined;
  app.decorate('closing', {
    getter: () => closing,
  });
  app.addHook('preClose', async () => {
    closing = true;
    // server.close() drops the connections idle at that moment only; a keep-alive connection
    // whose answer was still going out would hold the shutdown until its keep-alive timeout.
    idleSweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    idleSweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(idleSweep));
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) return refuseWhileClosing(reply);
  });
  // Answers finished during the drain end their connection, so the client reconnects elsewhere.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}

const IDLE_SWEEP_MS = 100;

/**
 * 404 for an address nothing answers, or 405 with Allow when the path exists for other
 * methods (a PUT where only GET is routed).
 */
export function apiNotFound(reply: FastifyReply, routes?: readonly RegisteredRoute[]) {
  const path = reply.request.url.split('?')[0] ?? '';
  const allowed = routes ? methodsRoutedFor(routes, path) : [];
  if (allowed.length > 0) {
    return send(reply.header('allow', allowed.join(', ')), 405, 'METHOD_NOT_ALLOWED', siteMessages.methodNotAllowed);
  }
  return send(reply, 404, 'NOT_FOUND', siteMessages.notFound);
}

const patternCache = new WeakMap<RegisteredRoute, RegExp>();

function patternOf(route: RegisteredRoute): RegExp {
  let pattern = patternCache.get(route);
  if (!pattern) {
    const source = route.url
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    pattern = new RegExp(`^${source}/?$`);
    patternCache.set(route, pattern);
  }
  return pattern;
}

function methodsRoutedFor(routes: readonly RegisteredRoute[], path: string): string[] {
  const methods = new Set<string>();
  for (const route of routes) if (route.url.startsWith('/api/') && patternOf(route).test(path)) methods.add(route.method);
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}
