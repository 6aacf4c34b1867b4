import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { ensureWebBuild } from '../../../scripts/ensure-web-build.ts';
import { prepareTemplate } from '../../support/test-app.ts';
import { CHROMIUM_PATH } from './browser.ts';

/**
 * Before any browser test: the browser must exist (a missing one fails, never skips), the SPA is
 * built, and one DATA_DIR is migrated for every file to copy (makeDataDir): migrating the embedded
 * database took each file about 3 s. The template also holds the job queues a first start makes
 * (pg-boss's 13 create_queue calls took 0.46 s of each server's start on the embedded database).
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `End-to-end tests need Debian's Chromium at ${CHROMIUM_PATH} (apt-get install chromium); .ci/run installs it.`,
    );
  }
  ensureWebBuild();
  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-e2e-template-'));
  const database = await openDatabase({ pgliteDir: template });
  await migrateDatabase(database);
  await prepareTemplate(database);
  await database.close();
  project.provide('e2eDataDirTemplate', template);
  return () => fs.rmSync(template, { recursive: true, force: true });
}
