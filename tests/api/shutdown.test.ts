import http from 'node:http';
import type net from 'node:net';
import { sql } from 'drizzle-orm';
import { inject as injectRaw } from 'light-my-request';
import { describe, expect, it, vi } from 'vitest';
import { siteMessages } from '#domain/site.messages.ts';
import { createTestApp } from '../support/test-app.ts';

function get(
  agent: http.Agent,
  port: number,
  path: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      })
      .on('error', reject);
  });
}

describe('shutting down', () => {
  it('finishes the requests in flight, refuses new ones with 503 in our format, and closes promptly', async () => {
    const t = await createTestApp();
    let started!: () => void;
    const slowRequestStarted = new Promise<void>((resolve) => (started = resolve));
    // A request that goes on using the database after the shutdown has begun.
    t.app.get('/test/slow', async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await t.app.db.execute(sql`select 1`);
      return { success: true, finished: true };
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    // Keep-alive, as browsers and proxies connect: the connection outlives the request.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

    const slow = get(agent, port, '/test/slow');
    await slowRequestStarted;
    const began = Date.now();
    const closing = t.app.close();
    await vi.waitFor(() => expect(t.app.closing).toBe(true));
    // A request that reaches the app once the shutdown has begun (on a connection that was
    // still open): dispatched straight to the router, as the HTTP server would.
    const late = await injectRaw((request, response) => t.app.routing(request, response), {
      method: 'GET',
      url: '/api/v1/products',
    });

    const finished = await slow;
    await closing;
    agent.destroy();

    expect(finished.status).toBe(200);
    expect(JSON.parse(finished.body)).toEqual({ success: true, finished: true });
    // The answer in flight ends its keep-alive connection, so shutting down does not wait for it.
    expect(finished.headers.connection).toBe('close');
    expect(Date.now() - began).toBeLessThan(3000);

    expect(late.statusCode).toBe(503);
    expect(late.headers['retry-after']).toBe('5');
    expect(late.json()).toEqual({ success: false, msg: siteMessages.shuttingDown, code: 'UNAVAILABLE' });
    await t.close();
  });
});
