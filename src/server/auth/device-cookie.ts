import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { KNOWN_DEVICE_LIFETIME_MS } from './known-devices.ts';

/**
 * The known-device cookie: HttpOnly and SameSite=Lax like the session's, but it outlives sign-outs
 * (it says "this browser signed in here before", not "is signed in"). __Host- over https.
 */
export function deviceCookieName(config: Pick<Config, 'secureCookies'>): string {
  return config.secureCookies ? '__Host-cm_device' : 'cm_device';
}

export function readDeviceCookie(request: FastifyRequest, config: Pick<Config, 'secureCookies'>): string | undefined {
  return request.cookies[deviceCookieName(config)];
}

export function setDeviceCookie(reply: FastifyReply, config: Pick<Config, 'secureCookies'>, token: string) {
  reply.setCookie(deviceCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    maxAge: Math.floor(KNOWN_DEVICE_LIFETIME_MS / 1000),
  });
}
