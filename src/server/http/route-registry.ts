import type { FastifyInstance, FastifySchema, HTTPMethods, RouteOptions } from 'fastify';

export interface RegisteredRoute {
  method: HTTPMethods;
  /** The route's pattern, e.g. /api/v1/products/:id */
  url: string;
  /** Who may call it (auth/authenticate.ts): 'user' unless the route says otherwise. */
  auth: 'public' | 'optional' | 'user' | 'admin';
  /** What it answers (404) when its path names nothing, for routes with path parameters. */
  notFoundMessage: string | undefined;
  /** The route's own schema as declared (the API reference is built from it), if any. */
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, as registered (HEAD twins left out). */
    readonly registeredRoutes: readonly RegisteredRoute[];
  }
}

/**
 * Records each route as it is added. Registered before any route: the method-not-allowed answer
 * and the tests that walk every route read this list.
 */
export function registerRouteRegistry(app: FastifyInstance) {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push(describe(route, method));
    }
  });
}

/**
 * Read when asked, not when the route is added: this hook runs before those of plugin scopes,
 * which may still set a route's config (the API reference makes its UI's routes public).
 */
function describe(route: RouteOptions, method: HTTPMethods): RegisteredRoute {
  return {
    method,
    url: route.url,
    get auth() {
      return route.config?.auth ?? 'user';
    },
    get notFoundMessage() {
      return route.config?.notFoundMessage;
    },
    get schema() {
      return route.schema;
    },
  };
}
