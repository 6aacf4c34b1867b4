/**
 * npm run bench:mix  [-- --seconds 15 --warmup 5 --connections 50 --writes 0,2 --workers N --prices bands|any]
 * npm run bench:rush [-- --seconds 15 --rush 50,400,1000]
 * either with --cpu-prof DIR: each app process's CPU profile of each measured run, DIR/<pid>-<run>.cpuprofile
 * either with --log-level info: the app logs as `npm start` does by default (a line per request, its
 * stdout written to a file in the temporary directory, as a deployment's log would be); default warn
 *
 * Load-tests the app as `npm start` runs it, on the seeded catalogue (seed first: `npm run seed --
 * --products 100000`; DATABASE_URL or DATA_DIR as for the server), with the varied workload of
 * scripts/bench/workload.ts: signed-in students listing, searching, filtering, opening details and
 * Home, and (with --writes) a share of wishlist, buy-request and message writes.
 *
 * --prices any filters by price ranges typed by hand, each new, instead of seven preset bands: no
 * filter's counts or pages come from the cache.
 *
 * Beside each run, the same load on a bare `node:http` server in its own process that answers each
 * kind of request with the bytes the app answered to one of that kind: the hardware's limit.
 * Printed per run: requests/s, p50 and p99, the app's CPU time and heap bytes allocated per request
 * (summed over its processes, measured inside them by scripts/bench/measure-hook.mjs), each
 * process's event-loop delay and garbage-collection pauses, non-2xx answers by status, and the
 * machine's load average.
 *
 * --rush runs the varied reads at each number of connections given and separates the answers that
 * were served from those shed (503): served req/s and p50/p99, shed count and shed p99, socket errors
 * and timeouts, the slowest /healthz answer during the run, and afterwards the time until a light
 * load sees its normal p99 again and the app's memory. Beside each level, the same load on the bare
 * server: its p99, its slowest answer on a new connection (the floor for /healthz) and its p99 when
 * it answers everything with the busy 503 (the floor for a shed answer).
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import hdr from 'hdr-histogram-js';
import { sessionCookieName } from '#server/auth/session-cookie.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import {
  type RequestKind,
  READ_KINDS,
  WRITE_KINDS,
  autocannonRequests,
  createPlanner,
  prepareWorkload,
} from './bench/workload.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

function options() {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '15' },
      warmup: { type: 'string', default: '5' },
      connections: { type: 'string', default: '50' },
      writes: { type: 'string', default: '0,2' },
      workers: { type: 'string' },
      rush: { type: 'string' },
      'price-filter': { type: 'string', default: 'auto' },
      prices: { type: 'string', default: 'bands' },
      seed: { type: 'string', default: '1' },
      'cpu-prof': { type: 'string' },
      'log-level': { type: 'string', default: 'warn' },
    },
  });
  return {
    seconds: Number(values.seconds),
    warmup: Number(values.warmup),
    connections: Number(values.connections),
    writeShares: values.writes.split(',').map((percent) => Number(percent) / 100),
    workers: values.workers,
    rush: values.rush ? values.rush.split(',').map(Number) : undefined,
    priceFilter: values['price-filter'] as 'auto' | 'on' | 'off',
    priceRanges: pricesOption(values.prices),
    seed: Number(values.seed),
    cpuProfileDir: values['cpu-prof'] ? path.resolve(values['cpu-prof']) : undefined,
    logLevel: values['log-level'],
  };
}

function pricesOption(value: string): 'bands' | 'any' {
  if (value !== 'bands' && value !== 'any') throw new Error(`--prices is bands or any, not ${value}`);
  return value;
}

const loadAverage = () => loadavg()[0]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The app's /metrics, read for the listing cache's hit rate. */
const METRICS_TOKEN = 'bench-mix-metrics-token';

/**
 * Listing answers the app has sent so far, from its cache and computed, and those its workers
 * handed each other and stored or refused (summed over its workers).
 */
