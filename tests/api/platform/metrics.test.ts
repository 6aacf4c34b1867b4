import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '#server/mail/mailer.ts';
import { appMetricsSource, listenForMetrics } from '#server/metrics/metrics.ts';
import { post } from '../auth/auth-helpers.ts';
import { insertUser } from '../../support/factories.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';

const TOKEN = 'metrics-token-for-the-tests';
/** A mail server that refuses these addresses for good. */
const refused = new Set<string>();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    config: { metricsToken: TOKEN },
    mailer: {
      isDevOutbox: false,
      async send(mail: MailMessage) {
        if (refused.has(mail.to)) throw Object.assign(new Error('550 5.1.1 mailbox unavailable'), { permanent: true });
      },
    },
  });
});
afterAll(() => t.close());

const scrape = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one series of the exposition text, e.g. value(text, 'x_total', { kind: 'a' }). */
function value(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, wanted]) => got[key] === wanted)) return Number(match[3]);
  }
  return undefined;
}

describe('/metrics', () => {
  it('is refused without the bearer token, or with another', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-the-same-len', `Basic ${TOKEN}`]) {
      const response = await scrape(authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    }
  });

  it('does not exist when no token is configured', async () => {
    const other = await createTestApp();
    try {
      const response = await other.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('times requests per route pattern and status, never per raw address', async () => {
    const id = randomUUID();
    await t.app.inject({ method: 'GET', url: `/api/v1/products/${id}` });
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    expect(
      value(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/v1/products/:id', status_code: '404' }),
    ).toBe(1);
    expect(text).not.toContain(id);
  });

  it('reports the database connections, the process and the event loop', async () => {
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(value(text, 'db_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    // Reported, whatever it is at this moment: the job workers' first polls can queue for a
    // connection on a busy machine (a clean-clone CI run of 27 Nov scraped 2 waiting).
    expect(value(text, 'db_connections', { state: 'waiting' })).toBeGreaterThanOrEqual(0);
    expect(value(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(value(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'job_workers_stuck')).toBe(0);
  });

  it('counts session lookups answered by the cache and by the database, and the entries held', async () => {
    const cookie = await sessionCookieFor(t, (await insertUser(t.app.db)).id);
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/v1/auth/check-auth', headers: { cookie } });
    const after = (await scrape(`Bearer ${TOKEN}`)).body;
    const grew = (source: string) =>
      value(after, 'session_lookups_total', { source })! - (value(before, 'session_lookups_total', { source }) ?? 0);
    expect([grew('database'), grew('cache')]).toEqual([1, 2]);
    expect(value(after, 'session_cache_entries')).toBeGreaterThanOrEqual(1);
  });

  it('counts listing answers sent from the cache and computed', async () => {
    const cookie = await sessionCookieFor(t, (await insertUser(t.app.db)).id);
    const url = `/api/v1/products?q=metrics${randomUUID().slice(0, 8)}`;
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(200);
    const after = (await scrape(`Bearer ${TOKEN}`)).body;
    const grew = (source: string) =>
      value(after, 'listing_answers_total', { source })! - (value(before, 'listing_answers_total', { source }) ?? 0);
    expect([grew('computed'), grew('cache')]).toEqual([1, 2]);
  });

  it('counts mails sent and failed, and job runs and failures by kind', async () => {
    const sentTo = `sent-${randomUUID().slice(0, 8)}@example.edu`;
    const refusedTo = `refused-${randomUUID().slice(0, 8)}@example.edu`;
    refused.add(refusedTo);
    expect((await post(t, 'send-code', { email: sentTo })).statusCode).toBe(200);
    expect((await post(t, 'send-code', { email: refusedTo })).statusCode).toBe(200);
    await t.drainJobs();

    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(value(text, 'mail_deliveries_total', { outcome: 'sent', final: 'true' })).toBe(1);
    expect(value(text, 'mail_deliveries_total', { outcome: 'failed', final: 'true' })).toBe(1);
    expect(value(text, 'job_runs_total', { kind: 'mail.deliver', outcome: 'completed' })).toBe(1);
    expect(value(text, 'job_runs_total', { kind: 'mail.deliver', outcome: 'failed' })).toBe(1);
    expect(value(text, 'job_queue_jobs', { kind: 'mail.deliver', state: 'failed' })).toBe(1);
    expect(value(text, 'job_queue_jobs', { kind: 'mail.deliver', state: 'queued' })).toBe(0);
  });

  it('can be served on a port of its own', async () => {
    const server = await listenForMetrics(appMetricsSource(t.app), 0, '127.0.0.1');
    try {
      const { port } = server.address() as AddressInfo;
      const url = `http://127.0.0.1:${port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const scraped = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('http_request_duration_seconds');
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/site`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
