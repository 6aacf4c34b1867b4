/**
 * How the web build groups modules into files (vite.config.ts, rolldown's codeSplitting groups).
 * Left to itself the bundler makes a file of every module two screens share, so a signed-in
 * page on a phone asked for ~30 files of 1 KB, each costing a round trip and a kilobyte of
 * headers. The groups:
 *  - app: everything the entry script loads (the first file of every visit);
 *  - screens: the other modules shared by the signed-in screens (cards, grids, frames, icons),
 *    except any module that needs a heavy library (validation, forms, dialogs, cropper,
 *    carousel): those are fetched only by the screens or dialogs that use them.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Libraries only some screens or dialogs need; `radix-ui` counts except for its Slot. */
const HEAVY_PACKAGES = /^(zod|react-hook-form|@hookform\/|react-easy-crop|react-dropzone|embla-carousel)/;
const STATIC_IMPORT = /^\s*import\s+(?!type\b)([^'";]*?)\s*from\s*['"]([^'"]+)['"]/gm;
const SIDE_EFFECT_IMPORT = /^\s*import\s*['"]([^'"]+)['"]/gm;

function resolveImport(root: string, from: string, specifier: string): string | undefined {
  if (specifier.startsWith('#web/')) return path.join(root, 'src/web', specifier.slice(5));
  if (specifier.startsWith('#domain/')) return path.join(root, 'src/domain', specifier.slice(8));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier);
  return undefined;
}

function importsHeavyPackage(bindings: string, specifier: string): boolean {
  if (HEAVY_PACKAGES.test(specifier)) return true;
  if (specifier !== 'radix-ui') return false;
  const names = bindings
    .replace(/[{}]/g, '')
    .split(',')
    .map((name) => name.trim().split(/\s+/)[0]);
  return names.some((name) => name && name !== 'Slot' && name !== 'type');
}

/**
 * The source files of src/web and src/domain that need a heavy library, directly or through
 * what they import statically (a dynamic import() is a lazy boundary and does not count).
 */
export function findHeavyModules(root: string): Set<string> {
  const files = ['src/web', 'src/domain'].flatMap((dir) =>
    (fs.readdirSync(path.join(root, dir), { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => path.join(root, dir, file)),
  );
  const imports = new Map<string, string[]>();
  const heavy = new Set<string>();
  for (const file of files) {
    const code = fs.readFileSync(file, 'utf8');
    const local: string[] = [];
    for (const [, bindings = '', specifier = ''] of code.matchAll(STATIC_IMPORT)) {
      if (importsHeavyPackage(bindings, specifier)) heavy.add(file);
      const target = resolveImport(root, file, specifier);
      if (target) local.push(target);
    }
    for (const [, specifier = ''] of code.matchAll(SIDE_EFFECT_IMPORT)) {
      const target = resolveImport(root, file, specifier);
      if (target) local.push(target);
    }
    imports.set(file, local);
  }
  // Heavy spreads to every importer, until nothing changes.
  for (let changed = true; changed;) {
    changed = false;
    for (const [file, targets] of imports) {
      if (!heavy.has(file) && targets.some((target) => heavy.has(target))) {
        heavy.add(file);
        changed = true;
      }
    }
  }
  return heavy;
}

const AUTH_SCREENS = /src[\\/]web[\\/]features[\\/]auth[\\/]/;

/** The codeSplitting groups described above. */
export function webChunkGroups(root: string) {
  const heavy = findHeavyModules(root);
  const isLightScreenModule = (id: string) => {
    const file = id.split('?')[0]!;
    if (heavy.has(file) || AUTH_SCREENS.test(file)) return false;
    return file.startsWith(path.join(root, 'src/')) || /node_modules[\\/]lucide-react[\\/]/.test(file);
  };
  return [
    { name: 'app', tags: ['$initial' as const], priority: 3 },
    { name: 'screens', test: isLightScreenModule, minShareCount: 2, priority: 1 },
  ];
}
