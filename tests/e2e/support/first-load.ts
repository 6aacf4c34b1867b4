import fs from 'node:fs';
import path from 'node:path';

/** One script a first load downloads: its size as a gzip client receives it, and the sources bundled in it. */
export interface LoadedScript {
  file: string;
  gzipBytes: number;
  sources: string[];
}

const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[\w.-]+\.js)["']/g;

function staticImportsOf(assetsDir: string, file: string): string[] {
  const code = fs.readFileSync(path.join(assetsDir, file), 'utf8');
  return [...code.matchAll(STATIC_IMPORT)].map((match) => match[1]!.slice(2));
}

/** The file and everything it imports statically, as the browser fetches them. */
function closureOf(assetsDir: string, file: string, into: Set<string>) {
  if (into.has(file)) return;
  into.add(file);
  for (const imported of staticImportsOf(assetsDir, file)) closureOf(assetsDir, imported, into);
}

/** What the server sends a gzip client: the .gz written at build time, or the file itself when too small to be worth compressing. */
function gzipBytesOf(assetsDir: string, file: string): number {
  const full = path.join(assetsDir, file);
  return fs.statSync(fs.existsSync(`${full}.gz`) ? `${full}.gz` : full).size;
}

function sourcesOf(assetsDir: string, file: string): string[] {
  const map = path.join(assetsDir, `${file}.map`);
  if (!fs.existsSync(map)) return [];
  return (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

/**
 * The JavaScript a first visit to one screen downloads, read from the build (dist/web): the
 * entry script of index.html with its static imports, and each lazily loaded chunk the visit
 * needs (named after its source file: 'login-page', 'shop-layout') with its own. The app fetches
 * the chunks of the address being opened at start (preloadScreensFor), so this is exact, and
 * it costs no browser.
 */
export function firstLoadScripts(webDir: string, chunks: string[]): LoadedScript[] {
  const assetsDir = path.join(webDir, 'assets');
  const html = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\/assets\/([\w.-]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module script');
  const files = new Set<string>();
  closureOf(assetsDir, entry, files);
  for (const chunk of chunks) {
    const matching = fs.readdirSync(assetsDir).filter((file) => new RegExp(`^${chunk}-[\\w-]+\\.js$`).test(file));
    if (matching.length !== 1) throw new Error(`expected one chunk named ${chunk}, found ${matching.length}`);
    closureOf(assetsDir, matching[0]!, files);
  }
  return [...files].map((file) => ({ file, gzipBytes: gzipBytesOf(assetsDir, file), sources: sourcesOf(assetsDir, file) }));
}
