import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { Storage } from '../storage/storage.ts';
import { DEMO_PASSWORD, formatDemoLogins, isDatabaseEmpty, seedDemoCatalogue } from './seed-catalogue.ts';

/**
 * A newcomer's first `npm start` (embedded database, nothing in it yet) opens on a lived-in
 * marketplace instead of an empty one. Never on PostgreSQL, never with DEMO_DATA=false (the
 * default in production, see config.ts).
 */
export async function loadDemoCatalogueIfEmpty(database: DatabaseHandle, config: Config, storage: Storage, log: Logger) {
  if (!config.demoData || database.kind !== 'pglite') return;
  if (!(await isDatabaseEmpty(database.db))) return;
  if (config.production) {
    log.warn(`production install: creating demo accounts whose password (${DEMO_PASSWORD}) is published, because DEMO_DATA=true`);
  }
  log.info('empty database: loading the demo catalogue (set DEMO_DATA=false to start empty)');
  const logins = await seedDemoCatalogue({ db: database.db, storage, progress: (line) => log.info(line) });
  console.info(`\n${formatDemoLogins(logins)}\n`);
}