async function listingAnswers(appUrl: string) {
  const response = await fetch(`${appUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.text();
  const count = (metric: string, source: string) =>
    Number(new RegExp(`^${metric}\\{source="${source}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  return {
    cache: count('listing_answers_total', 'cache'),
    computed: count('listing_answers_total', 'computed'),
    sharedStored: count('listing_answers_shared_total', 'stored'),
    sharedRefused: count('listing_answers_shared_total', 'refused'),
  };
}

function get(url: string, cookie?: string): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: cookie ? { cookie } : {}, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString(), ms: performance.now() - started }),
      );
    });
    request.on('error', reject);
  });
}

/** The app as `npm start` runs it, with the measuring hook in each of its processes. */
async function startApp(port: number, measureDir: string, opts: ReturnType<typeof options>) {
  const { workers, cpuProfileDir, logLevel } = opts;
  const hook = path.join(root, 'scripts/bench/measure-hook.mjs');
  // Request lines (info and below) go to a file beside the measurements, not to the terminal.
  const quiet = ['warn', 'error', 'fatal', 'silent'].includes(logLevel);
  const stdout = quiet ? 'inherit' : fs.openSync(`${measureDir}.log`, 'a');
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    stdio: ['ignore', stdout, 'inherit'],
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: logLevel,
      DEMO_DATA: 'false',
      NODE_ENV: 'production',
      METRICS_TOKEN,
      BENCH_MEASURE_DIR: measureDir,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${hook}`.trim(),
      ...(workers ? { WEB_CONCURRENCY: workers } : {}),
      ...(cpuProfileDir ? { BENCH_CPU_PROFILE_DIR: cpuProfileDir } : {}),
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}`);
    const ready = await get(`${url}/readyz`).catch(() => undefined);
    if (ready?.status === 200) return { child, url };
    await sleep(250);
  }
  throw new Error('the app did not become ready within 150 s');
}

/** Node processes of the app's tree that carry the measuring hook (npm itself included: it idles). */
function measuredPids(rootPid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const tree: number[] = [];
  const walk = (pid: number) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) walk(child);
  };
  walk(rootPid);
  return tree.filter((pid) => {
    try {
      return (
        fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('node') &&
        fs.readFileSync(`/proc/${pid}/environ`, 'utf8').includes('BENCH_MEASURE_DIR=')
      );
    } catch {
      return false;
    }
  });
}

/** What one process reports of a run (scripts/bench/measure-hook.mjs). */
interface ProcessReport {
  cpuMicros: number;
  allocatedBytes: number;
  rss: number;
  /** How late a 1 ms timer ran: how long the event loop was kept from its next turn. */
  loopDelayMs: { p50: number; p99: number; max: number };
  /** Pauses by V8's kind of collection. */
  gc: Record<string, { count: number; totalMs: number; maxMs: number }>;
}

interface Cost {
  cpuMicros: number;
  allocatedBytes: number;
  rss: number;
  processes: ProcessReport[];
}

const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));

/**
 * Each process's event loop and collector during a run, the busiest first (the workers; the
 * primary of a cluster last): where an answer's wait comes from when the p99 is far above the p50.
 */
function describeProcesses(processes: readonly ProcessReport[], indent: string): string {
  return [...processes]
    .sort((a, b) => b.cpuMicros - a.cpuMicros)
    .map(({ loopDelayMs: delay, gc }) => {
      const collections = Object.entries(gc)
        .filter(([, kind]) => kind.count > 0)
        .map(([name, kind]) => `${name} ${kind.count}× ${ms(kind.totalMs)} ms (longest ${ms(kind.maxMs)})`)
        .join(', ');
      return `loop delay p50 ${ms(delay.p50)} / p99 ${ms(delay.p99)} / max ${ms(delay.max)} ms; GC ${collections || 'none'}`;
    })
    .join(`\n${indent}`);
}

