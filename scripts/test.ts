/**
 * `npm test`: every test, in the order that fails fastest.
 *  1. unit + API tests on the embedded database (PGlite)
 *  2. API tests again on PostgreSQL when TEST_DATABASE_URL is set (CI always sets it; in CI
 *     a missing TEST_DATABASE_URL is an error, never a silent skip)
 *  3. end-to-end tests in Debian's Chromium
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');

function run(label: string, args: string[], env: Record<string, string> = {}) {
  console.info(`\n▶ ${label}`);
  const result = spawnSync(process.execPath, [vitest, 'run', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

run('unit and API tests (PGlite)', ['--project', 'unit', '--project', 'api'], { TEST_DB: 'pglite' });

if (process.env.TEST_DATABASE_URL) {
  run('API tests (PostgreSQL)', ['--project', 'api'], { TEST_DB: 'postgres' });
} else if (process.env.CI) {
  console.error('✖ CI must run the API tests on PostgreSQL: set TEST_DATABASE_URL');
  process.exit(1);
} else {
  console.info('\nℹ API tests on PostgreSQL not run: set TEST_DATABASE_URL=postgres://… to include them.');
}

run('end-to-end tests (Chromium)', ['--project', 'e2e']);
