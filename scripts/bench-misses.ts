/**
 * npm run bench:misses  [-- --connections 8]
 *
 * What an answer the listing cache does not hold costs, per kind, in CPU of the app and of
 * PostgreSQL: a fixed sequence of requests, each new to the cache (every sort's pages 1–200, 1,500
 * details, 300 searches in two sorts, 1,000 price ranges typed by hand), then the same list pages
 * again (answered from the cache), against one app process on the seeded catalogue (seed first:
 * `npm run seed -- --products 100000`; DATABASE_URL as for the server). Beside `npm run bench:mix`,
 * whose throughput on a small VM drifts by half from run to run (the cache's hit rate follows the
 * throughput), these figures repeat within a tenth: compare two versions of the code with them.
 *
 * Printed per kind: the app's CPU a request (its main thread, and all its threads: the garbage
 * collector and compiler run beside it), PostgreSQL's (every postgres process of this machine, so
 * run nothing else against it), and the bytes of an answer. CPU is read from /proc (Linux only).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PRODUCT_SORTS } from '#domain/catalog.ts';
import { sessionCookieName } from '#server/auth/session-cookie.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { type WorkloadData, prepareWorkload } from './bench/workload.ts';
import { ensureServerBuild } from './ensure-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CLOCK_TICK_US = 10_000;

/** CPU time of a /proc stat line (user + system), in microseconds. */
function cpuOfStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_US;
}

const readStat = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined; // the process or thread ended meanwhile
  }
};

/** The app process's CPU: all its threads, and its main thread (the one whose id is the process's). */
function appCpu(pid: number) {
  const all = cpuOfStat(readStat(`/proc/${pid}/stat`) ?? '');
  const main = cpuOfStat(readStat(`/proc/${pid}/task/${pid}/stat`) ?? '');
  return { all, main };
}

/** CPU of every postgres process of this machine (the server and its backends). */
function postgresCpu(): number {
  let sum = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(`/proc/${entry}/stat`);
    if (stat?.includes('(postgres)')) sum += cpuOfStat(stat);
  }
  return sum;
}

function get(port: number, url: string, cookie: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: url, headers: { cookie }, agent }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
    });
    request.on('error', reject);
  });
}
const agent = new http.Agent({ keepAlive: true });

async function startApp(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--max-semi-space-size=32', path.join(root, 'dist/server/main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      NODE_ENV: 'production',
      WEB_CONCURRENCY: '1',
    },
  });
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    const ready = await get(port, '/readyz', '').catch(() => undefined);
    if (ready?.status === 200) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the app did not become ready within 150 s');
}

/** The request sequences, each new to the cache but the second list pass. */
function phases(data: WorkloadData): [name: string, urls: string[]][] {
  const lists = PRODUCT_SORTS.flatMap((sort) =>
    Array.from({ length: 200 }, (_, i) => `/api/v1/products?sort=${sort}&page=${i + 1}`),
  );
  const range = (category: string, index: number) =>
    `/api/v1/products?category=${category}&minPrice=${index * 3}&maxPrice=${index * 3 + 700 + (index % 97)}`;
  return [
    // Compiles the code paths before anything is measured.
    ['warm-up', Array.from({ length: 600 }, (_, i) => range('Cycle', i))],
    ['list page', lists],
    ['list page, cached', lists],
    ['detail', data.detailIds.map((id) => `/api/v1/products/${id}`)],
    ['search', data.words.flatMap((word) => [`/api/v1/products?q=${word}`, `/api/v1/products?q=${word}&sort=priceLowHigh`])],
    ['typed price range', Array.from({ length: 1000 }, (_, i) => range('Books', i))],
  ];
}

async function measure(port: number, pid: number, data: WorkloadData, urls: string[], connections: number) {
  const app0 = appCpu(pid);
  const postgres0 = postgresCpu();
  let next = 0;
  let bytes = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < urls.length) {
        const index = next++;
        const answer = await get(port, urls[index]!, data.cookies[index % data.cookies.length]!);
        if (answer.status !== 200) throw new Error(`${urls[index]} answered ${answer.status}`);
        bytes += answer.bytes;
      }
    }),
  );
  const app1 = appCpu(pid);
  const per = (microseconds: number) => Math.round(microseconds / urls.length);
  return {
    requests: urls.length,
    appMain: per(app1.main - app0.main),
    appAll: per(app1.all - app0.all),
    postgres: per(postgresCpu() - postgres0),
    bytes: per(bytes),
  };
}

async function main() {
  const { values } = parseArgs({ options: { connections: { type: 'string', default: '8' } } });
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('bench:misses measures PostgreSQL: set DATABASE_URL to the seeded catalogue');
  ensureServerBuild();
  const database = await openDatabase(config);
  const data = await prepareWorkload(database, sessionCookieName(config), {
    students: 40,
    details: 1500,
    words: 300,
    writeTargets: 10,
  });
  await database.close();
  const port = 3700 + Math.floor(Math.random() * 200);
  const app = await startApp(port);
  try {
    console.info(`Answers new to the cache, one app process, ${values.connections} connections (CPU per request):`);
    console.info('| kind | requests | app main thread µs | app all threads µs | PostgreSQL µs | bytes |');
    console.info('|---|---:|---:|---:|---:|---:|');
    for (const [name, urls] of phases(data)) {
      const figures = await measure(port, app.pid!, data, urls, Number(values.connections));
      const { requests, appMain, appAll, postgres, bytes } = figures;
      console.info(`| ${name} | ${requests} | ${appMain} | ${appAll} | ${postgres} | ${bytes} |`);
    }
  } finally {
    app.kill('SIGTERM');
    await new Promise((resolve) => app.once('exit', resolve));
    agent.destroy();
  }
}

await main();
