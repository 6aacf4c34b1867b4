import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { SESSION_IDLE_LIFETIME_MS } from './sessions.ts';

/** The __Host- prefix pins the cookie to this host and path; browsers only allow it over https. */
export function sessionCookieName(config: Pick<Config, 'secureCookies'>): string {
  return config.secureCookies ? '__Host-cm_session' : 'cm_session';
}

function cookieOptions(config: Pick<Config, 'secureCookies'>) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };
}

export function readSessionCookie(request: FastifyRequest, config: Pick<Config, 'secureCookies'>): string | undefined {
  return request.cookies[sessionCookieName(config)];
}

export function setSessionCookie(reply: FastifyReply, config: Pick<Config, 'secureCookies'>, token: string) {
  reply.setCookie(sessionCookieName(config), token, {
    ...cookieOptions(config),
    maxAge: Math.floor(SESSION_IDLE_LIFETIME_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'secureCookies'>) {
  reply.clearCookie(sessionCookieName(config), cookieOptions(config));
}
