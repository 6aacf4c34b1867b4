/**
 * npm run seed                          the demo catalogue (students, listings, photos)
 * npm run seed -- --products 100000     plus generated listings up to that many, for load tests
 * npm run seed -- --messages 1000000    plus that many generated messages (10 per conversation)
 *
 * Uses DATA_DIR (embedded PGlite; refused while a server holds it) or DATABASE_URL, like the server.
 */
import { parseArgs } from 'node:util';
import { buildApp, uploadsDirOf } from '#server/app.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { DataDirLockedError } from '#server/db/data-dir-lock.ts';
import { createMemoryMailer } from '#server/mail/mailer.ts';
import { seedDemoActivity } from '#server/seed/demo-activity.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import {
  demoLogins,
  formatDemoLogins,
  hasDemoCatalogue,
  seedDemoCatalogue,
  seedScaleCatalogue,
} from '#server/seed/seed-catalogue.ts';
import { seedConversations } from '#server/seed/seed-conversations.ts';
import { storageFor } from '#server/storage/s3-storage.ts';

function readCount(name: string, raw: string | undefined, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const count = Number(raw.replace(/[_,]/g, ''));
  if (!Number.isInteger(count) || count < 1 || count > max) {
    throw new ConfigError(`--${name} must be a whole number between 1 and ${max.toLocaleString('en')} (got "${raw}")`);
  }
  return count;
}

function readOptions() {
  const { values } = parseArgs({ options: { products: { type: 'string' }, messages: { type: 'string' } } });
  return {
    target: readCount('products', values.products, 5_000_000),
    messages: readCount('messages', values.messages, 10_000_000),
  };
}

async function main() {
  const { target, messages } = readOptions();
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : config.dataDir,
  });
  let databaseClosed = false;
  try {
    await migrateDatabase(database, config.databaseUrl);
    const uploadsDir = uploadsDirOf(config);
    const storage = storageFor(config, uploadsDir);
    const ctx = { db: database.db, storage, progress: (line: string) => console.info(line) };
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    console.info(`Seeding ${where}`);

    const started = Date.now();
    const freshDemo = !(await hasDemoCatalogue(ctx));
    if (freshDemo) {
      const logins = await seedDemoCatalogue(ctx);
      console.info(formatDemoLogins(logins));
    } else {
      console.info(`The demo catalogue is already there.\n${formatDemoLogins(demoLogins())}`);
    }
    if (target !== undefined) {
      const added = await seedScaleCatalogue(ctx, target);
      console.info(
        added > 0 ? `Added ${added} listings (${target} in all).` : `The catalogue already has ${target} listings or more.`,
      );
    }
    if (messages !== undefined) {
      const added = await seedConversations(ctx, messages);
      console.info(`Added ${added} messages (${added / Math.min(10, messages)} conversations).`);
    }
    if (freshDemo) {
      // The students' activity goes through the app's own API. Its workers stay off here: the
      // mails and alerts (price drops, saved-search matches) it queues are delivered by the
      // server as it starts.
      const app = await buildApp({
        config: { ...config, workers: false },
        database,
        mailer: createMemoryMailer(),
        storage,
        uploadsDir,
      });
      try {
        await seedDemoActivity(app, ctx.progress);
      } finally {
        databaseClosed = true;
        await app.close();
      }
    }
    console.info(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    if (!databaseClosed) await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