/** Runs `work` between two SIGUSR2 toggles of every measured process and sums what they report. */
async function measuredRun<T>(app: ChildProcess, measureDir: string, work: () => Promise<T>): Promise<{ value: T; cost: Cost }> {
  const pids = measuredPids(app.pid!);
  for (const file of fs.readdirSync(measureDir)) fs.rmSync(path.join(measureDir, file));
  for (const pid of pids) process.kill(pid, 'SIGUSR2');
  const value = await work();
  for (const pid of pids) process.kill(pid, 'SIGUSR2');
  const reportFiles = () => fs.readdirSync(measureDir).filter((file) => file.endsWith('.json'));
  for (let attempt = 0; attempt < 100 && reportFiles().length < pids.length; attempt++) await sleep(20);
  const reports = reportFiles().map((file) => JSON.parse(fs.readFileSync(path.join(measureDir, file), 'utf8')) as ProcessReport);
  const total = (field: 'cpuMicros' | 'allocatedBytes' | 'rss') => reports.reduce((sum, report) => sum + report[field], 0);
  const cost = { cpuMicros: total('cpuMicros'), allocatedBytes: total('allocatedBytes'), rss: total('rss'), processes: reports };
  return { value, cost };
}

function startBare(): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(path.join(root, 'scripts/bench/bare-server.ts'), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { url: string }) => resolve({ child, url: message.url }));
    child.once('exit', (code) => reject(new Error(`the bare server exited with code ${code}`)));
  });
}

/** One answer of each kind from the app: the bytes the bare server answers with. */
async function sampleBodies(appUrl: string, plan: ReturnType<typeof createPlanner>): Promise<Record<string, string>> {
  const bodies: Record<string, string> = {};
  const wanted = new Set<RequestKind>([...READ_KINDS, ...WRITE_KINDS]);
  for (let attempt = 0; attempt < 10_000 && wanted.size > 0; attempt++) {
    const planned = attempt % 10 === 9 ? plan.write(undefined) : plan.read();
    if (!wanted.has(planned.kind)) continue;
    const response = await fetch(`${appUrl}${planned.path}`, {
      method: planned.method,
      headers: { cookie: planned.cookie, ...(planned.body ? { 'content-type': 'application/json' } : {}) },
      body: planned.body,
    });
    if (response.ok) {
      bodies[planned.kind] = await response.text();
      wanted.delete(planned.kind);
    }
  }
  return bodies;
}

interface RunFigures {
  result: Result;
  served: hdr.Histogram;
  shed: hdr.Histogram;
  statuses: Record<string, number>;
}

async function load(url: string, requests: ReturnType<typeof autocannonRequests>, seconds: number, connections: number) {
  const served = hdr.build();
  const shed = hdr.build();
  const statuses: Record<string, number> = {};
  const instance = autocannon({ url, connections, duration: seconds, requests, timeout: 10 });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    (statusCode === 503 ? shed : served).recordValue(Math.max(1, Math.round(responseTime)));
  });
  const result = await instance;
  return { result, served, shed, statuses } satisfies RunFigures;
}

/** The app's answers by kind of request, as the client timed them: which kinds make the tail. */
class AnswersByKind {
  private readonly histograms = new Map<RequestKind, hdr.Histogram>();

  readonly time = (kind: RequestKind, ms: number) => {
    let histogram = this.histograms.get(kind);
    if (!histogram) this.histograms.set(kind, (histogram = hdr.build()));
    histogram.recordValue(Math.max(1, Math.round(ms)));
  };

  /** `kind n p50/p99 ms` for each kind asked, reads first. */
  describe(): string {
    return [...READ_KINDS, ...WRITE_KINDS]
      .flatMap((kind) => {
        const histogram = this.histograms.get(kind);
        if (!histogram) return [];
        const p = (percentile: number) => histogram.getValueAtPercentile(percentile);
        return [`${kind} ${histogram.totalCount} ${p(50)}/${p(99)} ms`];
      })
      .join(' · ');
  }
}

const perRequest = (cost: Cost, requests: number) => ({
  cpuMicros: Math.round(cost.cpuMicros / Math.max(1, requests)),
  kilobytes: Math.round(cost.allocatedBytes / Math.max(1, requests) / 1024),
});

function describeStatuses(statuses: Record<string, number>): string {
  const other = Object.entries(statuses).filter(([status]) => !status.startsWith('2'));
  return other.length === 0 ? 'all 2xx' : other.map(([status, count]) => `${count} × ${status}`).join(', ');
}

