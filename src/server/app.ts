import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import { MAX_PRODUCT_IMAGES, PRODUCT_IMAGE_MAX_BYTES } from '#domain/constants.ts';
import { registerAlerts } from './alerts/alerts.ts';
import { apiDocsRoutes, registerApiDocs } from './api-docs/api-docs.ts';
import { registerAuthentication } from './auth/authenticate.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { EventBus } from './events/event-bus.ts';
import { registerErrorHandling, registerShutdownRefusal, routingOptions } from './http/error-handler.ts';
import { registerOriginGuard } from './http/origin-guard.ts';
import { registerRouteRegistry } from './http/route-registry.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { compiledSerializerCompiler } from './http/serializer.ts';
import { LoadShedder, registerLoadShedding, sheddingServerFactory } from './http/load-shedding.ts';
import { registerTextGuard } from './http/text-guard.ts';
import { UploadSlots } from './http/upload-slots.ts';
import { sessionCookieName } from './auth/session-cookie.ts';
import { registerWebApp } from './http/web-app.ts';
import { ImageQueue } from './images/image-queue.ts';
import { DEFAULT_JOB_QUEUE_SETTINGS, JobQueue, type JobQueueSettings } from './jobs/job-queue.ts';
import { DEFAULT_LIVE_STREAM_SETTINGS, LiveStreams, type LiveStreamSettings } from './live/live-streams.ts';
import type { Mailer } from './mail/mailer.ts';
import { registerMailJobs } from './mail/outbox.ts';
import { metricsRoutes, registerMetrics } from './metrics/metrics.ts';
import { registerListingCache } from './products/listing-cache.ts';
import { apiRoutes } from './routes.ts';
import { healthRoutes } from './site/health.routes.ts';
import type { Storage } from './storage/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    dbHandle: DatabaseHandle;
    clock: Clock;
    mailer: Mailer;
    storage: Storage;
    /** Every upload's decoding runs through this one queue (see images/image-queue.ts). */
    imageQueue: ImageQueue;
    /** Changes announced to every instance: live updates and cache invalidation (events/event-bus.ts). */
    events: EventBus;
    /** The durable job queue: mail and every other work done after a change commits (jobs/job-queue.ts). */
    jobs: JobQueue;
    /** The open live streams (GET /api/v1/events) of this instance (live/live-streams.ts). */
    live: LiveStreams;
    /** Sheds API requests past the load limits (http/load-shedding.ts). */
    loadShedder: LoadShedder;
    /** Uploads each account is sending right now (http/upload-slots.ts). */
    uploadSlots: UploadSlots;
  }
}

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  storage: Storage;
  /** Directory of uploaded files served at /uploads/ (the local storage driver's root). */
  uploadsDir: string;
  clock?: Clock;
  /** Image processing's concurrency limit; tests pass a smaller one. */
  imageQueue?: ImageQueue;
  /** Built SPA to serve; defaults to dist/web of this checkout. */
  webDir?: string;
  /** Job queue settings beyond WORKERS (tests make retries fast). */
  jobs?: Partial<JobQueueSettings>;
  /** Live stream settings (tests make heartbeats frequent). */
  live?: Partial<LiveStreamSettings>;
  /** What /metrics answers instead of this app's own registry: a cluster worker's sum of the machine's workers. */
  metricsText?: (own: Registry) => Promise<string>;
}

export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../dist/web', import.meta.url));

/** Never let these reach a log line. */
const REDACTED_LOG_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.oldPassword',
  '*.code',
  '*.token',
];

/** Builds the whole HTTP app without listening: main.ts listens, tests use inject(). */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  const shedder = new LoadShedder(config.loadShedding);
  const app = Fastify({
    // The raw server sheds API requests before Fastify routes them (http/load-shedding.ts).
    serverFactory: sheddingServerFactory(shedder),
    // One line per request, written when it is answered (below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    logger: { level: config.logLevel, redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' } },
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    // A hop count becomes the equivalent function: Fastify's types only take the other forms.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    forceCloseConnections: 'idle',
    bodyLimit: 256 * 1024,
    ...routingOptions,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler(app.log));
  app.decorate('config', config);
  app.decorate('db', deps.database.db);
  app.decorate('dbHandle', deps.database);
  app.decorate('clock', deps.clock ?? systemClock);
  app.decorate('mailer', deps.mailer);
  app.decorate('storage', deps.storage);
  app.decorate('imageQueue', deps.imageQueue ?? new ImageQueue());
  app.decorate('loadShedder', shedder);
  app.decorate('uploadSlots', new UploadSlots(config.uploadsPerUser));
  const events = new EventBus(deps.database.notifications, app.log);
  await events.start();
  app.decorate('events', events);
  const jobs = new JobQueue(deps.database, events, app.log, {
    ...DEFAULT_JOB_QUEUE_SETTINGS,
    workers: config.workers,
    ...deps.jobs,
  });
  app.decorate('jobs', jobs);
  registerMetrics(app, deps.metricsText);
  registerMailJobs(app);
  const live = new LiveStreams(deps.database.db, app.clock, events, app.log, {
    ...DEFAULT_LIVE_STREAM_SETTINGS,
    maxPerUser: config.liveStreamsPerUser,
    maxStreams: config.liveStreamsPerInstance,
    ...deps.live,
  });
  app.decorate('live', live);
  registerListingCache(app);
  registerAlerts(app);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });

  registerShutdownRefusal(app);
  await registerLoadShedding(app, shedder);
  registerRouteRegistry(app);
  registerErrorHandling(app);
  await registerSecurityHeaders(app, config);
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 4 compresses JSON nearly as well as 11 at a fraction of the CPU.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: PRODUCT_IMAGE_MAX_BYTES,
      // One more than allowed, so a sixth photo is reported as "Max 5" rather than cut off.
      files: MAX_PRODUCT_IMAGES + 1,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: 30,
    },
  });
  registerOriginGuard(app, config.publicUrl, config.corsOrigins);
  registerAuthentication(app);
  registerTextGuard(app);

  await registerApiDocs(app);
  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(apiRoutes, { prefix: '/api/v1' });
  await apiDocsRoutes(app);
  await registerWebApp(app, {
    webDir: deps.webDir ?? DEFAULT_WEB_DIR,
    uploadsDir: deps.uploadsDir,
    sessionCookie: sessionCookieName(config),
    siteUrl: config.publicUrl,
  });

  // Shutdown: live streams end (the server would wait for them forever), workers stop taking
  // jobs and finish theirs (bounded) while the server finishes its in-flight requests; only then
  // does the database close.
  let jobsStopped: Promise<void> | undefined;
  app.addHook('preClose', async () => {
    live.closeAll();
    jobsStopped = jobs.stop();
  });
  app.addHook('onClose', async () => {
    await (jobsStopped ?? jobs.stop());
    await events.stop();
    await deps.database.close();
  });
  // Every feature has defined its jobs while registering.
  await jobs.start();
  return app;
}

export function uploadsDirOf(config: Config): string {
  return path.join(config.dataDir, 'uploads');
}
