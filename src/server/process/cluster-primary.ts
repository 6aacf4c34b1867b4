import cluster, { type Worker } from 'node:cluster';
import type http from 'node:http';
import type { Logger } from 'pino';
import { Counter, Gauge, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import { listenForMetrics } from '../metrics/metrics.ts';
import { CLUSTER_METRICS_CONTENT_TYPE, answerClusterMetricsRequests, clusterMetricsText } from './cluster-metrics.ts';
import { SHUTDOWN_GRACE_MS, openConfiguredDatabase, prepareDatabase } from './prepare.ts';
import { CLUSTER_SERIALIZATION, relayBetweenWorkers } from './sibling-workers.ts';

export interface ClusterSettings {
  /** Worker processes to keep running. */
  workers: number;
  /** First wait before replacing a worker that died; doubled for each further death in RESTART_WINDOW_MS. */
  restartDelayMs: number;
  maxRestartDelayMs: number;
}

export const DEFAULT_CLUSTER_SETTINGS = { restartDelayMs: 1000, maxRestartDelayMs: 30_000 };
/** Deaths further apart than this do not lengthen the wait before the next replacement. */
const RESTART_WINDOW_MS = 2 * 60_000;
/** The workers' own graceful shutdown is bounded by SHUTDOWN_GRACE_MS; past this they are killed. */
const STOP_TIMEOUT_MS = SHUTDOWN_GRACE_MS + 3000;

/**
 * The primary of `npm start` with WEB_CONCURRENCY > 1 (PostgreSQL only, see config.ts): it
 * migrates the database and promotes the admins once, then forks the workers, which each build
 * the app and listen on the same port (node:cluster hands out the connections round-robin). It
 * serves no request itself. The demo is never loaded here: it goes into the embedded database
 * only, which always runs in one process.
 *
 * - A worker that dies once the cluster is up is replaced after a wait that doubles with each
 *   further death within two minutes (1 s, 2 s, 4 s … 30 s), never in a tight loop. A worker that
 *   dies before the cluster ever came up (a bad port, a database that refuses) ends the start: the
 *   primary stops the others and exits 1, as a single process would.
 * - SIGTERM or SIGINT is passed to every worker as SIGTERM; each finishes its in-flight requests,
 *   live streams and jobs (app.close()) and exits; the primary exits 0 once all have exited 0.
 * - METRICS_PORT is held by the primary, which serves the sum of its workers' metrics.
 * - It relays what a worker tells its siblings (sibling-workers.ts): listing answers computed once.
 */
export async function runPrimary(config: Config, log: Logger, entry: string, settings?: Partial<ClusterSettings>) {
  const { workers, restartDelayMs, maxRestartDelayMs } = {
    ...DEFAULT_CLUSTER_SETTINGS,
    workers: config.webConcurrency,
    ...settings,
  };
  const database = await openConfiguredDatabase(config, log);
  try {
    await prepareDatabase(database, config);
  } finally {
    await database.close();
  }

  const metrics = new Registry();
  const liveWorkers = new Gauge({ name: 'cluster_workers', help: 'Worker processes running', registers: [metrics] });
  const restarts = new Counter({
    name: 'cluster_worker_restarts_total',
    help: 'Workers that died unexpectedly and were replaced',
    registers: [metrics],
  });

  const running = new Set<Worker>();
  const listening = new Set<Worker>();
  const deaths: number[] = [];
  const pendingForks = new Set<NodeJS.Timeout>();
  let up = false;
  let stopping = false;
  let failedExit = false;

  // Each worker accepts its own connections from the shared socket (the kernel hands a new one to a
  // worker waiting for it) instead of the primary accepting them all and passing each over IPC: in
  // a rush of connections that hand-off queued new ones behind the busy workers for seconds
  // (measured: /healthz 10 s at 1,000 connections with wrk; docs/PERFORMANCE.md, "In a rush").
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({ exec: entry, serialization: CLUSTER_SERIALIZATION });
  relayBetweenWorkers(() => running);
  const fork = () => {
    const worker = cluster.fork();
    running.add(worker);
    liveWorkers.set(running.size);
  };

  const collect = () => clusterMetricsText([...running], metrics);
  answerClusterMetricsRequests(collect);
  const metricsServer: http.Server | undefined = config.metricsPort
    ? await listenForMetrics(
        {
          text: collect,
          contentType: CLUSTER_METRICS_CONTENT_TYPE,
          token: config.metricsToken,
          onError: (error) => log.error({ err: error }, 'metrics could not be collected'),
        },
        config.metricsPort,
        config.host,
      )
    : undefined;

  const finish = () => {
    if (running.size > 0) return;
    metricsServer?.close();
    log.info('all workers have stopped');
    process.exit(failedExit ? 1 : 0);
  };

  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, `shutting down: stopping ${running.size} workers`);
    for (const timer of pendingForks) clearTimeout(timer);
    pendingForks.clear();
    for (const worker of running) worker.process.kill('SIGTERM');
    setTimeout(() => {
      log.error('workers did not stop in time: killing them');
      for (const worker of running) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
    finish();
  };

  cluster.on('listening', (worker) => {
    listening.add(worker);
    if (!up && listening.size === workers) {
      up = true;
      log.info(`Campus Market is up at ${config.publicUrl} (database: postgres, ${workers} workers)`);
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    running.delete(worker);
    const wasListening = listening.delete(worker);
    liveWorkers.set(running.size);
    if (stopping) {
      // A worker still starting has no handler yet: SIGTERM ends it, with nothing left undone.
      if (code !== 0 && signal !== 'SIGTERM') failedExit = true;
      finish();
      return;
    }
    if (!up && !wasListening) {
      log.error({ workerPid: worker.process.pid, code, signal }, 'a worker could not start: stopping');
      failedExit = true;
      stop('a worker could not start');
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths.length > 0 && deaths[0]! < now - RESTART_WINDOW_MS) deaths.shift();
    const delay = Math.min(maxRestartDelayMs, restartDelayMs * 2 ** (deaths.length - 1));
    restarts.inc();
    log.error({ workerPid: worker.process.pid, code, signal }, `a worker died: starting another in ${delay} ms`);
    const timer = setTimeout(() => {
      pendingForks.delete(timer);
      if (!stopping) fork();
    }, delay);
    pendingForks.add(timer);
  });

  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < workers; i++) fork();
}