async function mix(
  app: { child: ChildProcess; url: string },
  bareUrl: string,
  measureDir: string,
  opts: ReturnType<typeof options>,
  plan: (share: number) => ReturnType<typeof createPlanner>,
) {
  const rows: string[] = [];
  for (const share of opts.writeShares) {
    const label = share === 0 ? 'varied reads' : `varied, ${Math.round(share * 100)} % writes`;
    if (opts.warmup > 0) await load(app.url, autocannonRequests(plan(share), share, false), opts.warmup, opts.connections);
    const answersBefore = await listingAnswers(app.url);
    const byKind = new AnswersByKind();
    const real = await measuredRun(app.child, measureDir, () =>
      load(app.url, autocannonRequests(plan(share), share, false, byKind.time), opts.seconds, opts.connections),
    );
    const answersAfter = await listingAnswers(app.url);
    const bare = await load(bareUrl, autocannonRequests(plan(share), share, true), opts.seconds, opts.connections);
    const fromCache = answersAfter.cache - answersBefore.cache;
    const computed = answersAfter.computed - answersBefore.computed;
    const hitRate = (100 * fromCache) / Math.max(1, fromCache + computed);
    const load1 = loadAverage();
    const r = real.value.result;
    const cost = perRequest(real.cost, r.requests.total);
    const ratio = (100 * r.requests.average) / bare.result.requests.average;
    console.info(`${label}  (load average ${load1.toFixed(2)})`);
    console.info(
      `  app   ${Math.round(r.requests.average).toLocaleString('en').padStart(7)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  CPU ${cost.cpuMicros} µs/req  heap ${cost.kilobytes} KB/req  (${describeStatuses(real.value.statuses)})`,
    );
    console.info(
      `  bare  ${Math.round(bare.result.requests.average).toLocaleString('en').padStart(7)} req/s  p50 ${bare.result.latency.p50} ms  p99 ${bare.result.latency.p99} ms`,
    );
    console.info(`  ratio ${ratio.toFixed(0)} % of the bare server's throughput`);
    console.info(`  app by kind  ${byKind.describe()}`);
    const processLabel = '  app process  ';
    console.info(`${processLabel}${describeProcesses(real.cost.processes, ' '.repeat(processLabel.length))}`);
    const stored = answersAfter.sharedStored - answersBefore.sharedStored;
    const refused = answersAfter.sharedRefused - answersBefore.sharedRefused;
    const sharing = stored + refused > 0 ? `; handed between workers: ${stored} stored, ${refused} refused` : '';
    console.info(
      `  listing answers from the cache ${hitRate.toFixed(0)} % (${fromCache} of ${fromCache + computed})${sharing}\n`,
    );
    rows.push(
      `| ${label} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${cost.cpuMicros} | ${cost.kilobytes} | ${Math.round(bare.result.requests.average)} | ${bare.result.latency.p99} | ${ratio.toFixed(0)} % | ${hitRate.toFixed(0)} % | ${describeStatuses(real.value.statuses)} | ${load1.toFixed(1)} |`,
    );
  }
  console.info(
    '| workload | req/s | p50 ms | p99 ms | CPU µs/req | heap KB/req | bare req/s | bare p99 ms | vs bare | from cache | non-2xx | load avg |',
  );
  console.info('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|');
  for (const row of rows) console.info(row);
}

/**
 * Probes /healthz every 100 ms on a connection of its own while `work` runs, from a process of
 * its own (scripts/bench/health-probe.mjs): the slowest answer and the failures.
 */
async function whileProbingHealth<T>(
  appUrl: string,
  work: () => Promise<T>,
): Promise<{ value: T; slowestHealthMs: number; failures: number }> {
  const prober = fork(path.join(root, 'scripts/bench/health-probe.mjs'), [appUrl], { stdio: 'inherit' });
  const report = new Promise<{ slowestMs: number; failures: number }>((resolve, reject) => {
    prober.once('message', (message) => resolve(message as { slowestMs: number; failures: number }));
    prober.once('exit', (code) => reject(new Error(`the /healthz probe exited with code ${code}`)));
  });
  try {
    const value = await work();
    prober.send('stop');
    const { slowestMs, failures } = await report;
    return { value, slowestHealthMs: slowestMs, failures };
  } finally {
    // A run that failed must not leave the probe behind (its IPC channel would keep the bench alive).
    report.catch(() => {});
    if (prober.exitCode === null) prober.kill();
  }
}

