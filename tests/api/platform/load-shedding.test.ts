import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { siteMessages } from '#domain/site.messages.ts';
import { loadConfig } from '#server/config.ts';
import { conversationMessages, conversations } from '#server/db/schema/index.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { openSse } from '../../support/sse-client.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { conversationCalls } from '../conversations/conversation-calls.ts';
import { BUSY_BODY, SOME_LISTING, appWithShedding, holdConnections as hold, poolSize } from './load-shedding-calls.ts';

let t: TestApp | undefined;
let releaseHeld: (() => Promise<void>) | undefined;

/** Holds connections until released (see load-shedding-calls.ts), released after each test at the latest. */
async function holdConnections(app: TestApp, count: number) {
  const release = await hold(app, count);
  releaseHeld = release;
  return release;
}
afterEach(async () => {
  await releaseHeld?.();
  releaseHeld = undefined;
  await t?.close();
  t = undefined;
});

const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url });

/** Blocks the event loop for most of every 260 ms, as a CPU-bound rush would. */
function holdEventLoop(): () => void {
  const timer = setInterval(() => {
    const until = performance.now() + 250;
    while (performance.now() < until) {
      // busy: nothing else runs
    }
  }, 10);
  return () => clearInterval(timer);
}

describe('load shedding', () => {
  it('answers an API request 503 BUSY with Retry-After while the event loop is held up, and serves again after', async () => {
    t = await appWithShedding({ eventLoopDelayMs: 100, sampleIntervalMs: 50, retryAfterSeconds: 3 });
    const app = t;
    const stop = holdEventLoop();
    try {
      await expect.poll(async () => (await get(app, SOME_LISTING)).statusCode, { timeout: 10_000, interval: 20 }).toBe(503);
      const shed = await get(app, SOME_LISTING);
      expect(shed.statusCode).toBe(503);
      expect(shed.json()).toEqual(BUSY_BODY);
      expect(shed.headers['retry-after']).toBe('3');
      // The health routes are never shed.
      expect((await get(app, '/healthz')).statusCode).toBe(200);
    } finally {
      stop();
    }
    // Once the loop runs freely again (on a busy test machine this may take a few samples).
    await expect.poll(async () => (await get(app, SOME_LISTING)).statusCode, { timeout: 30_000 }).toBe(404);
    const metrics = await app.app.metrics.registry.getSingleMetricAsString('http_requests_shed_total');
    expect(metrics).toMatch(/http_requests_shed_total\{reason="event-loop-delay"\} [1-9]/);
  });

  it('sheds while too many callers wait for a database connection; the health routes still answer', async () => {
    t = await appWithShedding({ dbWaiters: 2 });
    const release = await holdConnections(t, poolSize(t) + 2);
    const shed = await get(t, SOME_LISTING);
    expect(shed.statusCode).toBe(503);
    expect(shed.json()).toEqual(BUSY_BODY);
    expect(shed.headers['retry-after']).toBe('3');
    expect((await get(t, '/healthz')).json()).toEqual({ status: 'ok' });
    await release();
    expect((await get(t, SOME_LISTING)).statusCode).toBe(404);
    const ready = await get(t, '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', load: { shedding: false, dbWaiters: 0 } });
  });

  it('sheds once the caller waiting longest for a connection has waited past the limit', async () => {
    t = await appWithShedding({ dbWaitMs: 50 });
    const app = t;
    const release = await holdConnections(app, poolSize(app) + 1);
    await expect.poll(() => app.app.dbHandle.connections().oldestWaitMs, { timeout: 5000 }).toBeGreaterThan(50);
    const shed = await get(app, SOME_LISTING);
    expect(shed.statusCode).toBe(503);
    expect(shed.json()).toEqual(BUSY_BODY);
    const metrics = await app.app.metrics.registry.getSingleMetricAsString('db_connection_oldest_wait_seconds');
    expect(Number(/ ([\d.e-]+)$/m.exec(metrics)?.[1])).toBeGreaterThan(0.05);
    await release();
    expect(app.app.dbHandle.connections().oldestWaitMs).toBe(0);
    expect((await get(app, SOME_LISTING)).statusCode).toBe(404);
  });

  it('stores nothing of a write that was shed', async () => {
    t = await appWithShedding({ dbWaiters: 1 });
    const seller = await insertUser(t.app.db, { userName: 'ravi' });
    const buyer = await insertUser(t.app.db, { userName: 'meera' });
    const productId = await insertListing(t.app.db, { sellerId: seller.id, title: 'Table fan' });
    const cookie = await sessionCookieFor(t, buyer.id);
    const release = await holdConnections(t, poolSize(t) + 1);
    const shed = await conversationCalls(t).start(cookie, productId, 'Is the fan still there?');
    expect(shed.statusCode).toBe(503);
    expect(shed.json()).toEqual(BUSY_BODY);
    await release();
    expect(await t.app.db.select().from(conversations)).toEqual([]);
    expect(await t.app.db.select().from(conversationMessages)).toEqual([]);
    // Sent again once the rush is over, it is stored once.
    expect((await conversationCalls(t).start(cookie, productId, 'Is the fan still there?')).statusCode).toBe(201);
    expect(await t.app.db.select().from(conversationMessages)).toHaveLength(1);
  });

  it('answers in the server ahead of routing when too many API requests are in flight, never the health routes', async () => {
    t = await appWithShedding({ inFlight: 1 });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const release = await holdConnections(t, poolSize(t));
    // Admitted, this one waits for a connection: one request in flight.
    const first = fetch(`${base}${SOME_LISTING}`);
    await expect.poll(() => t!.app.loadShedder.pressure(t!.app.dbHandle).inFlight).toBe(1);
    // Answered while every connection is still held: no database work stands before a shed answer.
    const shed = await fetch(`${base}${SOME_LISTING}`);
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('3');
    expect(shed.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await shed.json()).toEqual(BUSY_BODY);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    await release();
    expect((await first).status).toBe(404);
    await expect.poll(async () => (await fetch(`${base}${SOME_LISTING}`)).status).toBe(404);
    const metrics = await t.app.metrics.registry.getSingleMetricAsString('http_requests_shed_total');
    expect(metrics).toMatch(/http_requests_shed_total\{reason="in-flight"\} 1/);
  });

  it('is off unless configured on the embedded database, and on by default with PostgreSQL', async () => {
    expect(loadConfig({}).loadShedding.enabled).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/campus' }).loadShedding).toMatchObject({
      enabled: true,
      eventLoopDelayMs: 300,
      turnMs: 40,
      dbWaiters: 200,
      dbWaitMs: 500,
      inFlight: 64,
      retryAfterSeconds: 3,
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/campus', LOAD_SHEDDING: 'false' }).loadShedding.enabled).toBe(false);
    expect(loadConfig({ LOAD_SHEDDING: 'true', SHED_DB_WAITERS: '8' }).loadShedding).toMatchObject({
      enabled: true,
      dbWaiters: 8,
    });
  });
});

