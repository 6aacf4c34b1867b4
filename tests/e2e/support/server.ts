import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { startServerProcess } from '../../support/server-process.ts';
import { finishSeeding } from './seed-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR whose embedded database is migrated (e2e-global-setup.ts). */
    e2eDataDirTemplate?: string;
  }
}

export { freePort } from '../../support/server-process.ts';

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

/**
 * A temporary DATA_DIR holding an empty, migrated database (as after a first start, without
 * paying for the migrations again), or nothing at all with `empty`.
 */
export function makeDataDir(options: { empty?: boolean } = {}): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-e2e-'));
  const template = inject('e2eDataDirTemplate');
  if (!options.empty && template) fs.cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/**
 * Starts the real server (`node --import tsx src/server/main.ts`, serving the built SPA) on a
 * free port with a temporary DATA_DIR, as `npm start` would. Mail goes to DATA_DIR/outbox.
 */
export async function startServer(
  options: { env?: Record<string, string>; dataDir?: string; readyTimeoutMs?: number } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? makeDataDir();
  await finishSeeding(dataDir);
  const server = await startServerProcess({ DATA_DIR: dataDir, ...options.env }, options.readyTimeoutMs);
  const terminate = () => server.stop('SIGTERM');
  return {
    url: server.url,
    dataDir,
    output: server.output,
    terminate,
    stop: async () => {
      await terminate();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