/** Tells the bare server to answer every request as a shed one (503 busy), or as the app served it. */
async function setBareBusy(bare: ChildProcess, on: boolean) {
  bare.send({ type: 'busy', on });
  await new Promise((resolve) => bare.once('message', resolve));
}

/**
 * The same rush on the bare server, twice: answering the app's bytes (its p99, and the slowest
 * answer on a new connection, the floor for the app's /healthz), then answering every request with
 * the busy 503 (the floor for the app's shed answers). What the hardware and the load generator
 * allow at this number of connections, measured in the same run as the app.
 */
async function bareRush(
  bare: { child: ChildProcess; url: string },
  connections: number,
  seconds: number,
  plan: () => ReturnType<typeof createPlanner>,
) {
  const served = await whileProbingHealth(bare.url, () =>
    load(bare.url, autocannonRequests(plan(), 0, true), seconds, connections),
  );
  await setBareBusy(bare.child, true);
  const shed = await load(bare.url, autocannonRequests(plan(), 0, true), seconds, connections).finally(() =>
    setBareBusy(bare.child, false),
  );
  return {
    servedP99: served.value.served.getValueAtPercentile(99),
    slowestNewConnectionMs: served.slowestHealthMs,
    shedRate: Math.round(shed.shed.totalCount / seconds),
    shedP99: shed.shed.getValueAtPercentile(99),
  };
}

async function rush(
  app: { child: ChildProcess; url: string },
  bare: { child: ChildProcess; url: string },
  measureDir: string,
  opts: ReturnType<typeof options>,
  plan: (share: number) => ReturnType<typeof createPlanner>,
) {
  const levels = opts.rush ?? [50, 400, 1000];
  if (opts.warmup > 0) await load(app.url, autocannonRequests(plan(0), 0, false), opts.warmup, 50);
  // The normal p99 of a light load, to know when the app has recovered after each rush.
  const calm = await load(app.url, autocannonRequests(plan(0), 0, false), 5, 10);
  const calmP99 = calm.served.getValueAtPercentile(99);
  console.info(`light load (10 connections): p99 ${calmP99} ms; load average ${loadAverage().toFixed(2)}\n`);
  const rows: string[] = [];
  for (const connections of levels) {
    const run = await measuredRun(app.child, measureDir, () =>
      whileProbingHealth(app.url, () => load(app.url, autocannonRequests(plan(0), 0, false), opts.seconds, connections)),
    );
    const { result, served, shed, statuses } = run.value.value;
    const servedCount = served.totalCount;
    const shedCount = shed.totalCount;
    const servedRate = servedCount / opts.seconds;
    // Recovery: one-second windows of light load until the p99 is within 1.5× the calm p99 (at most 30 s).
    const recoveryStarted = Date.now();
    let recoveredAfterMs: number | undefined;
    for (let second = 0; second < 30; second++) {
      const window = await load(app.url, autocannonRequests(plan(0), 0, false), 1, 10);
      if (window.shed.totalCount === 0 && window.served.getValueAtPercentile(99) <= Math.max(calmP99 * 1.5, calmP99 + 5)) {
        recoveredAfterMs = Date.now() - recoveryStarted;
        break;
      }
    }
    const rssMb = Math.round(run.cost.rss / 1024 / 1024);
    const load1 = loadAverage();
    const floor = await bareRush(bare, connections, opts.seconds, () => plan(0));
    const line = {
      connections,
      servedRate: Math.round(servedRate),
      p50: served.getValueAtPercentile(50),
      p99: served.getValueAtPercentile(99),
      shedCount,
      shedP99: shedCount ? shed.getValueAtPercentile(99) : 0,
      errors: result.errors,
      timeouts: result.timeouts,
      health: run.value.slowestHealthMs,
      healthFailures: run.value.failures,
      recovered: recoveredAfterMs === undefined ? '> 30 s' : `${(recoveredAfterMs / 1000).toFixed(1)} s`,
      rssMb,
    };
    console.info(
      `${connections} connections (load average ${load1.toFixed(2)}): served ${line.servedRate} req/s, p50 ${line.p50} ms, p99 ${line.p99} ms; shed ${shedCount} (p99 ${line.shedP99} ms); ${result.errors} socket errors, ${result.timeouts} timeouts; slowest /healthz ${line.health} ms (${line.healthFailures} failed); back to normal after ${line.recovered}; app RSS ${rssMb} MB; ${describeStatuses(statuses)}`,
    );
    console.info(
      `  bare node:http at ${connections} connections: p99 ${floor.servedP99} ms, slowest answer on a new connection ${floor.slowestNewConnectionMs} ms; answering 503 busy to all: ${floor.shedRate} req/s, p99 ${floor.shedP99} ms`,
    );
    rows.push(
      `| ${connections} | ${line.servedRate} | ${line.p50} | ${line.p99} | ${shedCount} | ${line.shedP99} | ${result.errors} | ${result.timeouts} | ${line.health} | ${line.recovered} | ${rssMb} | ${floor.servedP99} | ${floor.slowestNewConnectionMs} | ${floor.shedP99} | ${load1.toFixed(1)} |`,
    );
  }
  console.info(
    '\n| connections | served req/s | p50 ms | p99 ms | shed (503) | shed p99 ms | socket errors | timeouts | slowest /healthz ms | recovered after | app RSS MB | bare p99 ms | bare slowest new connection ms | bare 503 p99 ms | load avg |',
  );
  console.info('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|');
  for (const row of rows) console.info(row);
}

