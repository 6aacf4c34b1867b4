import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { ConfigError, configWarnings, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';

/**
 * The server's entry point (`npm start` runs its compiled form, dist/server/main.js). One process
 * serves the port, or with WEB_CONCURRENCY > 1 on PostgreSQL a primary prepares the database and
 * forks that many workers, each of which runs this file again (process/cluster-primary.ts). The
 * roles are loaded on demand, so the primary never loads the app it does not run.
 */
async function main() {
  const config = loadConfig();
  if (cluster.isWorker) {
    const { runWorker } = await import('./process/serve.ts');
    return runWorker(config);
  }
  const log = pino({ level: config.logLevel });
  for (const warning of configWarnings(config)) log.warn(warning);
  if (config.webConcurrency > 1) {
    const { runPrimary } = await import('./process/cluster-primary.ts');
    return runPrimary(config, log, fileURLToPath(import.meta.url));
  }
  const { runSingleProcess } = await import('./process/serve.ts');
  return runSingleProcess(config, log);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
