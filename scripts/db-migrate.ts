/** `npm run db:migrate`: applies committed migrations to the configured database (the server also does this at start). */
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.databaseUrl ? undefined : config.dataDir,
});
try {
  await migrateDatabase(database, config.databaseUrl);
  console.info(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
