import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteMessages } from '#domain/site.messages.ts';
import { LIVE_EVENT } from '#domain/notifications/live-events.ts';
import { currentUser } from '../auth/authenticate.ts';
import { busy } from '../http/errors.ts';

/** A Last-Event-ID is the seq of the last notification the browser got. */
function lastEventIdOf(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text !== undefined && /^\d{1,18}$/.test(text) ? Number(text) : undefined;
}

function headersSoFar(headers: Record<string, unknown>): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)) as OutgoingHttpHeaders;
}

/**
 * GET /api/v1/events: the signed-in user's live stream (Server-Sent Events), authenticated by the
 * session cookie like every call. The answer is hijacked from Fastify and written as it happens:
 * no compression (which would buffer it), no response schema, and it ends when the browser goes,
 * when the session ends, or when the server shuts down.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      schema: {
        querystring: z.object({ lastEventId: z.string().optional() }),
        // Documents the stream (api-docs); never serialised, the answer is written by hand.
        response: {
          200: {
            description:
              `Server-Sent Events (${Object.values(LIVE_EVENT).join(', ')}), each JSON data; a notification's ` +
              'id is its seq, sent back as Last-Event-ID to resume. Comment lines are heartbeats.',
            content: { 'text/event-stream': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!app.live.hasRoom) throw busy(5, siteMessages.liveBusy);
      reply.hijack();
      reply.raw.writeHead(200, {
        // Security and CORS headers set by the hooks so far.
        ...headersSoFar(reply.getHeaders()),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // Tells nginx-style proxies not to buffer the stream either.
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      await app.live.open({
        userId: user.id,
        sessionTokenHash: request.sessionTokenHash!,
        response: reply.raw,
        // EventSource sends the header on reconnect; a client that cannot set headers may use the query.
        lastEventId: lastEventIdOf(request.headers['last-event-id']) ?? lastEventIdOf(request.query.lastEventId),
      });
    },
  );
};
