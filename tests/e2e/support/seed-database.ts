import type { DatabaseHandle } from '#server/db/client.ts';
import { openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';

/**
 * The embedded database of a DATA_DIR being seeded before its server starts: opened once for
 * every seeder of a file (accounts, listings, …), where each used to open and close it (1–2 s of
 * CPU an open), and closed by `finishSeeding`, which startServer calls: PGlite allows one process
 * a directory, so anything else that opens it (a script) must call it first.
 */
const seeding = new Map<string, Promise<DatabaseHandle>>();

export function seedDatabase(dataDir: string): Promise<DatabaseHandle> {
  let database = seeding.get(dataDir);
  if (!database) {
    database = openDatabase({ pgliteDir: dataDir }).then(async (handle) => {
      await migrateDatabase(handle);
      return handle;
    });
    seeding.set(dataDir, database);
  }
  return database;
}

export async function finishSeeding(dataDir: string): Promise<void> {
  const database = seeding.get(dataDir);
  if (!database) return;
  seeding.delete(dataDir);
  await (await database).close();
}