describe('fairness', () => {
  it('keeps at most LIVE_STREAMS_PER_USER streams of one account open, closing the oldest', async () => {
    t = await createTestApp({ config: { liveStreamsPerUser: 2 } });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await insertUser(t.app.db, { userName: 'ravi' });
    const cookie = await sessionCookieFor(t, user.id);
    const streams = [];
    for (let index = 0; index < 3; index++) {
      const stream = await openSse(`${base}/api/v1/events`, { cookie });
      // The head arrives with the stream's first line, written once the stream is counted: in order.
      expect(stream.status).toBe(200);
      streams.push(stream);
    }
    try {
      await streams[0]!.end(2000);
      expect(streams[1]!.ended).toBe(false);
      expect(streams[2]!.ended).toBe(false);
      expect(t.app.live.size).toBe(2);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('refuses a live stream with 503 BUSY once the instance holds LIVE_STREAMS_PER_INSTANCE', async () => {
    t = await createTestApp({ config: { liveStreamsPerInstance: 1 } });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const first = await openSse(`${base}/api/v1/events`, { cookie: await sessionCookieFor(t, (await insertUser(t.app.db)).id) });
    try {
      expect(first.status).toBe(200);
      const refused = await fetch(`${base}/api/v1/events`, {
        headers: { cookie: await sessionCookieFor(t, (await insertUser(t.app.db)).id) },
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(await refused.json()).toEqual({ success: false, msg: siteMessages.liveBusy, code: 'BUSY' });
    } finally {
      first.close();
    }
  });

  it('refuses a second upload of one account while its first is still being sent (429), and takes it after', async () => {
    t = await createTestApp({ config: { uploadsPerUser: 1 } });
    const app = t;
    const base = new URL(await app.app.listen({ port: 0, host: '127.0.0.1' }));
    const seller = await insertUser(app.app.db, { userName: 'ravi' });
    const cookie = await sessionCookieFor(app, seller.id);
    // An upload whose body arrives slowly: its headers are sent, its photos not yet.
    const boundary = 'slow-upload';
    const slow = http.request({
      host: base.hostname,
      port: base.port,
      method: 'POST',
      path: '/api/v1/products/createProduct',
      headers: {
        cookie,
        origin: app.config.publicUrl,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': '100000',
      },
    });
    slow.on('error', () => {});
    slow.write(`--${boundary}\r\ncontent-disposition: form-data; name="title"\r\n\r\nDesk\r\n`);
    await expect.poll(() => app.app.uploadSlots.size, { timeout: 5000 }).toBe(1);

    const refused = await app.app.inject({
      method: 'POST',
      url: '/api/v1/products/createProduct',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}--\r\n`,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, msg: siteMessages.uploadsBusy(1), code: 'RATE_LIMITED' });
    expect(refused.headers['retry-after']).toBe('5');

    // Another account is not held back by this one.
    const other = await sessionCookieFor(app, (await insertUser(app.app.db, { userName: 'meera' })).id);
    const theirs = await app.app.inject({
      method: 'POST',
      url: '/api/v1/products/createProduct',
      headers: { cookie: other, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}--\r\n`,
    });
    expect(theirs.statusCode).not.toBe(429);

    slow.destroy();
    await expect.poll(() => app.app.uploadSlots.size, { timeout: 5000 }).toBe(0);
  });
});
