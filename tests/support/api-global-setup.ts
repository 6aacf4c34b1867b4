import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { prepareTemplate } from './test-app.ts';
import { watchIdleTransactions } from './idle-transaction-watch.ts';
import { TEST_DB, databaseUrlFor, dropDatabases, withAdminClient } from './test-database.ts';

/**
 * Runs once before the API tests: migrates one template database that every test file copies,
 * with the job queues an app makes at its first start.
 * On PostgreSQL the databases of this run share a random prefix and are dropped at the end,
 * so a rerun always starts clean.
 */
export default async function setup(project: TestProject) {
  if (TEST_DB === 'pglite') {
    const handle = await openDatabase({});
    await migrateDatabase(handle);
    await prepareTemplate(handle);
    const dump = await handle.dumpDataDir!();
    await handle.close();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cm-pglite-')), 'template.tar.gz');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplateFile', file);
    return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  const prefix = `cm_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const templateDb = `${prefix}_template`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${templateDb}"`));
  const url = databaseUrlFor(serverUrl, templateDb);
  const handle = await openDatabase({ databaseUrl: url });
  await migrateDatabase(handle, url);
  await prepareTemplate(handle);
  await handle.close();
  project.provide('postgresTemplateDb', templateDb);
  const stopWatching = watchIdleTransactions(serverUrl, prefix);

  return async () => {
    await stopWatching();
    await dropDatabases(serverUrl, prefix);
  };
}
