import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { expect } from 'vitest';
import { PLAYWRIGHT_CHROMIUM_FLAGS } from '../../../scripts/chromium-flags.ts';
import { idleProfiles, lendProfile, openProfile } from './profile-pool.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with everything that would phone home switched off. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: PLAYWRIGHT_CHROMIUM_FLAGS,
  });
}

export const PHONE = { width: 375, height: 812 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;

/**
 * A browser profile at `viewport`, signed out and with empty storage, for one test. Its pages get
 * no service worker unless a test asks for one (`serviceWorkers: 'allow'`): once someone signs in,
 * the worker precaches every app file and then answers each of the page's requests, work that
 * every context of every test paid again. The offline and push journeys (pwa.spec.ts) need it,
 * and the live journeys run with it too (WITH_SERVICE_WORKER), so the streams are still tested
 * through the worker that sits in front of them on a signed-in student's phone.
 *
 * Without the worker, the profile is recycled (see `lendProfile`): on these 2-core VMs a new
 * context and its first page load cost about 4 s of CPU, a load in a page that is already open
 * about 1 s, because the renderer process is kept.
 */
export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = DESKTOP,
  options: { serviceWorkers?: 'allow' | 'block'; hasTouch?: boolean } = {},
): Promise<BrowserContext> {
  const hasTouch = options.hasTouch ?? false;
  if (options.serviceWorkers === 'allow') {
    // A registered worker and its caches outlive a reset, so these profiles are never recycled.
    return browser.newContext({ baseURL, viewport, hasTouch, reducedMotion: 'reduce', serviceWorkers: 'allow' });
  }
  const idle = idleProfiles(browser, `${baseURL} ${viewport.width}x${viewport.height}${hasTouch ? ' touch' : ''}`);
  const profile = idle.pop() ?? (await openProfile(browser, baseURL, viewport, hasTouch));
  lendProfile(profile, idle);
  return profile.context;
}

/** The service worker on, as on a signed-in phone: the offline and push journeys, and those whose pages update live. */
export const WITH_SERVICE_WORKER = { serviceWorkers: 'allow' } as const;

export const SCREENSHOT_DIR = path.resolve('test-output/screenshots');

/**
 * Screenshots are for people to look at (Definition of done, item 4), so they are taken where
 * someone can look: on a developer's machine, or anywhere with SCREENSHOTS=1. CI (`.ci/run` sets
 * CI=1) throws its clone away with them, and drawing and encoding them was about a tenth of the
 * browser tests' time there (docs/PERFORMANCE.md). The axe scans beside them run everywhere.
 */
export const TAKING_SCREENSHOTS = process.env.SCREENSHOTS ? process.env.SCREENSHOTS !== '0' : !process.env.CI;

/**
 * A screenshot kept under test-output/screenshots/ for review: the full page as
 * <name>-<width>.png, or with `screen` only what the screen shows before scrolling, as
 * <name>-<width>-screen.png.
 */
export async function screenshot(page: Page, name: string, options: { screen?: boolean } = {}): Promise<void> {
  if (!TAKING_SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(SCREENSHOT_DIR, `${name}-${width}${options.screen ? '-screen' : ''}.png`);
  await page.screenshot({ path: file, fullPage: !options.screen, animations: 'disabled' });
}

/**
 * axe-core as AxeBuilder injects it: the minified build, evaluated only where the page has no axe
 * yet. AxeBuilder's legacy mode evaluates its source twice a scan, and its default is the
 * unminified 1.3 MB build: those two evaluations cost more than half a scan (2 × 207 ms against a
 * 450 ms run, listings.spec on this 2-core machine), and the second width of `captureAtBothWidths`
 * scans the same document again. Guarded, a scan of a page that has axe costs ~35 ms to skip it.
 */
const AXE_SOURCE = (() => {
  const minified = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return `if (typeof window.axe === 'undefined') {\n${minified}\n}`;
})();

/**
 * Fails on any serious or critical accessibility violation on the page as it is now. Legacy mode
 * runs axe in the page itself: the default opens a blank page per scan to merge the results of
 * cross-origin frames, which our pages have none of, and that made a scan 40 % slower
 * (shell.spec: 720 → 420 ms a scan; the suite runs about 230). Every rule runs; only the
 * violations are collected in full (the passes are not needed): about 15 % faster again.
 */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page, axeSource: AXE_SOURCE })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(blocking).toEqual([]);
}

/**
 * Two animation frames: the first reports the resize to media queries (useMediaQuery re-renders
 * synchronously), the second is drawn with what that render changed.
 */
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/** Screenshots at phone and desktop width with an axe scan at each (Definition of done, item 4). */
export async function captureAtBothWidths(page: Page, name: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await nextFrames(page);
    await expectAccessible(page);
    await screenshot(page, name);
  }
}

/** Screenshots (with axe scans) at 375 and 1280 px from the top of the page, so the fixed header sits where a user sees it. */
export async function captureFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureAtBothWidths(page, name);
}

/** The toast that says `text`. */
export const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
