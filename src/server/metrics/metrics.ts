import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { siteMessages } from '#domain/site.messages.ts';
import { notFound, unauthenticated } from '../http/errors.ts';
import { countJobsByState } from '../jobs/jobs.repository.ts';

export const METRICS_PATH = '/metrics';

/** What features report beyond HTTP, database and process figures (collected when scraped). */
export interface AppMetrics {
  readonly registry: Registry;
  /**
   * What /metrics answers: this registry's text, or in a cluster worker the sum over every worker
   * of the machine (process/cluster-metrics.ts), so a scrape never sees one worker at random.
   */
  text(): Promise<string>;
  mailDelivered(kind: string, outcome: 'sent' | 'failed', final: boolean): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics of this instance (metrics/metrics.ts). */
    metrics: AppMetrics;
  }
}

/**
 * Prometheus metrics of this instance, in a registry of its own (tests build many apps in one
 * process). Requests are labelled by route pattern, never the raw URL, so ids do not make a
 * series each.
 */
export function registerMetrics(app: FastifyInstance, text?: (own: Registry) => Promise<string>) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by route pattern, method and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    requestDuration.observe(
      { method: request.method, route: routeLabel(request), status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  new Gauge({
    name: 'db_connections',
    help: 'Database connections by state (PGlite: its one session; waiting = calls queued behind it)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { total, idle, waiting } = app.dbHandle.connections();
      this.set({ state: 'total' }, total);
      this.set({ state: 'in_use' }, total - idle);
      this.set({ state: 'idle' }, idle);
      this.set({ state: 'waiting' }, waiting);
    },
  });

  new Gauge({
    name: 'db_connection_oldest_wait_seconds',
    help: 'How long the caller waiting longest for a database connection has waited (0 when none waits)',
    registers: [registry],
    // Summed over a cluster's workers it would mean nothing: the longest wait of any.
    aggregator: 'max',
    collect() {
      this.set(app.dbHandle.connections().oldestWaitMs / 1000);
    },
  });

  new Counter({
    name: 'http_requests_shed_total',
    help: 'API requests answered 503 BUSY by load shedding, by the limit that was passed (http/load-shedding.ts)',
    labelNames: ['reason'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [reason, count] of app.loadShedder.shed) this.inc({ reason }, count);
    },
  });

  new Gauge({
    name: 'job_queue_jobs',
    help: 'Jobs in the durable queue by kind and state (queued = created or retry; shared by all instances)',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    // Every worker of a cluster reads the same shared queue: one reading, not their sum.
    aggregator: 'first',
    async collect() {
      this.reset();
      const kinds = app.jobs.kinds;
      for (const kind of kinds) for (const state of ['queued', 'active', 'failed']) this.set({ kind, state }, 0);
      if (kinds.length === 0) return;
      for (const row of await countJobsByState(app.db, kinds)) {
        const state = row.state === 'created' || row.state === 'retry' ? 'queued' : row.state;
        if (state === 'queued' || state === 'active' || state === 'failed') this.inc({ kind: row.kind, state }, row.count);
      }
    },
  });

  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Jobs run in this instance by kind and outcome, each job of a batch once (a failed job is retried until its kind gives up)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'job_run_duration_seconds',
    help: "Time from a job's start to its end in this instance, by kind (a job of a batch: its batch's run)",
    labelNames: ['kind'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
    registers: [registry],
  });
  const stopObserving = app.jobs.observe((kind, outcome, seconds) => {
    jobRuns.inc({ kind, outcome });
    jobDuration.observe({ kind }, seconds);
  });
  app.addHook('onClose', async () => stopObserving());

  new Gauge({
    name: 'job_workers_stuck',
    help: '1 when a job worker of this instance has stopped coming round its loop (/readyz fails too)',
    registers: [registry],
    aggregator: 'max',
    collect() {
      this.set(app.jobs.stuck ? 1 : 0);
    },
  });

  countsBySource(
    registry,
    'session_lookups_total',
    'Session lookups of signed-in calls in this instance, by where they were answered (cache or database)',
    () => app.sessionCache.lookups,
  );
  countsBySource(
    registry,
    'listing_answers_total',
    'Listing answers (lists, searches, details) sent by this instance, by where they came from (cache or computed)',
    () => app.listingCache.answers,
  );
  countsBySource(
    registry,
    'listing_answers_shared_total',
    "Listing answers this instance's cluster workers handed each other (sent), and those a worker received and stored or refused as possibly stale",
    () => app.listingCache.shared,
  );

  new Gauge({
    name: 'session_cache_entries',
    help: "Session lookups held in this instance's cache (auth/session-cache.ts)",
    registers: [registry],
    collect() {
      this.set(app.sessionCache.size);
    },
  });

  const mails = new Counter({
    name: 'mail_deliveries_total',
    help: 'Mail delivery attempts in this instance by kind and outcome; final="true" when no retry follows',
    labelNames: ['kind', 'outcome', 'final'] as const,
    registers: [registry],
  });

  const metrics: AppMetrics = {
    registry,
    text: () => (text ? text(registry) : registry.metrics()),
    mailDelivered: (kind, outcome, final) => mails.inc({ kind, outcome, final: String(final) }),
  };
  app.decorate('metrics', metrics);
}

/** A counter read at scrape time from a cache's own tallies, one `source` label per tally (cache, database, computed…). */
function countsBySource(registry: Registry, name: string, help: string, read: () => Record<string, number>) {
  new Counter({
    name,
    help,
    labelNames: ['source'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [source, count] of Object.entries(read())) this.inc({ source }, count);
    },
  });
}

/** The route pattern that answered; one label for everything no route matched. */
function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics on the app's own port: only with METRICS_TOKEN as a bearer token. Without a token
 * configured it does not exist here (404); METRICS_PORT serves it apart instead.
 */
export async function metricsRoutes(app: FastifyInstance) {
  app.get(METRICS_PATH, { config: { auth: 'public' }, schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    const token = app.config.metricsToken;
    if (!token) throw notFound(siteMessages.notFound);
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!given || !sameSecret(given, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthenticated();
    }
    return reply.type(app.metrics.registry.contentType).send(await app.metrics.text());
  });
}

/** What a listener of its own serves: the app's metrics, or a cluster primary's sum of its workers'. */
export interface MetricsSource {
  text(): Promise<string>;
  contentType: string;
  /** METRICS_TOKEN, when set: asked for here too. */
  token: string | undefined;
  onError(error: unknown): void;
}

export function appMetricsSource(app: FastifyInstance): MetricsSource {
  return {
    text: () => app.metrics.text(),
    contentType: app.metrics.registry.contentType,
    token: app.config.metricsToken,
    onError: (error) => app.log.error({ err: error }, 'metrics could not be collected'),
  };
}

/**
 * A listener of its own serving only /metrics, for a port that only the scraper can reach (a
 * private interface or a firewall rule). It also asks for METRICS_TOKEN when one is set. The caller
 * closes it. In a cluster the primary holds it (one process can bind the port) and serves the sum
 * of its workers' metrics.
 */
export async function listenForMetrics(source: MetricsSource, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const token = source.token;
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (request.method !== 'GET' || request.url?.split('?')[0] !== METRICS_PATH) {
      response.writeHead(404).end();
    } else if (token && (!given || !sameSecret(given, token))) {
      response.writeHead(401, { 'www-authenticate': 'Bearer realm="metrics"' }).end();
    } else {
      source.text().then(
        (text) => response.writeHead(200, { 'content-type': source.contentType }).end(text),
        (error: unknown) => {
          source.onError(error);
          response.writeHead(500).end();
        },
      );
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
