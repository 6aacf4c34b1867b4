import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { promoteConfiguredAdmins } from '../users/users.repository.ts';

/** The whole shutdown's bound; running jobs get DEFAULT_JOB_QUEUE_SETTINGS.stopTimeoutMs of it. */
export const SHUTDOWN_GRACE_MS = 10_000;

export function openConfiguredDatabase(config: Config, log: Logger): Promise<DatabaseHandle> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : config.dataDir,
    poolSize: config.databasePoolSize,
    onPoolError: (error) => log.warn({ err: error }, 'idle database connection lost'),
  });
}

/** What is done once per start, whatever the number of processes: migrations, then the admins of ADMIN_EMAILS. */
export async function prepareDatabase(database: DatabaseHandle, config: Config): Promise<void> {
  await migrateDatabase(database, config.databaseUrl);
  await promoteConfiguredAdmins(database.db, config.adminEmails);
}
