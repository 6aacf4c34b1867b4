/**
 * Builds what `npm start` serves when it is missing or older than its sources: the web app
 * (Vite, into dist/web) and the server (esbuild, into dist/server; scripts/build-server.mjs), so
 * `npm install && npm start` on a fresh clone just works. Plain JavaScript: `npm start` checks
 * this before running the compiled server, without a TypeScript loader. Each build runs in a child
 * process, so nothing of the build tools stays in the server's memory.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const web = {
  name: 'web app',
  built: path.join(root, 'dist/web/index.html'),
  sources: ['src/web', 'src/domain', 'vite.config.ts', 'package-lock.json'],
};

const server = {
  name: 'server',
  built: path.join(root, 'dist/server/main.js'),
  sources: [
    'src/server',
    'src/domain',
    'package.json',
    'package-lock.json',
    'tsconfig.server.json',
    'tsconfig.base.json',
    'scripts/build-server.mjs',
  ],
};

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...fs.readdirSync(full, { recursive: true }).map((file) => fs.statSync(path.join(full, file)).mtimeMs),
  );
}

function isFresh(target) {
  if (!fs.existsSync(target.built)) return false;
  const builtAt = fs.statSync(target.built).mtimeMs;
  return target.sources.every((entry) => newestMtime(entry) <= builtAt);
}

/**
 * Runs `node script …args`. The build tool (`needs`) may be missing, in an install without
 * devDependencies: an existing build is then served as it is, with a warning.
 */
function build(target, { needs, script, args, env }) {
  if (!fs.existsSync(path.join(root, needs)) && fs.existsSync(target.built)) {
    console.warn(
      `The ${target.name} build looks older than its sources, but ${needs} is not installed: serving the existing build.`,
    );
    return;
  }
  execFileSync(process.execPath, [path.join(root, script), ...args], { cwd: root, stdio: 'inherit', env });
}

export function webBuildIsFresh() {
  return isFresh(web);
}

export function ensureWebBuild() {
  if (isFresh(web)) return;
  console.info('Building the web app (dist/web)…');
  const vite = 'node_modules/vite/bin/vite.js';
  build(web, {
    needs: vite,
    script: vite,
    args: ['build', '--logLevel', 'warn'],
    // Vite takes NODE_ENV from the environment when set: under the test runner (NODE_ENV=test)
    // it built React's development bundles, three times the size and slower.
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

export function serverBuildIsFresh() {
  return isFresh(server);
}

export function ensureServerBuild() {
  if (isFresh(server)) return;
  console.info('Building the server (dist/server)…');
  build(server, { needs: 'node_modules/esbuild', script: 'scripts/build-server.mjs', args: [], env: process.env });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  ensureWebBuild();
  ensureServerBuild();
}
