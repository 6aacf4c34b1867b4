import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Three projects, run by `npm test` one after the other:
 *  - unit: pure code beside its source (domain rules, server helpers, web components)
 *  - api:  the Fastify app in process against a real database per test file
 *  - e2e:  the built server in a child process, driven through Debian's Chromium
 */
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Vitest's default is one worker on a 2-core machine: two take it from 55 to 33 s.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          // Projects with different worker settings run as separate groups.
          sequence: { groupOrder: 1 },
          include: ['tests/api/**/*.test.ts'],
          // *.pg.test.ts need a real PostgreSQL server and run in the PostgreSQL pass only;
          // *.pglite.test.ts are about the embedded database and run in the PGlite pass only.
          exclude: process.env.TEST_DB === 'postgres' ? ['tests/api/**/*.pglite.test.ts'] : ['tests/api/**/*.pg.test.ts'],
          globalSetup: ['tests/support/api-global-setup.ts'],
          pool: 'forks',
          // PGlite keeps both cores busy with two files; on PostgreSQL a file often waits for the
          // server, and a third worker fills that wait (156 → 114 s for the pass).
          maxWorkers: process.env.TEST_DB === 'postgres' ? 3 : 2,
          // Each file builds its own app on its own database, so files need no module isolation;
          // sharing the imported server across a worker's files saves ~70 s of imports per pass.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['tests/e2e/**/*.spec.ts'],
          globalSetup: ['tests/e2e/support/e2e-global-setup.ts'],
          pool: 'forks',
          // Three files at a time on the 2-core machines: a file waits on its server, its browser
          // and their starts often enough that two left 15 % of the cores idle (422 → 397 s,
          // docs/PERFORMANCE.md). E2E_WORKERS sets another number; serially the suite took 11 min.
          maxWorkers: Number(process.env.E2E_WORKERS ?? 3),
          // As in the API project: a worker's files share what they import (playwright, the
          // server code that seeds), each file still starting its own server and browser.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A page drawn from its own chunk on a busy 2-core machine can take seconds: expect.poll's
          // 1 s default failed checks whose page was simply not drawn yet (slow CI runs of 27 Nov).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
