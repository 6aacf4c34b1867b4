/**
 * `npm run db:restore -- <backup directory> [--force]`: puts a backup made by db:backup back.
 *  - PostgreSQL: pg_restore --clean into DATABASE_URL (stop the app servers first);
 *  - PGlite: recreates DATA_DIR/pglite from database.tar.gz. An existing database is kept aside as
 *    pglite.before-restore-<timestamp> and only with --force (the server must be stopped).
 * Uploaded photos are copied back into DATA_DIR/uploads.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { loadConfig } from '../src/server/config.ts';
import { acquireDataDirLock } from '../src/server/db/data-dir-lock.ts';

const source = process.argv[2];
const force = process.argv.includes('--force');
if (!source || !fs.existsSync(source)) {
  console.error('Usage: npm run db:restore -- <backup directory> [--force]');
  process.exit(1);
}
const config = loadConfig();

if (config.databaseUrl) {
  const file = path.join(source, 'database.dump');
  const result = spawnSync('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${config.databaseUrl}`, file], {
    stdio: 'inherit',
  });
  if (result.error || result.status !== 0) {
    console.error('pg_restore failed');
    process.exit(1);
  }
} else {
  const release = acquireDataDirLock(config.dataDir);
  try {
    const pgliteDir = path.join(config.dataDir, 'pglite');
    if (fs.existsSync(pgliteDir) && fs.readdirSync(pgliteDir).length > 0) {
      if (!force) {
        console.error(`${pgliteDir} already holds a database. Re-run with --force to replace it (it is kept aside).`);
        process.exit(1);
      }
      fs.renameSync(pgliteDir, `${pgliteDir}.before-restore-${Date.now()}`);
    }
    const dump = new Blob([fs.readFileSync(path.join(source, 'database.tar.gz'))]);
    const client = await PGlite.create({ dataDir: pgliteDir, loadDataDir: dump, extensions: { pg_trgm } });
    await client.close();
  } finally {
    release();
  }
}

const uploads = path.join(source, 'uploads');
if (fs.existsSync(uploads)) fs.cpSync(uploads, path.join(config.dataDir, 'uploads'), { recursive: true });
console.info(`Restored from ${path.resolve(source)}`);
