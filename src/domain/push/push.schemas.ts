import { z } from 'zod';
import { PUSH_ENDPOINT_MAX_LENGTH, pushMessages as m } from './push.ts';

/** base64url without padding, decoding to exactly `bytes` bytes. */
function base64urlKey(bytes: number) {
  const length = Math.ceil((bytes * 4) / 3);
  return z.string({ error: m.keyInvalid }).regex(new RegExp(`^[A-Za-z0-9_-]{${length}}={0,2}$`), m.keyInvalid);
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether an endpoint is one a push service would give: https to a named host. http is only for a
 * push service on this machine (tests), and only when the server allows it (never in production).
 */
export function isAcceptablePushEndpoint(endpoint: string, allowLocalHttp: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const local = LOCAL_HOSTS.has(url.hostname);
  if (url.protocol === 'http:') return allowLocalHttp && local;
  if (url.protocol !== 'https:') return false;
  if (local) return allowLocalHttp;
  // A push service has a name; an address or an internal name would make the server call into its own network.
  const ipLiteral = /^[\d.]+$/.test(url.hostname) || url.hostname.startsWith('[');
  return !ipLiteral && url.hostname.includes('.') && !/\.(local|internal|localhost)$/.test(url.hostname);
}

/** POST /api/v1/push/subscriptions: a browser's PushSubscription.toJSON(). */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z.string({ error: m.endpointInvalid }).min(1, m.endpointInvalid).max(PUSH_ENDPOINT_MAX_LENGTH, m.endpointTooLong),
  keys: z.object(
    {
      /** The browser's P-256 public key, uncompressed: 65 bytes. */
      p256dh: base64urlKey(65),
      /** The shared authentication secret: 16 bytes. */
      auth: base64urlKey(16),
    },
    { error: m.keyInvalid },
  ),
});
export type PushSubscriptionBody = z.output<typeof pushSubscriptionBodySchema>;

export const pushSubscriptionIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
