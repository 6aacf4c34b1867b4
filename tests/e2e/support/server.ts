import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Output of the server process so far (for failure messages). */
  output(): string;
  /** Sends SIGTERM and resolves with the exit code; DATA_DIR is kept. */
  terminate(): Promise<number | null>;
  /** Terminates and removes DATA_DIR. */
  stop(): Promise<void>;
}

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

export function makeDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'cm-e2e-'));
}

/**
 * Starts the real server (`node --import tsx src/server/main.ts`, serving the built SPA) on a
 * free port with a temporary DATA_DIR, as `npm start` would. Mail goes to DATA_DIR/outbox.
 */
export async function startServer(options: { env?: Record<string, string>; dataDir?: string } = {}): Promise<RunningServer> {
  const env = options.env ?? {};
  const port = await freePort();
  const dataDir = options.dataDir ?? makeDataDir();
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => log.slice(-4000);
  try {
    await waitUntilReady(url, child, output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const terminate = async () => {
    if (child.exitCode !== null) return child.exitCode;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    return exited;
  };
  return {
    url,
    dataDir,
    output,
    terminate,
    stop: async () => {
      await terminate();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
