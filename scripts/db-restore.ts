/**
 * `npm run db:restore -- <backup directory> [--force]`: puts a backup made by db:backup back.
 *  - PostgreSQL: into DATABASE_URL in one transaction (stop the app servers first): the schemas the
 *    backup holds are dropped and made again from it, so a failed restore changes nothing;
 *  - PGlite: recreates DATA_DIR/pglite from database.tar.gz. An existing database is kept aside as
 *    pglite.before-restore-<timestamp> and only with --force (the server must be stopped).
 * Uploaded photos are copied back into DATA_DIR/uploads.
 */
import { spawn, spawnSync } from 'node:child_process';
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

/** The schemas a custom-format dump creates, from its table of contents (undefined: unreadable). */
function schemasIn(file: string): string[] | undefined {
  const list = spawnSync('pg_restore', ['--list', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (list.error || list.status !== 0) return undefined;
  return [...list.stdout.matchAll(/^\d+; \d+ \d+ SCHEMA - (\S+) /gm)].map((match) => match[1]!);
}

/**
 * pg_restore --clean drops a partitioned table's partitions' keys one by one, which PostgreSQL
 * refuses (the job queue's tables are partitioned per kind), and it runs statement by statement.
 * So the restore's SQL goes through psql in one transaction, after dropping the schemas it makes,
 * and is committed only when pg_restore read the whole backup.
 */
async function restorePostgres(databaseUrl: string, file: string): Promise<boolean> {
  const inBackup = schemasIn(file);
  if (!inBackup) return false;
  const schemas = ['public', ...inBackup.filter((schema) => schema !== 'public')];
  const restore = spawn('pg_restore', ['--no-owner', '--file=-', file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const psql = spawn('psql', ['--quiet', '-v', 'ON_ERROR_STOP=1', '-f', '-', databaseUrl], {
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  psql.stdin.on('error', () => {}); // psql stopped at an error: its exit status says so
  // …and pg_restore, writing into a pipe nobody reads any more, would wait forever.
  psql.on('close', () => {
    if (restore.exitCode === null) restore.kill();
  });
  psql.stdin.write(
    `begin;\ndrop schema if exists ${schemas.map((schema) => `"${schema}"`).join(', ')} cascade;\ncreate schema public;\n`,
  );
  restore.stdout.pipe(psql.stdin, { end: false });
  const restored = await exited(restore);
  psql.stdin.end(restored === 0 ? '\ncommit;\n' : '\nrollback;\n');
  return restored === 0 && (await exited(psql)) === 0;
}

function exited(child: ReturnType<typeof spawn>): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.on('error', () => resolve(-1));
    child.on('close', resolve);
  });
}

if (config.databaseUrl) {
  if (!(await restorePostgres(config.databaseUrl, path.join(source, 'database.dump')))) {
    console.error('pg_restore failed: the database was left as it was');
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
