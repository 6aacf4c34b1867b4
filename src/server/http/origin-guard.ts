import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authMessages } from '#domain/users/auth.messages.ts';
import { forbidden } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * CSRF defence: a browser call that changes something must come from this site or from a
 * CORS_ORIGINS entry. SameSite=Lax cookies are only the second line. Calls without Origin and
 * Sec-Fetch-Site (curl, server-to-server clients) carry no ambient browser credentials risk.
 *
 * It guards every unsafe method whatever the path: the router decodes `/%61pi/…` to the /api
 * routes, so a check on the raw URL could be stepped around, and nothing outside /api accepts
 * writes anyway.
 */
export function registerOriginGuard(app: FastifyInstance, publicUrl: string, corsOrigins: string[]) {
  const trusted = new Set([new URL(publicUrl).origin, ...corsOrigins]);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin === requestOrigin(request) || trusted.has(origin)) return;
      throw forbidden(authMessages.crossSiteRefused);
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden(authMessages.crossSiteRefused);
  });
}
