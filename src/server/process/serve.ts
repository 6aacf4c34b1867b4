import cluster from 'node:cluster';
import path from 'node:path';
import type { Logger } from 'pino';
import pino from 'pino';
import { buildApp, uploadsDirOf } from '../app.ts';
import { offsetClock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createOutboxMailer, createSmtpMailer } from '../mail/mailer.ts';
import { appMetricsSource, listenForMetrics } from '../metrics/metrics.ts';
import { loadDemoActivity, loadDemoCatalogueIfEmpty } from '../seed/demo-on-start.ts';
import type { DemoLogin } from '../seed/seed-catalogue.ts';
import { type Storage, createLocalStorage } from '../storage/storage.ts';
import { answerMetricsRequests, askPrimaryForMetrics } from './cluster-metrics.ts';
import { SHUTDOWN_GRACE_MS, openConfiguredDatabase, prepareDatabase } from './prepare.ts';

/** Connections waiting to be accepted (Node's default is 511). */
const LISTEN_BACKLOG = 4096;

/**
 * One process does everything (WEB_CONCURRENCY=1, and always on the embedded database): prepares
 * the database, loads the demo into an empty embedded one, serves the port (and METRICS_PORT).
 */
export async function runSingleProcess(config: Config, log: Logger): Promise<void> {
  const database = await openConfiguredDatabase(config, log);
  await prepareDatabase(database, config);
  const storage = await openStorage(config);
  const demoLogins = await loadDemoCatalogueIfEmpty(database, config, storage, log);
  await serve(config, log, database, storage, { demoLogins, metricsPort: config.metricsPort });
}

/**
 * A cluster worker (process/cluster-primary.ts forked it after preparing the database): builds
 * the app and listens on the shared port. Its /metrics answers the sum over the machine's workers,
 * which the primary collects; the primary alone holds METRICS_PORT.
 */
export async function runWorker(config: Config): Promise<void> {
  const log = pino({ level: config.logLevel });
  const database = await openConfiguredDatabase(config, log);
  await serve(config, log, database, await openStorage(config), { metricsText: askPrimaryForMetrics });
}

interface ServeOptions {
  demoLogins?: DemoLogin[] | undefined;
  metricsPort?: number | undefined;
  metricsText?: () => Promise<string>;
}

/**
 * The storage driver; the S3 one (and the AWS SDK, some 20 MB of memory in every process) is
 * loaded only when STORAGE=s3.
 */
async function openStorage(config: Config): Promise<Storage> {
  if (config.storage.driver === 'local') return createLocalStorage(uploadsDirOf(config), config.publicUrl);
  const { storageFor } = await import('../storage/s3-storage.ts');
  return storageFor(config, uploadsDirOf(config));
}

async function serve(config: Config, log: Logger, database: DatabaseHandle, storage: Storage, options: ServeOptions) {
  const uploadsDir = uploadsDirOf(config);
  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, log);
  const app = await buildApp({
    config,
    database,
    mailer,
    storage,
    uploadsDir,
    metricsText: options.metricsText,
    clock: offsetClock(config.clockOffsetMs),
  });
  if (cluster.isWorker) answerMetricsRequests(app.metrics.registry);
  if (options.demoLogins) await loadDemoActivity(app, options.demoLogins);

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
  // A worker whose primary is gone (killed outright) would otherwise serve on, unsupervised.
  if (cluster.isWorker) cluster.worker?.on('disconnect', () => void shutdown('primary gone'));

  const metricsServer = options.metricsPort
    ? await listenForMetrics(appMetricsSource(app), options.metricsPort, config.host)
    : undefined;
  // A rush opens many connections at once: a deep accept queue keeps them from being refused
  // before the server can answer (with a 503 BUSY at worst). The kernel caps it at somaxconn.
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  if (cluster.isWorker) app.log.debug('worker listening');
  else app.log.info(`Campus Market is up at ${config.publicUrl} (database: ${database.kind})`);
  return app;
}
