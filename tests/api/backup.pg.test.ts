import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import { insertUser } from '../support/factories.ts';
import { type TestDatabase, openTestDatabase } from '../support/test-database.ts';

// Runs only in the PostgreSQL pass (see vitest.config.ts): it needs pg_dump and a server.
let database: TestDatabase;
let workDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-pg-backup-'));
});
afterAll(async () => {
  await database?.dispose();
  fs.rmSync(workDir, { recursive: true, force: true });
});

function runScript(script: string, args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL: database.url!, DATA_DIR: path.join(workDir, 'data') },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

async function emails() {
  const handle = await openDatabase({ databaseUrl: database.url! });
  try {
    return (await handle.db.select({ email: users.email }).from(users)).map((row) => row.email).sort();
  } finally {
    await handle.close();
  }
}

describe('backup and restore on PostgreSQL', () => {
  it('brings back what pg_dump captured after the data changed', async () => {
    await insertUser(database.handle.db, { email: 'kept@campus.edu' });
    const backupDir = path.join(workDir, 'snapshot');
    const backup = runScript('db-backup', [backupDir]);
    expect(backup.status, backup.stderr).toBe(0);
    expect(fs.existsSync(path.join(backupDir, 'database.dump'))).toBe(true);

    await insertUser(database.handle.db, { email: 'added-later@campus.edu' });
    expect(await emails()).toEqual(['added-later@campus.edu', 'kept@campus.edu']);

    const restore = runScript('db-restore', [backupDir]);
    expect(restore.status, restore.stderr).toBe(0);
    expect(await emails()).toEqual(['kept@campus.edu']);
  });

  it.each([
    ['cut short', (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length * 0.8))],
    // Its table of contents reads, its last data block does not: by then the schemas were dropped.
    // (Overwritten bytes instead can send pg_restore into a loop that never ends.)
    ['missing its last bytes', (bytes: Buffer) => bytes.subarray(0, bytes.length - 300)],
  ])('leaves the database as it was when the backup is %s', async (label, damage) => {
    const backupDir = path.join(workDir, label.replaceAll(' ', '-'));
    expect(runScript('db-backup', [backupDir]).status).toBe(0);
    const dump = path.join(backupDir, 'database.dump');
    fs.writeFileSync(dump, damage(fs.readFileSync(dump)));
    const before = await emails();
    expect(before.length).toBeGreaterThan(0);

    const restore = runScript('db-restore', [backupDir]);
    expect(restore.status).toBe(1);
    expect(restore.stderr).toContain('pg_restore failed: the database was left as it was');
    expect(await emails()).toEqual(before);
  });
});
