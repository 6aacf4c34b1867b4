import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_PREFIX, OPENAPI_DOCUMENT_PATH, SESSION_SECURITY_SCHEME } from '#server/api-docs/api-docs.ts';
import type { RegisteredRoute } from '#server/http/route-registry.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

interface Operation {
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }>; schemas: Record<string, unknown> };
}

/** The document's path for a route pattern: /products/:id is /products/{id}. */
const documentPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');
/** The reference itself (its page, assets and document) is not part of the API it describes. */
const isDocumentation = (route: RegisteredRoute) =>
  route.url === OPENAPI_DOCUMENT_PATH || route.url === API_DOCS_PREFIX || route.url.startsWith(`${API_DOCS_PREFIX}/`);
const documentedRoutes = (routes: readonly RegisteredRoute[]) =>
  routes.filter((route) => route.url.startsWith('/api/') && !isDocumentation(route));

/**
 * What is wrong with the document for the app's routes: every API route must declare a schema
 * with its answers and appear in the document with the same method.
 */
function coverageProblems(routes: readonly RegisteredRoute[], document: OpenApiDocument): string[] {
  const problems: string[] = [];
  for (const route of documentedRoutes(routes)) {
    const where = `${route.method} ${route.url}`;
    if (!route.schema) problems.push(`${where} declares no schema`);
    else if (!route.schema.response) problems.push(`${where} declares no response schema`);
    if (!document.paths[documentPath(route.url)]?.[route.method.toLowerCase()])
      problems.push(`${where} is missing from the document`);
  }
  return problems;
}

let t: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: OPENAPI_DOCUMENT_PATH });
  expect(response.statusCode).toBe(200);
  document = response.json() as OpenApiDocument;
});
afterAll(() => t.close());

describe('the API reference', () => {
  it('is a valid OpenAPI 3.1 document, served without a session', async () => {
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every API route the app serves, each with a schema', () => {
    expect(documentedRoutes(t.app.registeredRoutes).length).toBeGreaterThan(25);
    expect(coverageProblems(t.app.registeredRoutes, document)).toEqual([]);
  });

  it('documents the health probes too', () => {
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz']));
  });

  it('documents nothing the app does not serve', () => {
    const served = new Set(
      t.app.registeredRoutes
        .filter((route) => !isDocumentation(route))
        .map((route) => `${route.method.toLowerCase()} ${documentPath(route.url)}`),
    );
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    );
    expect(documented.filter((operation) => !served.has(operation))).toEqual([]);
  });

  it('fails the check for a route added without a schema', async () => {
    const other = await createTestApp();
    try {
      other.app.get('/api/v1/undocumented', async () => ({ success: true }));
      const response = await other.app.inject({ method: 'GET', url: OPENAPI_DOCUMENT_PATH });
      expect(coverageProblems(other.app.registeredRoutes, response.json() as OpenApiDocument)).toEqual([
        'GET /api/v1/undocumented declares no schema',
      ]);
    } finally {
      await other.close();
    }
  });

  it('describes the session cookie as the security scheme and each route by who may call it', () => {
    expect(document.components.securitySchemes[SESSION_SECURITY_SCHEME]).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'cm_session',
    });
    for (const route of documentedRoutes(t.app.registeredRoutes)) {
      const operation = document.paths[documentPath(route.url)]![route.method.toLowerCase()]!;
      const where = `${route.method} ${route.url}`;
      const requirements = operation.security;
      if (route.auth === 'public') expect(requirements, where).toEqual([]);
      else if (route.auth === 'optional') expect(requirements, where).toEqual([{}, { [SESSION_SECURITY_SCHEME]: [] }]);
      else expect(requirements, where).toEqual([{ [SESSION_SECURITY_SCHEME]: [] }]);
    }
  });

  it("lists each route's error answers in the one failure shape", () => {
    const failureRef = { $ref: '#/components/schemas/ApiFailure' };
    expect(document.components.schemas.ApiFailure).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['success', 'msg', 'code']),
    });
    for (const route of documentedRoutes(t.app.registeredRoutes)) {
      const { responses } = document.paths[documentPath(route.url)]![route.method.toLowerCase()]!;
      const where = `${route.method} ${route.url}`;
      const errors = Object.keys(responses).filter((status) => Number(status) >= 400);
      expect(errors, where).toContain('503');
      if (route.auth === 'user' || route.auth === 'admin') expect(errors, where).toContain('401');
      if (route.auth === 'admin') expect(errors, where).toContain('403');
      if (route.notFoundMessage) expect(responses['404']?.description, where).toBe(route.notFoundMessage);
      // A route may declare a richer failure of its own (send-code's 409 says whether the account exists).
      for (const status of errors) {
        const schema = responses[status]!.content?.['application/json']?.schema as Record<string, unknown>;
        if (!('$ref' in schema))
          expect(schema, `${where} ${status}`).toMatchObject({ required: expect.arrayContaining(['success', 'msg', 'code']) });
        else expect(schema, `${where} ${status}`).toEqual(failureRef);
      }
    }
  });

  it('gives request and response shapes from the zod schemas', () => {
    const list = document.paths['/api/v1/products']!.get!;
    expect(list.parameters?.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['page']));
    expect(list.responses['200']?.content?.['application/json']?.schema).toMatchObject({ type: 'object' });
    const login = document.paths['/api/v1/auth/login']!.post!;
    expect(login.requestBody).toMatchObject({ content: { 'application/json': { schema: { type: 'object' } } } });
  });

  it('serves an interactive reference from the package, without a session or any other site', async () => {
    const page = await t.app.inject({ method: 'GET', url: API_DOCS_PREFIX });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      expect(asset, 'no CDN').toMatch(/^\/api\/docs\//);
      const response = await t.app.inject({ method: 'GET', url: asset });
      expect(response.statusCode, asset).toBe(200);
    }
    // The page reads the same document from beside itself.
    const shown = await t.app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/json` });
    expect(shown.json()).toEqual(document);
  });
});
