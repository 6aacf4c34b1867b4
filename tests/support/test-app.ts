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
import { type Mailer, createMemoryMailer } from '#server/mail/mailer.ts';
import { createLocalStorage } from '#server/storage/storage.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  mailer: ReturnType<typeof createMemoryMailer>;
  /** Where uploaded files land, to check what was (or was not) stored. */
  uploadsDir: string;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  clock?: Clock;
  config?: Partial<Config>;
  /** Another mailer for the app (e.g. a real SMTP one); `mailer.sent` then stays empty. */
  mailer?: Mailer;
  /** An image queue with other limits, to fill it up on purpose. */
  imageQueue?: ImageQueue;
}

/**
 * The real app, in process, on a fresh database of its own (PGlite or PostgreSQL, see
 * test-database.ts), with mail kept in memory and uploads in a temporary directory.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-api-'));
  const config = testConfig({ dataDir, ...options.config });
  const uploadsDir = path.join(dataDir, 'uploads');
  const mailer = createMemoryMailer();
  const app = await buildApp({
    config,
    database: database.handle,
    mailer: options.mailer ?? mailer,
    storage: createLocalStorage(uploadsDir),
    uploadsDir,
    webDir: path.join(dataDir, 'no-web-build'),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.imageQueue ? { imageQueue: options.imageQueue } : {}),
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
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
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

/** Every file under a directory, relative to it (to check uploads were written or removed). */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((entry) => fs.statSync(path.join(dir, entry)).isFile())
    .sort();
}
