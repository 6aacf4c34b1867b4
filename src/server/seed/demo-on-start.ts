import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { Storage } from '../storage/storage.ts';
import { seedDemoActivity } from './demo-activity.ts';
import { DEMO_PASSWORD, type DemoLogin, formatDemoLogins, isDatabaseEmpty, seedDemoCatalogue } from './seed-catalogue.ts';

/**
 * A newcomer's first `npm start` (embedded database, nothing in it yet) opens on a lived-in
 * marketplace instead of an empty one. Never on PostgreSQL, never with DEMO_DATA=false (the
 * default in production, see config.ts). Answers the demo's logins when it loaded the catalogue:
 * its activity is written once the app is built (`loadDemoActivity`).
 */
export async function loadDemoCatalogueIfEmpty(
  database: DatabaseHandle,
  config: Config,
  storage: Storage,
  log: Logger,
): Promise<DemoLogin[] | undefined> {
  if (!config.demoData || database.kind !== 'pglite') return undefined;
  if (!(await isDatabaseEmpty(database.db))) return undefined;
  if (config.production) {
    log.warn(`production install: creating demo accounts whose password (${DEMO_PASSWORD}) is published, because DEMO_DATA=true`);
  }
  log.info('empty database: loading the demo catalogue (set DEMO_DATA=false to start empty)');
  return seedDemoCatalogue({ db: database.db, storage, progress: (line) => log.info(line) });
}

/**
 * The demo students' conversations, requests, offers, sales and reviews, meet-ups, saved searches,
 * wishlists and alerts, written through the built app's own API (demo-activity.ts, which waits for
 * the queue to deliver the alerts, so they are there before the server listens), then the logins.
 * A failure leaves the catalogue without activity and the server still starts.
 */
export async function loadDemoActivity(app: FastifyInstance, logins: DemoLogin[]) {
  try {
    await seedDemoActivity(app, (line) => app.log.info(line));
  } catch (error) {
    app.log.warn({ err: error }, 'the demo activity could not be written: the demo starts without conversations and requests');
  }
  console.info(`\n${formatDemoLogins(logins)}\n`);
}
