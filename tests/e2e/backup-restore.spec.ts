import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import { seedAccounts } from './support/accounts.ts';
import { finishSeeding } from './support/seed-database.ts';
import { makeDataDir } from './support/server.ts';

function npmScript(script: string, args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

async function emailsIn(dataDir: string) {
  const database = await openDatabase({ pgliteDir: dataDir });
  try {
    return (await database.db.select({ email: users.email }).from(users)).map((row) => row.email);
  } finally {
    await database.close();
  }
}

describe('backup and restore of the embedded database', () => {
  it('restores what a backup captured, photos included', async () => {
    const dataDir = makeDataDir();
    await seedAccounts(dataDir, [{ email: 'backed-up@campus.edu' }]);
    await finishSeeding(dataDir);
    fs.mkdirSync(path.join(dataDir, 'uploads/avatars'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads/avatars/a.webp'), 'photo');
    const backupDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cm-backup-')), 'snapshot');

    const backup = npmScript('db-backup', [backupDir], { DATA_DIR: dataDir });
    expect(backup.status, backup.stderr).toBe(0);
    expect(fs.existsSync(path.join(backupDir, 'database.tar.gz'))).toBe(true);

    const freshDir = makeDataDir({ empty: true });
    const restore = npmScript('db-restore', [backupDir], { DATA_DIR: freshDir });
    expect(restore.status, restore.stderr).toBe(0);
    expect(await emailsIn(freshDir)).toEqual(['backed-up@campus.edu']);
    expect(fs.readFileSync(path.join(freshDir, 'uploads/avatars/a.webp'), 'utf8')).toBe('photo');

    const again = npmScript('db-restore', [backupDir], { DATA_DIR: freshDir });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('Re-run with --force');

    for (const dir of [dataDir, freshDir, path.dirname(backupDir)]) fs.rmSync(dir, { recursive: true, force: true });
  });
});
