/**
 * Builds the web app when dist/web is missing or older than its sources, so `npm start` on a
 * fresh clone serves the real app without a separate build step.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = path.join(root, 'dist/web/index.html');
const sources = ['src/web', 'src/domain', 'vite.config.ts', 'package-lock.json'];

function newestMtime(entry: string): number {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...(fs.readdirSync(full, { recursive: true }) as string[]).map((file) => fs.statSync(path.join(full, file)).mtimeMs),
  );
}

export function webBuildIsFresh(): boolean {
  if (!fs.existsSync(builtIndex)) return false;
  const builtAt = fs.statSync(builtIndex).mtimeMs;
  return sources.every((entry) => newestMtime(entry) <= builtAt);
}

export function ensureWebBuild(): void {
  if (webBuildIsFresh()) return;
  console.info('Building the web app (dist/web)…');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    // Vite takes NODE_ENV from the environment when set: under the test runner (NODE_ENV=test)
    // it built React's development bundles, three times the size and slower.
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) ensureWebBuild();
