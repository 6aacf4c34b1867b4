import type { FastifyInstance, HTTPMethods } from 'fastify';

export interface RegisteredRoute {
  method: HTTPMethods;
  /** The route's pattern, e.g. /api/v1/products/:id */
  url: string;
  /** Who may call it (auth/authenticate.ts): 'user' unless the route says otherwise. */
  auth: 'public' | 'optional' | 'user' | 'admin';
  /** What it answers (404) when its path names nothing, for routes with path parameters. */
  notFoundMessage: string | undefined;
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
      if (method !== 'HEAD')
        routes.push({
          method,
          url: route.url,
          auth: route.config?.auth ?? 'user',
          notFoundMessage: route.config?.notFoundMessage,
        });
    }
  });
}
