import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationMessages } from '#domain/notifications/notification.messages.ts';
import { shellMessages } from '#domain/shell.messages.ts';
import { DEMO_PASSWORD, demoLogins } from '#server/seed/seed-catalogue.ts';
import {
  DESKTOP,
  PHONE,
  captureAtBothWidths,
  expectAccessible,
  launchBrowser,
  newContext,
  screenshot,
} from './support/browser.ts';
import { type RunningServer, makeDataDir, startServer } from './support/server.ts';

/**
 * Issue 22: a newcomer's walk through the demo, on a phone first. The data directory is seeded by
 * `npm run seed` (the demo catalogue, then its students' activity through the app), then served.
 */
let server: RunningServer;
let browser: Browser;
const student = demoLogins().find((login) => login.role === 'student')!;

beforeAll(async () => {
  const dataDir = makeDataDir();
  const [, launched] = await Promise.all([
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      timeout: 240_000,
    }),
    launchBrowser(),
  ]);
  browser = launched;
  // Its first start also delivers the demo's queued mails: give a busy machine time.
  server = await startServer({ dataDir, readyTimeoutMs: 180_000 });
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A context on `origin` signed in as the first printed demo student, through the login call. */
async function signedIn(
  origin: string,
  viewport: { width: number; height: number } = PHONE,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, origin, viewport);
  const response = await context.request.post('/api/v1/auth/login', { data: { email: student.email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return { context, page: await context.newPage() };
}

const loaded = (page: Page, selector: string) =>
  page.locator(selector).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

/** The first printed demo student's unread alerts on a fresh start. */
const DEMO_UNREAD_ALERTS = 13;

describe('the phone shell of a demo student', () => {
  it('shows five tabs at most, the last one Account carrying the unread alerts', async () => {
    const { context, page } = await signedIn(server.url);
    await page.goto('/shop');
    const tabs = page.getByRole('navigation', { name: 'Primary' });
    await tabs.waitFor();
    expect(await tabs.getByRole('listitem').count()).toBe(5);
    for (const name of ['Home', 'Products', 'Sell']) await tabs.getByRole('link', { name, exact: true }).waitFor();
    await tabs.getByRole('link', { name: /^Messages, \d+ unread$/ }).waitFor();
    // Thirteen unread alerts wait for the first printed demo student (tests/api/products/seed.test.ts):
    // requests, decisions, messages, and the deal's counter, reviews, meet-up, price drop and search match.
    await tabs.getByRole('button', { name: shellMessages.accountTabLabel(DEMO_UNREAD_ALERTS) }).waitFor();
    await page
      .getByRole('banner')
      .getByRole('button', { name: notificationMessages.bellLabel(DEMO_UNREAD_ALERTS) })
      .waitFor();
    await captureAtBothWidths(page, 'demo-shell');
    await context.close();
  });

  it('reaches About from the account menu, by keyboard only', async () => {
    const { context, page } = await signedIn(server.url);
    await page.goto('/shop');
    const account = page.getByRole('navigation', { name: 'Primary' }).getByRole('button', { name: /^Account menu/ });
    await account.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await menu.getByRole('menuitem', { name: shellMessages.alertsWithUnread(DEMO_UNREAD_ALERTS) }).waitFor();
    await expectAccessible(page);
    // The screen as the phone shows it (a full-page capture would move the bar away from its menu).
    await screenshot(page, 'demo-account-menu', { screen: true });
    const about = menu.getByRole('menuitem', { name: shellMessages.about });
    const aboutHasFocus = () => about.evaluate((node) => node === document.activeElement);
    // Under a loaded CI machine the menu may take its focus a frame late: step down one press at a
    // time until About holds the focus, and only then follow it.
    await expect
      .poll(async () => (await aboutHasFocus()) || (await page.keyboard.press('ArrowDown'), false), { timeout: 10_000 })
      .toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/shop/about');
    // Escape-closed menus give the focus back; a followed link leaves the page with none open.
    expect(await page.getByRole('menu').count()).toBe(0);
    await context.close();
  });

  it('reaches About from the footer, on a phone and on a desktop', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page } = await signedIn(server.url, viewport);
      await page.goto('/shop/products');
      const footerLinks = page.getByRole('contentinfo').getByRole('navigation', { name: shellMessages.quickLinks });
      await footerLinks.getByRole('link', { name: shellMessages.about }).click();
      await page.waitForURL('**/shop/about');
      await context.close();
    }
  });
});

describe('pictures whatever name the site is opened by', () => {
  for (const host of ['localhost', '127.0.0.1']) {
    it(`shows the default avatar and the listings' photos when opened at ${host}`, async () => {
      const origin = server.url.replace('localhost', host);
      const { context, page } = await signedIn(origin);
      await page.goto('/shop/products');
      const avatar = 'header a[aria-label="My account"] img';
      await page.locator(avatar).waitFor();
      await expect.poll(() => loaded(page, avatar)).toBe(true);
      expect(await page.locator(avatar).getAttribute('src')).toBe('/images/user-avatar.png');
      const photo = 'main img[src*="/uploads/"]';
      await page.locator(photo).first().waitFor();
      await expect
        .poll(() =>
          page
            .locator(photo)
            .first()
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true);
      await context.close();
    });
  }

  it('lets a page on another origin show the default avatar the API names (Cross-Origin-Resource-Policy)', async () => {
    const { context, page } = await signedIn(server.url.replace('localhost', '127.0.0.1'));
    await page.goto('/shop');
    const absolute = `${server.url}/images/user-avatar.png`;
    const shown = await page.evaluate(
      (src) =>
        new Promise<number>((resolve) => {
          const img = new Image();
          img.onload = () => resolve(img.naturalWidth);
          img.onerror = () => resolve(0);
          img.src = src;
        }),
      absolute,
    );
    expect(shown).toBeGreaterThan(0);
    await context.close();
  });
});

describe('a demo that is already in motion', () => {
  it('opens Messages on conversations with unread messages', async () => {
    const { context, page } = await signedIn(server.url);
    await page.goto('/user/messages');
    const inbox = page.getByRole('region', { name: /messages/i }).or(page.locator('[aria-labelledby="inbox-heading"]'));
    await inbox.first().waitFor();
    await expect.poll(() => page.locator('main').getByRole('link').count()).toBeGreaterThanOrEqual(7);
    await page
      .getByRole('navigation', { name: 'Primary' })
      .getByRole('link', { name: /^Messages, \d+ unread$/ })
      .waitFor();
    await captureAtBothWidths(page, 'demo-messages');
    await context.close();
  });

  it('opens Alerts on unread notifications of requests, decisions and messages', async () => {
    const { context, page } = await signedIn(server.url);
    await page.goto('/user/notifications');
    await page.getByRole('heading', { name: notificationMessages.heading, level: 1 }).waitFor();
    await expect
      .poll(() => page.getByRole('region', { name: notificationMessages.heading }).getByRole('listitem').count())
      .toBe(DEMO_UNREAD_ALERTS);
    await captureAtBothWidths(page, 'demo-alerts');
    await context.close();
  });
});
