import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { expect } from 'vitest';
import { CHROMIUM_FLAGS } from '../../../scripts/chromium-flags.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with everything that would phone home switched off. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
}

export const PHONE = { width: 375, height: 812 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;

export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
}

export const SCREENSHOT_DIR = path.resolve('test-output/screenshots');

/** Full-page screenshot kept under test-output/screenshots/<name>-<width>.png for review. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(SCREENSHOT_DIR, `${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/**
 * Fails on any serious or critical accessibility violation on the page as it is now. Legacy mode
 * runs axe in the page itself: the default opens a blank page per scan to merge the results of
 * cross-origin frames, which our pages have none of, and that made a scan 40 % slower
 * (shell.spec: 720 → 420 ms a scan; the suite runs about 180). Every rule runs; only the
 * violations are collected in full (the passes are not needed): about 15 % faster again.
 */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
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

/** Screenshots at phone and desktop width with an axe scan at each (Definition of done, item 4). */
export async function captureAtBothWidths(page: Page, name: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(100);
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
