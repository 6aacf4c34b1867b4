/**
 * npm run bench [-- --seconds 10 --connections 10 --warmup 3]
 *
 * Load-tests the listing calls on the seeded catalogue (seed first: `npm run seed -- --products
 * 100000`; DATA_DIR or DATABASE_URL as for the server) with autocannon, then the same load on a
 * route answering an identical precomputed body, and prints requests/s, p50 and p99 of each and
 * their ratio: how close each call comes to the bare HTTP stack. The server runs in its own
 * process so the load generator does not share its event loop.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import type { BenchServerReady } from './bench-server.ts';

function options() {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
    },
  });
  return { seconds: Number(values.seconds), connections: Number(values.connections), warmup: Number(values.warmup) };
}

function startServer(): Promise<{ child: ChildProcess; ready: BenchServerReady }> {
  const child = fork(fileURLToPath(new URL('./bench-server.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, ready: message as BenchServerReady }));
    child.once('exit', (code) => reject(new Error(`the bench server exited with code ${code}`)));
  });
}

async function load(url: string, cookie: string, seconds: number, connections: number): Promise<Result> {
  const result = await autocannon({ url, connections, duration: seconds, headers: { cookie } });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return result;
}

const figures = (result: Result) =>
  `${Math.round(result.requests.average).toLocaleString('en').padStart(7)} req/s  p50 ${String(result.latency.p50).padStart(3)} ms  p99 ${String(result.latency.p99).padStart(3)} ms`;

async function main() {
  const { seconds, connections, warmup } = options();
  const { child, ready } = await startServer();
  try {
    console.info(
      `Bench: ${ready.databaseKind}, ${ready.productCount.toLocaleString('en')} products, ${connections} connections, ${seconds} s per run\n`,
    );
    const rows: string[] = [];
    for (const target of ready.targets) {
      // Unrecorded first: the database's caches and V8's optimiser warm up as on a running server.
      const cookie = target.cookie ?? ready.cookie;
      if (warmup > 0) await load(`${ready.url}${target.path}`, cookie, warmup, connections);
      const real = await load(`${ready.url}${target.path}`, cookie, seconds, connections);
      const bare = await load(`${ready.url}${target.precomputedPath}`, cookie, seconds, connections);
      const ratio = real.requests.average / bare.requests.average;
      console.info(`${target.name.padEnd(12)} ${target.path}`);
      console.info(`  real         ${figures(real)}`);
      console.info(`  precomputed  ${figures(bare)}`);
      console.info(`  ratio        ${(ratio * 100).toFixed(0)}% of the bare HTTP stack\n`);
      rows.push(
        `| ${target.name} | ${Math.round(real.requests.average)} | ${real.latency.p50} | ${real.latency.p99} | ${Math.round(bare.requests.average)} | ${bare.latency.p50} | ${bare.latency.p99} | ${(ratio * 100).toFixed(0)}% |`,
      );
    }
    console.info('| call | req/s | p50 ms | p99 ms | precomputed req/s | p50 ms | p99 ms | ratio |');
    console.info('|---|---:|---:|---:|---:|---:|---:|---:|');
    console.info(rows.join('\n'));
  } finally {
    child.send('stop');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
