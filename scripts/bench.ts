/**
 * npm run bench [-- --seconds 10 --connections 50 --warmup 3 --slices 4 --only list,detail --cpu-prof DIR --heap-prof DIR]
 *
 * Load-tests the hot calls on the seeded catalogue (seed first: `npm run seed -- --products
 * 100000`; DATA_DIR or DATABASE_URL as for the server) with autocannon: the listing reads, the
 * wishlist toggle and the buy-request send. Each call is run beside the same load on a route of the
 * same process answering an identical precomputed body (the bare HTTP stack): the two alternate in
 * slices (real, bare, bare, real, …), so a change of the machine's speed during a row (a neighbour
 * on a shared host, a clock change) weighs on both alike. For each it prints requests/s, p50, p99, and the server's CPU time and heap bytes
 * allocated per request, and the ratios to the bare route. The server runs in its own process so
 * the load generator does not share its event loop; the machine's load average is printed with
 * every row, since autocannon, the server and PostgreSQL share the same cores. The server is the
 * app compiled as for `npm start` (scripts/build-server.mjs), run with the same Node.js flags.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type RawResult, type Request, type Result } from 'autocannon';
import type { BenchMeasurement, BenchServerReady, BenchTarget } from './bench-server.ts';
import { buildServerScript } from './build-server.mjs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

function options() {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      warmup: { type: 'string', default: '3' },
      slices: { type: 'string', default: '4' },
      only: { type: 'string' },
      'cpu-prof': { type: 'string' },
      'heap-prof': { type: 'string' },
    },
  });
  return {
    seconds: Number(values.seconds),
    connections: Number(values.connections),
    warmup: Number(values.warmup),
    /** Runs of each side a row is cut into; `seconds` is each side's total. */
    slices: Math.max(1, Number(values.slices)),
    only: values.only ? new Set(values.only.split(',')) : undefined,
    /** The server's V8 CPU profile of the whole run (written when it exits), into this directory. */
    cpuProfileDir: values['cpu-prof'] ? path.resolve(values['cpu-prof']) : undefined,
    /** What each measured run allocated (sampled), one .heapprofile a run, into this directory. */
    heapProfileDir: values['heap-prof'] ? path.resolve(values['heap-prof']) : undefined,
  };
}

/** The server runs what `npm start` runs: the app compiled to JavaScript, with production's Node.js flags. */
async function startServer(
  cpuProfileDir: string | undefined,
  heapProfileDir: string | undefined,
): Promise<{ child: ChildProcess; ready: BenchServerReady }> {
  const compiled = await buildServerScript(fileURLToPath(new URL('./bench-server.ts', import.meta.url)), 'bench-server.mjs');
  const child = fork(compiled, {
    execArgv: [...SERVER_NODE_FLAGS, ...(cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [])],
    env: { ...process.env, ...(heapProfileDir ? { BENCH_HEAP_PROFILE_DIR: heapProfileDir } : {}) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, ready: message as BenchServerReady }));
    child.once('exit', (code) => reject(new Error(`the bench server exited with code ${code}`)));
  });
}

/**
 * Asks the server for its CPU time and allocation over one run. The server first finishes the jobs
 * earlier runs queued (a write's mail is delivered by a job), and before answering finishes those
 * this run queued: a write's row counts the jobs it caused, and only those.
 */
function measured<T>(child: ChildProcess, run: () => Promise<T>): Promise<{ result: T; cost: BenchMeasurement }> {
  return new Promise((resolve, reject) => {
    child.once('message', () => {
      run().then((result) => {
        child.once('message', (message) => resolve({ result, cost: message as BenchMeasurement }));
        child.send('measure-stop');
      }, reject);
    });
    child.send('measure-start');
  });
}

/** The buyers browse once before they send (bench-server.ts browseAsBuyers). */
function browseAsBuyers(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('message', () => resolve());
    child.send('browse-as-buyers');
  });
}

let nextBuyRequestPair = 0;

