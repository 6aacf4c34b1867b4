import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild } from '../../scripts/ensure-build.mjs';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The compiled server, as `npm start` runs it (built here when missing or stale). */
export const SERVER_ENTRY = path.join(root, 'dist/server/main.js');
export const SERVER_EXEC_ARGV = [...SERVER_NODE_FLAGS, SERVER_ENTRY];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become ready within ${timeoutMs} ms:\n${output()}`);
}

export interface ServerProcess {
  url: string;
  /** The process started (with WEB_CONCURRENCY > 1, the cluster's primary). */
  pid: number;
  /** Output of the server process so far (for failure messages). */
  output(): string;
  /** All of it (stdout and stderr): the log lines a test reads. */
  fullOutput(): string;
  /** Sends the signal and resolves with the exit code (null when killed by a signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * The real server (`node --enable-source-maps dist/server/main.js`, compiled first if stale) in a
 * child process on a free port, as `npm start` runs it, configured by `env` (DATA_DIR or
 * DATABASE_URL, SMTP_URL, …).
 */
export async function startServerProcess(env: Record<string, string>, readyTimeoutMs?: number): Promise<ServerProcess> {
  ensureServerBuild();
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, SERVER_EXEC_ARGV, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      // One process unless a test asks for a cluster (on PostgreSQL the default is one per core).
      WEB_CONCURRENCY: '1',
      // Shedding has its own tests (load-shedding.test.ts, rush.spec.ts); elsewhere a busy CI
      // machine's slow event loop must not turn a test's call into a 503 (cluster.pg.test.ts
      // did, in a clean-clone run of 27 Nov).
      LOAD_SHEDDING: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => log.slice(-4000);
  try {
    await waitUntilReady(url, child, output, readyTimeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    pid: child.pid!,
    output,
    fullOutput: () => log,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill(signal);
      return exited;
    },
  };
}
