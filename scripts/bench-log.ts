/**
 * npm run bench:log  [-- --lines 200000 --per-turn 4 --rounds 2]
 *
 * What the line the server logs for each answer (at the default level, info) costs in CPU, written
 * as the app writes it (pino's default: synchronously, one write system call per line) and
 * asynchronously (pino.destination({ sync: false }): the lines of one turn in one write, through
 * libuv's thread pool), to a file as a deployment's stdout would be. Lines are logged a few per
 * turn of the event loop (--per-turn), as answers finish under load, not all in one tight loop.
 * Each mode runs in a process of its own, alternately, --rounds times. Why the app stays
 * synchronous: docs/PERFORMANCE.md, "request log lines".
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pino from 'pino';

type Mode = 'sync' | 'async';

interface Measured {
  mode: Mode;
  cpuMicrosPerLine: number;
  writes: number;
}

const { values } = parseArgs({
  options: {
    lines: { type: 'string', default: '200000' },
    'per-turn': { type: 'string', default: '4' },
    rounds: { type: 'string', default: '2' },
    child: { type: 'string' },
  },
});
const lines = Number(values.lines);
const perTurn = Number(values['per-turn']);

/** One process: logs the lines, waits until all are on disk, reports the CPU they took. */
async function measure(mode: Mode): Promise<Measured> {
  const file = path.join(fs.mkdtempSync(path.join(tmpdir(), 'cm-bench-log-')), 'out.log');
  const destination = pino.destination({ dest: file, sync: mode === 'sync' });
  await new Promise((resolve) => destination.once('ready', resolve));
  // sonic-boom tells each system call it made ('write', with the bytes written).
  let writes = 0;
  destination.on('write', () => writes++);
  const log = pino({ level: 'info' }, destination);
  const started = process.cpuUsage();
  for (let done = 0; done < lines;) {
    for (let i = 0; i < perTurn && done < lines; i++, done++) {
      // The shape of app.ts's onResponse line, from Fastify's child logger of the request.
      log
        .child({ reqId: '0b7f2d1e-8c4a-4f4e-9a51-2f6c1d9e7a30' })
        .info({ method: 'GET', url: `/api/v1/products?page=${done % 200}&sort=newest`, statusCode: 200, ms: 12 }, 'request');
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  await new Promise<void>((resolve, reject) => destination.flush((error) => (error ? reject(error) : resolve())));
  const cpu = process.cpuUsage(started);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return { mode, cpuMicrosPerLine: (cpu.user + cpu.system) / lines, writes };
}

function inChild(mode: Mode): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const child = fork(
      fileURLToPath(import.meta.url),
      ['--child', mode, '--lines', String(lines), '--per-turn', String(perTurn)],
      {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    child.once('message', (message) => resolve(message as Measured));
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`the ${mode} run exited with ${code}`))));
  });
}

async function main() {
  if (values.child) {
    process.send!(await measure(values.child as Mode));
    return;
  }
  console.info(
    `Bench (log lines): ${lines.toLocaleString('en')} lines, ${perTurn} a turn; load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}\n`,
  );
  console.info('| round | written | CPU µs per line | write calls | lines per write |');
  console.info('|---:|---|---:|---:|---:|');
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const mode of ['sync', 'async'] as const) {
      const result = await inChild(mode);
      console.info(
        `| ${round} | ${mode === 'sync' ? 'synchronously (the app, pino default)' : 'asynchronously'} | ${result.cpuMicrosPerLine.toFixed(1)} | ${result.writes.toLocaleString('en')} | ${(lines / Math.max(1, result.writes)).toFixed(1)} |`,
      );
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
