/**
 * `npm run db:backup [-- <directory>]`: writes a restorable backup into backups/<timestamp>/ :
 *  - PostgreSQL (DATABASE_URL set): database.dump from pg_dump (custom format), taken online;
 *  - embedded PGlite: database.tar.gz, PGlite's own data-directory dump. PGlite allows one process
 *    at a time, so stop the server first (the DATA_DIR lock says so if you forget);
 *  - and a copy of the uploaded photos (uploads/).
 * Restore with `npm run db:restore -- backups/<timestamp>` (see README).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';

const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = path.resolve(process.argv[2] ?? path.join('backups', stamp));
fs.mkdirSync(target, { recursive: true });

if (config.databaseUrl) {
  const file = path.join(target, 'database.dump');
  const result = spawnSync('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, config.databaseUrl], {
    stdio: 'inherit',
  });
  if (result.error || result.status !== 0) {
    console.error(`pg_dump failed${result.error ? `: ${result.error.message} (is the PostgreSQL client installed?)` : ''}`);
    process.exit(1);
  }
} else {
  const database = await openDatabase({ pgliteDir: config.dataDir });
  try {
    const dump = await database.dumpDataDir!();
    fs.writeFileSync(path.join(target, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

const uploads = path.join(config.dataDir, 'uploads');
if (fs.existsSync(uploads)) fs.cpSync(uploads, path.join(target, 'uploads'), { recursive: true });
console.info(`Backup written to ${target}`);
