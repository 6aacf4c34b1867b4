import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authMessages } from '#domain/users/auth.messages.ts';
import { forbidden, unauthenticated } from '../http/errors.ts';
import type { UserRow } from '../users/user.mapper.ts';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session-cookie.ts';
import { SessionCache } from './session-cache.ts';
import { findActiveSession } from './sessions.ts';

/**
 * Who may call a route. Every /api route is 'user' unless it says otherwise, so a route
 * forgotten by its author is closed, not open.
 *  - public:   anyone; the session is not even read
 *  - optional: anyone; request.user is set when a valid session comes with the call
 *  - user:     a signed-in user (401 otherwise)
 *  - admin:    a signed-in admin (403 for other users)
 */
export type RouteAuth = 'public' | 'optional' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyInstance {
    /** This instance's cache of session lookups (auth/session-cache.ts); drop a user after changing them. */
    sessionCache: SessionCache;
  }
  interface FastifyRequest {
    user: UserRow | null;
    sessionTokenHash: string | null;
  }
}

export function registerAuthentication(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  const cache = new SessionCache(app.events, app.clock);
  app.decorate('sessionCache', cache);

  app.addHook('onRequest', async (request, reply) => {
    // The matched route's pattern, not the raw URL: `/%61pi/v1/…` reaches the same route and the same check.
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const auth = request.routeOptions.config.auth ?? 'user';
    if (auth === 'public') return;

    const token = readSessionCookie(request, app.config);
    const session = token ? await findActiveSession(app.db, app.clock, token, cache) : null;
    if (session) {
      request.user = session.user;
      request.sessionTokenHash = session.tokenHash;
      if (session.slid && token) setSessionCookie(reply, app.config, token);
    } else if (token) {
      clearSessionCookie(reply, app.config);
    }

    if (auth === 'optional') return;
    if (!request.user) throw unauthenticated();
    if (auth === 'admin' && !request.user.isAdmin) throw forbidden(authMessages.notAdmin);
  });
}

/** The signed-in caller of a route whose auth is 'user' or 'admin'. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthenticated();
  return request.user;
}
