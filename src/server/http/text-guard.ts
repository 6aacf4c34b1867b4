import type { FastifyInstance } from 'fastify';
import { siteMessages } from '#domain/site.messages.ts';
import { badRequest } from './errors.ts';

const NUL = '\u0000';
/** Deeper than any body this API takes; a deeper one is not walked further. */
const MAX_DEPTH = 8;

/** Whether a string anywhere in a parsed query, path or JSON body holds a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return false;
  const items = Array.isArray(value) ? value : [...Object.keys(value), ...Object.values(value)];
  return items.some((item) => containsNul(item, depth + 1));
}

export function refuseNul(value: unknown): void {
  if (containsNul(value)) throw badRequest(siteMessages.nulCharacter);
}

/**
 * PostgreSQL cannot store NUL in text: such a value would fail deep inside a query as a 500, after
 * work already done. It is refused at the door instead, for every query, path and JSON body;
 * multipart fields are checked where they are read (multipart.ts).
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    refuseNul(request.query);
    refuseNul(request.params);
    refuseNul(request.body);
  });
}
