/**
 * npm run bench:start [-- --runs 3 --load-seconds 10 --connections 20 --modes tsx,compiled:1,compiled:2 --root DIR]
 *
 * What starting the server costs, per way of running it (issue 25), on the PostgreSQL of
 * DATABASE_URL (required: a cluster needs it; migrated and given the demo catalogue here when
 * empty, with its photos in a temporary DATA_DIR):
 *  - start time: from spawning the process to the first 200 on /healthz;
 *  - resident memory: the RSS of the process and all its descendants (a cluster's primary and
 *    workers), summed, 3 s after /readyz first answers 200, and again right after a short load
 *    (autocannon: a signed-in student's product list, a product's details and /api/v1/site in
 *    turn, for --load-seconds on --connections connections). RSS counts the pages the processes
 *    share (the node binary, libraries) once per process; PSS, also printed, splits them, so its
 *    sum is what the processes together take from the machine.
 *
 * Modes: `tsx` runs `node --import tsx src/server/main.ts` (how `npm start` ran before issue 25),
 * `compiled:N` runs `node --enable-source-maps dist/server/main.js` with WEB_CONCURRENCY=N (built
 * first when stale). Runs alternate between modes, and each figure is the median of the runs.
 * --root runs the `tsx` mode from another checkout (e.g. an export of an earlier commit with this
 * one's node_modules and dist/web linked in), to measure what was there before.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type Request } from 'autocannon';
import { asc, eq } from 'drizzle-orm';
import { createSession } from '#server/auth/sessions.ts';
import { sessionCookieName } from '#server/auth/session-cookie.ts';
import { systemClock } from '#server/clock.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { products, users } from '#server/db/schema/index.ts';
import { isDatabaseEmpty, seedDemoCatalogue } from '#server/seed/seed-catalogue.ts';
import { createLocalStorage } from '#server/storage/storage.ts';
import { ensureServerBuild, ensureWebBuild } from './ensure-build.mjs';
import { treePssBytes, treeRssBytes } from './bench/process-tree.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

function options() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      'load-seconds': { type: 'string', default: '10' },
      connections: { type: 'string', default: '20' },
      modes: { type: 'string', default: 'tsx,compiled:1,compiled:2' },
      root: { type: 'string' },
      port: { type: 'string', default: '3970' },
    },
  });
  return {
    runs: Number(values.runs),
    loadSeconds: Number(values['load-seconds']),
    connections: Number(values.connections),
    modes: values.modes.split(',').map((mode) => mode.trim()),
    tsxRoot: values.root ? path.resolve(values.root) : root,
    port: Number(values.port),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function status(url: string): Promise<number> {
  return new Promise((resolve) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on('error', () => resolve(0));
  });
}

function commandOf(mode: string, tsxRoot: string): { cwd: string; args: string[]; workers: string } {
  if (mode === 'tsx') return { cwd: tsxRoot, args: ['--import', 'tsx', 'src/server/main.ts'], workers: '1' };
  const compiled = /^compiled:(\d+)$/.exec(mode);
  if (!compiled) throw new Error(`unknown mode ${mode}: tsx or compiled:N`);
  return { cwd: root, args: ['--enable-source-maps', 'dist/server/main.js'], workers: compiled[1]! };
}

interface RunResult {
  startMs: number;
  rssAfterStart: number;
  rssAfterLoad: number;
  pssAfterStart: number;
  pssAfterLoad: number;
  processes: number;
  requestsPerSecond: number;
  non2xx: number;
}

async function run(mode: string, env: Record<string, string>, requests: Request[], opts: ReturnType<typeof options>) {
  const { cwd, args, workers } = commandOf(mode, opts.tsxRoot);
  const url = `http://127.0.0.1:${opts.port}`;
  const spawned = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, WEB_CONCURRENCY: workers },
  });
  try {
    let startMs = 0;
    for (let attempt = 0; attempt < 6000 && !startMs; attempt++) {
      if (child.exitCode !== null) throw new Error(`${mode} exited with code ${child.exitCode}`);
      if ((await status(`${url}/healthz`)) === 200) startMs = performance.now() - spawned;
      else await sleep(10);
    }
    if (!startMs) throw new Error(`${mode} did not answer /healthz within a minute`);
    while ((await status(`${url}/readyz`)) !== 200) await sleep(50);
    await sleep(3000);
    const rssAfterStart = treeRssBytes(child.pid!);
    const pssAfterStart = treePssBytes(child.pid!);
    const result = await autocannon({ url, connections: opts.connections, duration: opts.loadSeconds, requests });
    const rssAfterLoad = treeRssBytes(child.pid!);
    const pssAfterLoad = treePssBytes(child.pid!);
    const processes = Number(workers) > 1 ? Number(workers) + 1 : 1;
    return {
      startMs,
      rssAfterStart,
      rssAfterLoad,
      pssAfterStart,
      pssAfterLoad,
      processes,
      requestsPerSecond: result.requests.average,
      non2xx: result.non2xx,
    } satisfies RunResult;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

async function main() {
  const opts = options();
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl)
    throw new Error(
      'Set DATABASE_URL to a PostgreSQL database (a cluster needs one), e.g. postgres://postgres@127.0.0.1:5432/bench',
    );
  ensureWebBuild();
  if (opts.modes.some((mode) => mode.startsWith('compiled'))) ensureServerBuild();

  const dataDir = fs.mkdtempSync(path.join(tmpdir(), 'cm-bench-start-'));
  const siteUrl = `http://127.0.0.1:${opts.port}`;
  const database = await openDatabase({ databaseUrl });
  let cookie: string;
  let productId: string;
  try {
    await migrateDatabase(database, databaseUrl);
    if (await isDatabaseEmpty(database.db)) {
      const storage = createLocalStorage(path.join(dataDir, 'uploads'), siteUrl);
      await seedDemoCatalogue({ db: database.db, storage, progress: () => {} });
    }
    const [student] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.isAdmin, false))
      .orderBy(asc(users.email))
      .limit(1);
    const [product] = await database.db.select({ id: products.id }).from(products).limit(1);
    if (!student || !product) throw new Error('the database has no student or no listing');
    const token = await createSession(database.db, systemClock, student.id, 'bench:start');
    cookie = `${sessionCookieName(loadConfig({ PUBLIC_URL: siteUrl }))}=${token}`;
    productId = product.id;
  } finally {
    await database.close();
  }

  const env = {
    NODE_ENV: 'production',
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: siteUrl,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
    // The load comes from one address and one account: no limit is what is measured here.
    LOAD_SHEDDING: 'false',
  };
  const requests: Request[] = [
    { method: 'GET', path: '/api/v1/products?page=1', headers: { cookie } },
    { method: 'GET', path: `/api/v1/products/${productId}`, headers: { cookie } },
    { method: 'GET', path: '/api/v1/site' },
  ];

  const loadBefore = load();
  const results = new Map<string, RunResult[]>(opts.modes.map((mode) => [mode, []]));
  for (let round = 0; round < opts.runs; round++) {
    for (const mode of opts.modes) {
      const result = await run(mode, env, requests, opts);
      results.get(mode)!.push(result);
      console.info(
        `${mode} run ${round + 1}: start ${Math.round(result.startMs)} ms, RSS ${mb(result.rssAfterStart)} → ${mb(result.rssAfterLoad)} after load (PSS ${mb(result.pssAfterStart)} → ${mb(result.pssAfterLoad)}), ${Math.round(result.requestsPerSecond)} req/s${result.non2xx ? `, ${result.non2xx} non-2xx` : ''}`,
      );
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });

  console.info(
    `\nMedians of ${opts.runs} runs; load ${opts.connections} connections for ${opts.loadSeconds} s; load average before ${loadBefore}, after ${load()}\n`,
  );
  console.info(
    '| mode | processes | start → first 200 /healthz | RSS after start | RSS after load | PSS after start | PSS after load | req/s under load |',
  );
  console.info('|---|---|---|---|---|---|---|---|');
  for (const [mode, runs] of results) {
    const figure = (pick: (run: RunResult) => number) => median(runs.map(pick));
    console.info(
      `| ${mode} | ${runs[0]!.processes} | ${Math.round(figure((run) => run.startMs))} ms | ${mb(figure((run) => run.rssAfterStart))} | ${mb(figure((run) => run.rssAfterLoad))} | ${mb(figure((run) => run.pssAfterStart))} | ${mb(figure((run) => run.pssAfterLoad))} | ${Math.round(figure((run) => run.requestsPerSecond))} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
