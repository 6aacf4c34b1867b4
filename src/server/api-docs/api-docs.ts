import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '#domain/api-errors.ts';
import type { RouteAuth } from '../auth/authenticate.ts';
import { sessionCookieName } from '../auth/session-cookie.ts';

export const OPENAPI_DOCUMENT_PATH = '/api/openapi.json';
export const API_DOCS_PREFIX = '/api/docs';
export const SESSION_SECURITY_SCHEME = 'session';

/**
 * The failure shape every route answers with ({ success: false, msg, code }, see
 * http/error-handler.ts). Its id makes it one component of the document, referenced by each answer.
 */
const apiFailureSchema = z
  .object({
    success: z.literal(false),
    msg: z.string().meta({ description: 'A sentence for the user.' }),
    code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]).meta({
      description: 'The kind of failure; the HTTP status always matches it.',
    }),
  })
  .meta({ id: 'ApiFailure' });

const failure = (description: string) => ({ description, content: { 'application/json': { schema: apiFailureSchema } } });

/** What a route can answer besides success, from what it declares: its inputs, auth and config. */
function errorAnswers(route: RouteOptions, schema: FastifySchema): Record<string, ReturnType<typeof failure>> {
  const auth: RouteAuth = route.config?.auth ?? 'user';
  const methods = [route.method].flat();
  const takesBody = methods.some((method) => method !== 'GET' && method !== 'HEAD');
  const answers: Record<string, ReturnType<typeof failure>> = {};
  if (takesBody || schema.querystring || schema.params || schema.body) {
    answers[ERROR_STATUS.VALIDATION] = failure('The request is malformed or a field is invalid (`msg` says which).');
  }
  if (auth === 'user' || auth === 'admin') answers[ERROR_STATUS.UNAUTHENTICATED] = failure('No valid session cookie.');
  if (auth === 'admin') answers[ERROR_STATUS.FORBIDDEN] = failure('The signed-in user is not an admin.');
  else if (auth === 'user' && (takesBody || schema.params)) {
    answers[ERROR_STATUS.FORBIDDEN] = failure('The signed-in user may not do this (e.g. not their own item).');
  }
  if (route.config?.notFoundMessage) answers[ERROR_STATUS.NOT_FOUND] = failure(route.config.notFoundMessage);
  if (takesBody) {
    answers[ERROR_STATUS.CONFLICT] = failure('The change conflicts with the current state.');
    answers[ERROR_STATUS.UNSUPPORTED_MEDIA_TYPE] = failure('The body is of a type this route does not read.');
    answers[ERROR_STATUS.RATE_LIMITED] = failure('Too many attempts; `Retry-After` says when to try again.');
  }
  answers[ERROR_STATUS.UNAVAILABLE] = failure(
    'The database is unreachable or the server is shutting down (code UNAVAILABLE), or the server is too busy and shed ' +
      'the call before doing anything (code BUSY); `Retry-After` says when to try again.',
  );
  return answers;
}

function securityOf(auth: RouteAuth): NonNullable<FastifySchema['security']> {
  if (auth === 'public') return [];
  // An empty requirement makes the session optional (OpenAPI 3.1, 4.8.10).
  if (auth === 'optional') return [{}, { [SESSION_SECURITY_SCHEME]: [] }];
  return [{ [SESSION_SECURITY_SCHEME]: [] }];
}

/**
 * Adds what every documented route has in common to its own schema, then lets the zod type
 * provider turn the zod schemas into JSON Schema. Routes hidden from the document stay hidden.
 */
const documentRoute: SwaggerTransform = (document) => {
  const { schema, route } = document;
  if (!schema || schema.hide) return jsonSchemaTransform(document);
  // A feature's root route ('/' under its prefix) is documented as the spec names it, no trailing slash.
  const url = document.url.replace(/(.)\/$/, '$1');
  const auth: RouteAuth = route.config?.auth ?? 'user';
  const withErrors: FastifySchema = {
    ...schema,
    security: schema.security ?? securityOf(auth),
    response: { ...errorAnswers(route, schema), ...(schema.response as object | undefined) },
  };
  // Grouped by feature, the first segment after /api/v1 (products, auth, users …).
  const feature = /^\/api\/v1\/([^/]+)/.exec(url)?.[1];
  if (!schema.tags && feature) withErrors.tags = [feature];
  return jsonSchemaTransform({ ...document, url, schema: withErrors });
};

/**
 * The API reference: an OpenAPI 3.1 document built from the zod schemas the routes validate
 * with, at /api/openapi.json, and Swagger UI over it at /api/docs, served from the package.
 * Registered before the routes: @fastify/swagger collects them as they are added.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Campus Market API',
        version: '1',
        description:
          'Buy and sell second-hand items between verified students of one campus. Every answer is JSON ' +
          '`{ success, msg?, ...data }`; failures are `{ success: false, msg, code }` with the HTTP status ' +
          'their code names. Sign in with POST /api/v1/auth/login: the session travels in a cookie. Calls that ' +
          'change something must come from the site itself or an origin in CORS_ORIGINS.',
      },
      servers: [{ url: app.config.publicUrl }],
      components: {
        securitySchemes: {
          [SESSION_SECURITY_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName(app.config),
            description: 'The HttpOnly session cookie set by login and registration.',
          },
        },
      },
      security: [{ [SESSION_SECURITY_SCHEME]: [] }],
    },
    transform: documentRoute,
    transformObject: jsonSchemaTransformObject,
  });
}

/** The document and the reference page; both public, and hidden from the document itself. */
export async function apiDocsRoutes(app: FastifyInstance) {
  app.get(OPENAPI_DOCUMENT_PATH, { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());

  await app.register(async (docs) => {
    // The UI's routes come from the package: they are public like the document they show. The
    // route registry reads a route's auth after every onRoute hook has run (http/route-registry.ts).
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, auth: 'public' };
    });
    await docs.register(fastifySwaggerUi, {
      routePrefix: API_DOCS_PREFIX,
      uiConfig: { deepLinking: true, withCredentials: true, validatorUrl: null },
      theme: { title: 'Campus Market API' },
    });
  });
}
