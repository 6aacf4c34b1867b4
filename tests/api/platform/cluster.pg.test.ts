import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from '#server/db/client.ts';
import { MIGRATIONS_FOLDER } from '#server/db/migrate.ts';
import { products } from '#server/db/schema/index.ts';
import { ensureWebBuild } from '../../../scripts/ensure-build.mjs';
import { childPids, isAlive } from '../../../scripts/bench/process-tree.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type ServerProcess, startServerProcess } from '../../support/server-process.ts';
import { databaseUrlFor, withAdminClient } from '../../support/test-database.ts';

/**
 * Issue 25: `npm start` with WEB_CONCURRENCY=2 on PostgreSQL — the compiled server as a cluster of
 * two workers on one port, started on an empty database. Runs in the PostgreSQL pass only.
 */
const serverUrl = process.env.TEST_DATABASE_URL!;
const databaseName = `cm_cluster_${randomBytes(4).toString('hex')}`;
const databaseUrl = databaseUrlFor(serverUrl, databaseName);
const METRICS_TOKEN = 'cluster-test-metrics-token';
let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  expect(inject('postgresTemplateDb')).toBeDefined();
  await withAdminClient(serverUrl, (client) => client.query(`create database ${databaseName}`));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-cluster-'));
  // The workers serve the built web app, as `npm start` builds it first (a fresh clone has none yet).
  ensureWebBuild();
  server = await startServerProcess({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    WEB_CONCURRENCY: '2',
    // Each answered request is logged with the pid of the worker that answered it.
    LOG_LEVEL: 'info',
    METRICS_TOKEN,
    NODE_ENV: 'test',
  });
}, 240_000);

