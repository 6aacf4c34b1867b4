import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '#server/app.ts';
import { createSession } from '#server/auth/sessions.ts';
import { sessionCookieName } from '#server/auth/session-cookie.ts';
import type { Clock } from '#server/clock.ts';
import { type Config, testConfig } from '#server/config.ts';
import type { ImageQueue } from '#server/images/image-queue.ts';
import type { JobQueueSettings } from '#server/jobs/job-queue.ts';
import type { LiveStreamSettings } from '#server/live/live-streams.ts';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import { type Mailer, createMemoryMailer } from '#server/mail/mailer.ts';
import { type S3StorageSettings, storageFor } from '#server/storage/s3-storage.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  mailer: ReturnType<typeof createMemoryMailer>;
  /** Where uploaded files land, to check what was (or was not) stored. */
  uploadsDir: string;
  config: Config;
  /** The per-file database's URL on PostgreSQL (a second instance can open it); undefined on PGlite. */
  databaseUrl: string | undefined;
  /**
   * Runs every job that is due (mail to deliver, …) and resolves when none is left running: call
   * it before reading `mailer.sent`. Retries scheduled for later are not waited for.
   */
  drainJobs(): Promise<void>;
  /**
   * Waits until this app's caches have heard of every change committed so far. A row written
   * straight into the database (a factory) announces itself through LISTEN/NOTIFY, which on
   * PostgreSQL arrives a moment later: a read before then may still be answered from the cache.
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Tests retry failed jobs after about a second instead of five, and stop quickly. */
export const TEST_JOB_SETTINGS: Partial<JobQueueSettings> = {
  pollingIntervalSeconds: 0.5,
  retryDelaySeconds: 1,
  stopTimeoutMs: 3000,
};

export interface TestAppOptions {
  clock?: Clock;
  config?: Partial<Config>;
  /** Another mailer for the app (e.g. a real SMTP one); `mailer.sent` then stays empty. */
  mailer?: Mailer;
  /** An image queue with other limits, to fill it up on purpose. */
  imageQueue?: ImageQueue;
  /** Job queue settings beyond TEST_JOB_SETTINGS. */
  jobs?: Partial<JobQueueSettings>;
  /** Live stream settings (e.g. frequent heartbeats). */
  live?: Partial<LiveStreamSettings>;
  /** PostgreSQL only: a second instance on this app's database instead of a fresh one. */
  sameDatabaseAs?: TestApp;
  /** Uploads in this S3 bucket (tests/support/s3-server.ts) instead of a temporary directory. */
  s3?: S3StorageSettings;
  /** A built web app to serve (the tests of the served page pass a small stand-in). */
  webDir?: string;
}

/**
 * The real app, in process, on a fresh database of its own (PGlite or PostgreSQL, see
 * test-database.ts), with mail kept in memory and uploads in a temporary directory.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.sameDatabaseAs ? await attach(options.sameDatabaseAs) : await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-api-'));
  const config = testConfig({
    dataDir,
    ...(options.s3 ? { storage: { driver: 's3' as const, ...options.s3 } } : {}),
    ...options.config,
  });
  const uploadsDir = path.join(dataDir, 'uploads');
  const mailer = createMemoryMailer();
  const app = await buildApp({
    config,
    database: database.handle,
    mailer: options.mailer ?? mailer,
    storage: storageFor(config, uploadsDir),
    uploadsDir,
    webDir: options.webDir ?? path.join(dataDir, 'no-web-build'),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.imageQueue ? { imageQueue: options.imageQueue } : {}),
    jobs: { ...TEST_JOB_SETTINGS, ...options.jobs },
    ...(options.live ? { live: options.live } : {}),
  });
  // buildApp closes the handle on app.close(); the per-file database is dropped after that.
  app.addHook('onClose', async () => {
    await database.dispose().catch(() => {});
  });
  return {
    app,
    mailer,
    uploadsDir,
    config,
    databaseUrl: database.url,
    drainJobs: () => app.jobs.drain(),
    settled: async () => {
      if (!(await app.events.caughtUp(app.db))) throw new Error('the event bus did not catch up');
    },
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the app once on a freshly migrated template database and closes it again, leaving the
 * database open: every file's app then finds its job queues made, as a restarted instance does
 * (pg-boss adds a table per kind of job, about 0.4 s an app on PostgreSQL). No job runs.
 */
export async function prepareTemplate(database: DatabaseHandle): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-api-template-'));
  const config = testConfig({ dataDir });
  const uploadsDir = path.join(dataDir, 'uploads');
  const app = await buildApp({
    config,
    database: { ...database, close: async () => {} },
    mailer: createMemoryMailer(),
    storage: storageFor(config, uploadsDir),
    uploadsDir,
    webDir: path.join(dataDir, 'no-web-build'),
    jobs: { ...TEST_JOB_SETTINGS, workers: false },
  });
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** Another connection pool on an app's PostgreSQL database, closed (not dropped) with its app. */
async function attach(other: TestApp) {
  if (!other.databaseUrl) throw new Error('a second instance on one database needs TEST_DB=postgres');
  const handle = await openDatabase({ databaseUrl: other.databaseUrl });
  return { handle, url: other.databaseUrl, dispose: () => handle.close() };
}

/** A signed-in cookie header for a user, without going through the login route. */
export async function sessionCookieFor(testApp: TestApp, userId: string): Promise<string> {
  const token = await createSession(testApp.app.db, testApp.app.clock, userId, 'vitest');
  return `${sessionCookieName(testApp.config)}=${token}`;
}

/** The parsed JSON body of an inject() answer. */
export function body<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json() as T;
}

/** The storage key behind an uploaded file's (absolute) URL, i.e. its path under the uploads directory. */
export function storageKeyOf(url: string): string {
  const { pathname } = new URL(url);
  if (!pathname.startsWith('/uploads/')) throw new Error(`not an uploaded file's URL: ${url}`);
  return pathname.slice('/uploads/'.length);
}

/** Every file under a directory, relative to it (to check uploads were written or removed). */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((entry) => fs.statSync(path.join(dir, entry)).isFile())
    .sort();
}