/** Which requests a run sends: the call itself, or its precomputed twin on the bare route. */
function requestsOf(target: BenchTarget, bare: boolean, defaultCookie: string): { path: string; requests: Request[] } {
  const json = { 'content-type': 'application/json' };
  if (target.kind === 'read') {
    return { path: bare ? target.precomputedPath : target.path, requests: [{ method: 'GET' }] };
  }
  if (target.kind === 'wishlist-toggle') {
    let next = 0;
    const add: Request = {
      method: 'POST',
      setupRequest: (request, context) => {
        context.productId = target.productIds[next++ % target.productIds.length];
        return { ...request, path: bare ? target.precomputedPath : `/api/v1/wishlist/add/${String(context.productId)}` };
      },
    };
    const remove: Request = {
      method: 'DELETE',
      setupRequest: (request, context) => ({
        ...request,
        path: bare ? target.precomputedPath : `/api/v1/wishlist/delete/${String(context.productId)}`,
      }),
    };
    return { path: target.precomputedPath, requests: [add, remove] };
  }
  // Each (buyer, listing) pair once (across the warm-up and the run): a new request every time,
  // never over a buyer's hourly limit. Consecutive sends come from different buyers, as 50
  // students would send them: one buyer's 25 in a row queued on that buyer's rate-limit row.
  // The bare route writes nothing, so it uses up no pair: at its rate it would empty the pool
  // (as it did once, ending the bench at its last row).
  const body = (productId: string) =>
    JSON.stringify({ productId, buyerMessage: 'Is this still available? I can pick it up today.' });
  if (bare) {
    const sameSize = body(target.productIds[0] ?? '');
    return {
      path: target.precomputedPath,
      requests: [{ method: 'POST', headers: { ...json, cookie: defaultCookie }, body: sameSize }],
    };
  }
  const send: Request = {
    method: 'POST',
    setupRequest: (request) => {
      const pair = nextBuyRequestPair++;
      const buyer =
        pair < target.buyerCookies.length * target.requestsPerBuyer
          ? target.buyerCookies[pair % target.buyerCookies.length]
          : undefined;
      const productId = target.productIds[pair];
      if (buyer === undefined || productId === undefined) throw new Error('the buy-request pool ran out: lower --seconds');
      return {
        ...request,
        path: '/api/v1/interested/mark-interested',
        headers: { ...json, cookie: buyer },
        body: body(productId),
      };
    },
  };
  return { path: target.precomputedPath, requests: [send] };
}

async function load(url: string, target: BenchTarget, bare: boolean, cookie: string, seconds: number, connections: number) {
  const { path, requests } = requestsOf(target, bare, cookie);
  return autocannon({
    url: `${url}${path}`,
    connections,
    duration: seconds,
    headers: { cookie },
    requests,
    skipAggregateResult: true,
  });
}

/** One side of a row: its slices' answers and the server's cost over them. */
interface Side {
  name: string;
  raw: RawResult[];
  cost: BenchMeasurement;
}

/** A run's answers, refused if any was not a 2xx: the figures would be of something else. */
function allAnswered(name: string, result: RawResult): RawResult {
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  return result;
}

function addSlice(side: Side, result: RawResult, cost: BenchMeasurement) {
  side.raw.push(allAnswered(side.name, result));
  side.cost.cpuMicros += cost.cpuMicros;
  side.cost.allocatedBytes += cost.allocatedBytes;
}

/** A side's slices as one result: their latencies merged, requests/s over their total time. */
function summed(side: Side, url: string, connections: number): { result: Result; cost: BenchMeasurement } {
  const result = autocannon.aggregateResult(side.raw, { url, connections });
  const requests = side.raw.reduce((sum, slice) => sum + slice.totalCompletedRequests, 0);
  const seconds = side.raw.reduce((sum, slice) => sum + slice.duration, 0);
  result.requests.total = requests;
  result.requests.average = requests / seconds;
  return { result, cost: side.cost };
}

/**
 * The call and its bare twin, `seconds` each, alternating in `slices` runs a side: real, bare,
 * bare, real, real, bare, … (each pair in the other order than the last), so a steady drift of
 * the machine's speed cancels out.
 */