afterAll(async () => {
  await server?.stop('SIGTERM');
  await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${databaseName} with (force)`));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * One request; on a connection of its own unless an agent is given (node:cluster hands each new
 * connection to the next worker, a keep-alive connection stays with its worker).
 */
function request(
  method: string,
  url: string,
  options: { agent?: http.Agent; json?: unknown } = {},
): Promise<Answer & { id: string }> {
  const id = randomUUID();
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      `${server.url}${url}`,
      {
        method,
        agent: options.agent ?? false,
        headers: {
          'x-request-id': id,
          origin: server.url,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ id, status: response.statusCode!, body: text, headers: response.headers }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

interface LogEntry {
  pid?: number;
  reqId?: string;
  msg?: string;
}

/** The server's log lines so far (pino writes each with the pid of the process that wrote it). */
function logEntries(): LogEntry[] {
  return server
    .fullOutput()
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LogEntry];
      } catch {
        return [];
      }
    });
}

/** The pid of the worker that answered the request with this id (its log line). */
async function answeredBy(requestId: string): Promise<number> {
  const find = () => logEntries().find((entry) => entry.reqId === requestId && entry.msg === 'request')?.pid;
  await expect.poll(find, { timeout: 5000, interval: 50 }).toBeDefined();
  return find()!;
}

/** Keep-alive clients, one per worker: each stays on the worker its connection was handed to. */
async function oneClientPerWorker(): Promise<Map<number, http.Agent>> {
  const clients = new Map<number, http.Agent>();
  for (let attempt = 0; attempt < 20 && clients.size < 2; attempt++) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const probe = await request('GET', '/api/v1/site', { agent });
    expect(probe.status).toBe(200);
    const pid = await answeredBy(probe.id);
    if (clients.has(pid)) agent.destroy();
    else clients.set(pid, agent);
  }
  return clients;
}

/** The listing answers counted over both workers (/metrics): sent from the cache or computed, and handed between them. */
async function listingCounts() {
  const text = await new Promise<string>((resolve, reject) => {
    http
      .get(`${server.url}/metrics`, { agent: false, headers: { authorization: `Bearer ${METRICS_TOKEN}` } }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
  const count = (metric: string, source: string) =>
    Number(new RegExp(`^${metric}\\{source="${source}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  return {
    answers: { cache: count('listing_answers_total', 'cache'), computed: count('listing_answers_total', 'computed') },
    shared: {
      stored: count('listing_answers_shared_total', 'stored'),
      refused: count('listing_answers_shared_total', 'refused'),
    },
  };
}

function workerPids(): number[] {
  return childPids(server.pid).sort();
}

describe('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  it('runs a primary that migrated the empty database once and two workers', async () => {
    expect(workerPids()).toHaveLength(2);
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const times = await withAdminClient(databaseUrl, async (client) => {
      const { rows } = await client.query<{ times: number }>(
        'select count(*)::int as times from drizzle.__drizzle_migrations group by hash',
      );
      return rows.map((row) => row.times);
    });
    expect(times).toHaveLength(journal.entries.length);
    expect(times.every((each) => each === 1)).toBe(true);
  });

  it('answers from both workers on the one port', async () => {
    // The kernel hands each new connection to whichever worker takes it first (SCHED_NONE): on a
    // busy machine one worker can take several in a row, so ask until both have answered.
    const pids = new Set<number>();
    for (let attempt = 0; attempt < 40 && pids.size < 2; attempt++) {
      const answer = await request('GET', '/api/v1/site');
      expect(answer.status).toBe(200);
      pids.add(await answeredBy(answer.id));
    }
    expect([...pids].sort()).toEqual(workerPids());
    // The built web app is served from the compiled server's location too.
    const page = await request('GET', '/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });

  it('counts a rate limit across the workers', async () => {
    const clients = await oneClientPerWorker();
    expect(clients.size).toBe(2);
    const [[firstPid, first], [secondPid, second]] = [...clients] as [[number, http.Agent], [number, http.Agent]];
    const email = `limits-${randomBytes(3).toString('hex')}@campus.edu`;
    try {
      const sent = await request('POST', '/api/v1/auth/send-code', { agent: first, json: { email } });
      expect(sent.status).toBe(200);
      expect(await answeredBy(sent.id)).toBe(firstPid);
      // A new code at most once a minute per address, whichever worker is asked.
      const again = await request('POST', '/api/v1/auth/send-code', { agent: second, json: { email } });
      expect(again.status).toBe(429);
      expect(await answeredBy(again.id)).toBe(secondPid);
      expect(JSON.parse(again.body)).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      for (const agent of clients.values()) agent.destroy();
    }
  });

  it('serves /metrics as the sum over both workers, whichever answers', async () => {
    for (let i = 0; i < 2; i++) {
      const answer = await new Promise<Answer>((resolve, reject) => {
        http
          .get(`${server.url}/metrics`, { agent: false, headers: { authorization: `Bearer ${METRICS_TOKEN}` } }, (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode!, body: text, headers: response.headers }));
          })
          .on('error', reject);
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatch(/^cluster_workers 2$/m);
      // Each worker keeps a pool: the total is both pools'.
      expect(answer.body).toMatch(/^db_connections\{state="total"\} \d+$/m);
    }
  });

  it("serves a listing answer one worker computed from the other's cache, and never once it is stale", async () => {
    const database = await openDatabase({ databaseUrl });
    const clients = await oneClientPerWorker();
    try {
      const seller = await insertUser(database.db, { userName: 'cluster-seller' });
      const id = await insertListing(database.db, { sellerId: seller.id, title: 'Cluster kettle' });
      const [[, first], [, second]] = [...clients] as [[number, http.Agent], [number, http.Agent]];
      const read = async (agent: http.Agent) => {
        const answer = await request('GET', `/api/v1/products/${id}`, { agent });
        expect(answer.status).toBe(200);
        return answer.body;
      };
      // Read through the first worker until the second has stored its answer: an answer read before
      // the insert's notice reached the second worker is refused there, and read again once it has.
      const { shared } = await listingCounts();
      await expect
        .poll(
          async () => {
            await read(first);
            return (await listingCounts()).shared.stored;
          },
          { timeout: 10_000 },
        )
        .toBeGreaterThan(shared.stored);
      const before = await listingCounts();
      const body = await read(second);
      const after = await listingCounts();
      expect(after.answers).toEqual({ computed: before.answers.computed, cache: before.answers.cache + 1 });
      expect(body).toBe(await read(first));
      expect((JSON.parse(body) as { product: { title: string } }).product.title).toBe('Cluster kettle');

      // A change reaches both workers' caches, whichever computed the answer.
      await database.db.update(products).set({ title: 'Cluster teapot' }).where(eq(products.id, id));
      for (const agent of [second, first]) {
        await expect
          .poll(async () => (JSON.parse(await read(agent)) as { product: { title: string } }).product.title)
          .toBe('Cluster teapot');
      }
    } finally {
      for (const agent of clients.values()) agent.destroy();
      await database.close();
    }
  });

  it('replaces a worker that dies, and the port keeps answering meanwhile', async () => {
    const [victim, survivor] = workerPids();
    process.kill(victim!, 'SIGKILL');
    await expect
      .poll(() => server.fullOutput().includes('a worker died: starting another in 1000 ms'), { timeout: 5000 })
      .toBe(true);
    for (let i = 0; i < 4; i++) expect((await request('GET', '/api/v1/site')).status).toBe(200);
    await expect.poll(() => workerPids().length, { timeout: 30_000, interval: 200 }).toBe(2);
    const replacement = workerPids().find((pid) => pid !== survivor)!;
    expect(replacement).not.toBe(victim);
    // The replacement takes connections once it listens.
    await expect
      .poll(
        async () => {
          const answer = await request('GET', '/api/v1/site');
          return answer.status === 200 && (await answeredBy(answer.id)) === replacement;
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe(true);
  }, 60_000);

  it('stops every worker gracefully on SIGTERM and exits 0', async () => {
    const workers = workerPids();
    expect(workers).toHaveLength(2);
    const started = Date.now();
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    for (const pid of workers) expect(isAlive(pid)).toBe(false);
    // Each worker shut down gracefully (app.close()), none was killed.
    const entries = logEntries();
    for (const pid of workers) {
      expect(entries).toContainEqual(
        expect.objectContaining({ pid, msg: 'shutting down: finishing in-flight requests and jobs' }),
      );
    }
    expect(entries).toContainEqual(expect.objectContaining({ pid: server.pid, msg: 'all workers have stopped' }));
  });
});
