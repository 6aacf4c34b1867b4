import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANDING_SCREEN_MODULES } from '#server/http/first-screen.ts';
import { type LoadedScript, firstLoadScripts } from './support/first-load.ts';

/**
 * Budgets of the first screens on a phone (issue 10; docs/PERFORMANCE.md), read from the build
 * the other browser tests run against: cheap and exact, no browser, no timing.
 */
const WEB_DIR = path.resolve('dist/web');
const LOGIN_BUDGET_BYTES = 100 * 1024;

/** Libraries that only a form, a dialog or a toast needs, fetched when one is used. */
const ON_DEMAND =
  /node_modules\/(zod|react-hook-form|@hookform|sonner|@radix-ui\/react-dialog|react-easy-crop|react-dropzone|embla-carousel)\//;

const total = (scripts: LoadedScript[]) => scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
const listing = (scripts: LoadedScript[]) =>
  scripts.map((script) => `${(script.gzipBytes / 1024).toFixed(1)} KB ${script.file}`).join('\n');
const onDemandIn = (scripts: LoadedScript[]) =>
  [...new Set(scripts.flatMap((script) => script.sources.filter((source) => ON_DEMAND.test(source))))].map((source) =>
    source.replace(/^.*node_modules\//, ''),
  );

describe('the first load of a screen', () => {
  // The login screen comes with the entry script (app/router.tsx): its first load is that file alone.
  it('of /auth/login is at most 100 KB of gzipped JavaScript, in one file', () => {
    const scripts = firstLoadScripts(WEB_DIR, []);
    expect(total(scripts), listing(scripts)).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
    expect(scripts).toHaveLength(1);
  });

  it('of /auth/login carries no form or validation library, no toasts and no dialogs', () => {
    expect(onDemandIn(firstLoadScripts(WEB_DIR, []))).toEqual([]);
  });

  it('of Products and of a product page carries none of them either', () => {
    expect(onDemandIn(firstLoadScripts(WEB_DIR, ['shop-layout', 'products-page']))).toEqual([]);
    expect(onDemandIn(firstLoadScripts(WEB_DIR, ['shop-layout', 'product-detail-page']))).toEqual([]);
  });
});

describe('the page of a landing screen', () => {
  it("names files that exist: every module it preloads is in the build's manifest", () => {
    // A renamed or moved screen would otherwise lose its modulepreload links without a sound.
    const manifest = JSON.parse(fs.readFileSync(path.join(WEB_DIR, '.vite/manifest.json'), 'utf8')) as Record<string, unknown>;
    const missing = LANDING_SCREEN_MODULES.filter((module) => !(module in manifest));
    expect(LANDING_SCREEN_MODULES.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });
});
