import path from 'node:path';
import { buildApp, uploadsDirOf } from './app.ts';
import { ConfigError, configWarnings, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { migrateDatabase } from './db/migrate.ts';
import { createOutboxMailer, createSmtpMailer } from './mail/mailer.ts';
import { listenForMetrics } from './metrics/metrics.ts';
import { loadDemoActivity, loadDemoCatalogueIfEmpty } from './seed/demo-on-start.ts';
import { storageFor } from './storage/s3-storage.ts';
import { promoteConfiguredAdmins } from './users/users.repository.ts';
import pino from 'pino';

/** The whole shutdown's bound; running jobs get DEFAULT_JOB_QUEUE_SETTINGS.stopTimeoutMs of it. */
const SHUTDOWN_GRACE_MS = 10_000;
/** Connections waiting to be accepted (Node's default is 511). */
const LISTEN_BACKLOG = 4096;

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  for (const warning of configWarnings(config)) log.warn(warning);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : config.dataDir,
    onPoolError: (error) => log.warn({ err: error }, 'idle database connection lost'),
  });
  await migrateDatabase(database, config.databaseUrl);
  await promoteConfiguredAdmins(database.db, config.adminEmails);

  const uploadsDir = uploadsDirOf(config);
  const storage = storageFor(config, uploadsDir);
  const demoLogins = await loadDemoCatalogueIfEmpty(database, config, storage, log);
  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, log);
  const app = await buildApp({ config, database, mailer, storage, uploadsDir });
  if (demoLogins) await loadDemoActivity(app, demoLogins);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests and jobs');
    setTimeout(() => {
      app.log.error('graceful shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    // Stops accepting, ends live streams, waits for in-flight requests and running jobs (each
    // bounded, see jobs/job-queue.ts), then closes the database.
    metricsServer?.close();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const metricsServer = config.metricsPort ? await listenForMetrics(app, config.metricsPort, config.host) : undefined;
  // A rush opens many connections at once: a deep accept queue keeps them from being refused
  // before the server can answer (with a 503 BUSY at worst). The kernel caps it at somaxconn.
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  app.log.info(`Campus Market is up at ${config.publicUrl} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