async function runRow(
  child: ChildProcess,
  url: string,
  target: BenchTarget,
  cookie: string,
  seconds: number,
  connections: number,
  slices: number,
) {
  const side = (name: string): Side => ({ name, raw: [], cost: { type: 'measurement', cpuMicros: 0, allocatedBytes: 0 } });
  const real = side(target.name);
  const bare = side(`${target.name} (bare)`);
  for (let slice = 0; slice < slices; slice++) {
    for (const isBare of slice % 2 === 0 ? [false, true] : [true, false]) {
      const { result, cost } = await measured(child, () => load(url, target, isBare, cookie, seconds / slices, connections));
      addSlice(isBare ? bare : real, result, cost);
    }
  }
  return { real: summed(real, url, connections), bare: summed(bare, url, connections) };
}

interface Row {
  name: string;
  real: Result;
  bare: Result;
  realCost: BenchMeasurement;
  bareCost: BenchMeasurement;
  load: number;
}

const perRequest = (cost: BenchMeasurement, result: Result) => ({
  cpuMicros: Math.round(cost.cpuMicros / Math.max(1, result.requests.total)),
  kilobytes: Math.round(cost.allocatedBytes / Math.max(1, result.requests.total) / 1024),
});

function figures(result: Result, cost: BenchMeasurement) {
  const { cpuMicros, kilobytes } = perRequest(cost, result);
  return `${Math.round(result.requests.average).toLocaleString('en').padStart(7)} req/s  p50 ${String(result.latency.p50).padStart(3)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  CPU ${String(cpuMicros).padStart(5)} µs/req  heap ${String(kilobytes).padStart(4)} KB/req`;
}

function markdown(rows: Row[]) {
  const lines = [
    '| call | req/s | p50 ms | p99 ms | CPU µs/req | heap KB/req | bare req/s | bare p99 ms | bare CPU µs/req | throughput vs bare | p99 vs bare | load avg |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    const real = perRequest(row.realCost, row.real);
    const bare = perRequest(row.bareCost, row.bare);
    const throughput = (100 * row.real.requests.average) / row.bare.requests.average;
    const p99 = row.real.latency.p99 / Math.max(1, row.bare.latency.p99);
    lines.push(
      `| ${row.name} | ${Math.round(row.real.requests.average)} | ${row.real.latency.p50} | ${row.real.latency.p99} | ${real.cpuMicros} | ${real.kilobytes} | ${Math.round(row.bare.requests.average)} | ${row.bare.latency.p99} | ${bare.cpuMicros} | ${throughput.toFixed(0)}% | ${p99.toFixed(1)}× | ${row.load.toFixed(1)} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  const { seconds, connections, warmup, slices, only, cpuProfileDir, heapProfileDir } = options();
  const { child, ready } = await startServer(cpuProfileDir, heapProfileDir);
  try {
    console.info(
      `Bench: ${ready.databaseKind}, ${ready.productCount.toLocaleString('en')} products, ${connections} connections, ${seconds} s a side in ${slices} slices; load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}\n`,
    );
    const rows: Row[] = [];
    for (const target of ready.targets.filter((candidate) => !only || only.has(candidate.name))) {
      const cookie = (target.kind === 'read' && target.cookie) || ready.cookie;
      if (target.kind === 'buy-request') await browseAsBuyers(child);
      // Unrecorded first: the database's caches and V8's optimiser warm up as on a running server.
      if (warmup > 0) allAnswered(target.name, await load(ready.url, target, false, cookie, warmup, connections));
      const { real, bare } = await runRow(child, ready.url, target, cookie, seconds, connections, slices);
      const row: Row = {
        name: target.name,
        real: real.result,
        bare: bare.result,
        realCost: real.cost,
        bareCost: bare.cost,
        load: loadavg()[0]!,
      };
      rows.push(row);
      console.info(
        `${target.name.padEnd(12)} ${target.kind === 'read' ? target.path : target.kind}   (load average ${row.load.toFixed(2)})`,
      );
      console.info(`  real         ${figures(row.real, row.realCost)}`);
      console.info(`  bare         ${figures(row.bare, row.bareCost)}`);
      console.info(
        `  ratio        ${((100 * row.real.requests.average) / row.bare.requests.average).toFixed(0)}% of the bare route's throughput, p99 ${(row.real.latency.p99 / Math.max(1, row.bare.latency.p99)).toFixed(1)}× its p99\n`,
      );
    }
    console.info(markdown(rows));
  } finally {
    child.send('stop');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