async function main() {
  const opts = options();
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', DEMO_DATA: 'false' });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : config.dataDir,
  });
  await migrateDatabase(database, config.databaseUrl);
  const data = await prepareWorkload(database, sessionCookieName(config));
  const databaseKind = database.kind;
  await database.close();

  const measureDir = fs.mkdtempSync(path.join(tmpdir(), 'cm-bench-measure-'));
  const port = await freePort();
  if (opts.cpuProfileDir) fs.mkdirSync(opts.cpuProfileDir, { recursive: true });
  const app = await startApp(port, measureDir, opts);
  const bare = await startBare();
  try {
    const priceFilter =
      opts.priceFilter === 'auto'
        ? (await get(`${app.url}/api/v1/products?minPrice=abc`, data.cookies[0])).status === 400
        : opts.priceFilter === 'on';
    // Every run asks its own sequence (reproducible from --seed): a measured run that replayed its
    // warmup's requests would find them all cached, which no campus does.
    let runs = 0;
    const plan = (share: number) =>
      createPlanner(data, {
        writeShare: share,
        priceFilter,
        priceRanges: opts.priceRanges,
        seed: opts.seed * 1000 + runs++,
      });
    console.info(
      `Bench (varied): ${databaseKind}, ${data.productCount.toLocaleString('en')} listings, ${data.cookies.length} students, ${data.words.length} search words, ${data.detailIds.length} details${priceFilter ? `, price filters (${opts.priceRanges})` : ''}; ${opts.connections} connections, ${opts.seconds} s a run; workers ${opts.workers ?? 'default'}; log level ${opts.logLevel}; load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}\n`,
    );
    const bodies = await sampleBodies(app.url, plan(0.5));
    bare.child.send({ type: 'bodies', bodies });
    await new Promise((resolve) => bare.child.once('message', resolve));
    if (opts.rush) await rush(app, bare, measureDir, opts, plan);
    else await mix(app, bare.url, measureDir, opts, plan);
  } finally {
    bare.child.send({ type: 'stop' });
    try {
      process.kill(-app.child.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
    fs.rmSync(measureDir, { recursive: true, force: true });
    // KEEPLOG fs.rmSync(`${measureDir}.log`, { force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
