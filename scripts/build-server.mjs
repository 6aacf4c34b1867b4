/**
 * npm run build:server — compiles the server (src/server/main.ts and everything it imports from
 * src/server and src/domain) to JavaScript in dist/server, which `npm start` runs without a
 * TypeScript loader. Plain JavaScript itself, so that running it needs nothing but esbuild.
 *
 * - esbuild bundles our own code (the `#server/…` and `#domain/…` imports of package.json resolve
 *   at build time) and leaves every package in node_modules as an import (`packages: 'external'`).
 * - The roles main.ts loads on demand (single process, cluster primary, worker) become chunks
 *   beside main.js (`splitting`), so a cluster's primary does not load the app it never runs.
 * - Source maps (linked, without the sources: they point at src/) make stack traces name the
 *   TypeScript lines; `npm start` runs with --enable-source-maps.
 * - Files the code finds relative to its own module (`new URL(…, import.meta.url)`) must resolve
 *   from dist/server too: the SQL migrations are copied to dist/server/migrations, and dist/web is
 *   `../../dist/web` from src/server and from dist/server alike.
 *
 * Each file is written under a temporary name and renamed into place, and chunk names carry a
 * content hash, so a server starting during a build (or two builds at once, as parallel tests may
 * run) never reads a half-written file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_OUT_DIR = path.join(root, 'dist/server');
const MIGRATIONS_SOURCE = path.join(root, 'src/server/db/migrations');
/** Files of earlier builds are removed once they are this old (a server started before may still load them). */
const STALE_AFTER_MS = 10 * 60_000;

function writeAtomically(file, contents) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
}

function filesUnder(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** How every compiled file of the server is built: our code bundled, packages left as imports, source maps to src/. */
const COMPILE_OPTIONS = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  tsconfig: 'tsconfig.server.json',
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
};

async function loadEsbuild() {
  try {
    return await import('esbuild');
  } catch {
    throw new Error(
      'Building the server needs esbuild (a devDependency): run `npm install`, or build before `npm ci --omit=dev`.',
    );
  }
}

export async function buildServer() {
  const esbuild = await loadEsbuild();
  const result = await esbuild.build({
    ...COMPILE_OPTIONS,
    entryPoints: ['src/server/main.ts'],
    outdir: 'dist/server',
    splitting: true,
    write: false,
  });
  const written = new Set();
  // main.js last: it is what a starting server reads first, so it never names a chunk not yet there.
  const outputs = [...result.outputFiles].sort((a, b) => Number(a.path.endsWith('main.js')) - Number(b.path.endsWith('main.js')));
  for (const file of filesUnder(MIGRATIONS_SOURCE)) {
    const target = path.join(SERVER_OUT_DIR, 'migrations', path.relative(MIGRATIONS_SOURCE, file));
    writeAtomically(target, fs.readFileSync(file));
    written.add(target);
  }
  for (const output of outputs) {
    writeAtomically(output.path, output.contents);
    written.add(output.path);
  }
  const now = Date.now();
  for (const file of filesUnder(SERVER_OUT_DIR)) {
    if (written.has(file)) continue;
    try {
      if (now - fs.statSync(file).mtimeMs > STALE_AFTER_MS) fs.rmSync(file);
    } catch {
      // Removed meanwhile by another build.
    }
  }
}

/**
 * Compiles a script that runs the app in its own process (the bench's server) as the server is
 * compiled, after building the server: into dist/server beside main.js, so that what the app finds
 * relative to its module (the migrations, dist/web) resolves as it does for main.js. Answers the
 * compiled file's path.
 */
export async function buildServerScript(entry, fileName) {
  await buildServer();
  const esbuild = await loadEsbuild();
  const outfile = path.join(SERVER_OUT_DIR, fileName);
  await esbuild.build({ ...COMPILE_OPTIONS, entryPoints: [entry], outfile });
  return outfile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const started = Date.now();
  await buildServer();
  console.info(`Server built into dist/server in ${Date.now() - started} ms`);
}
