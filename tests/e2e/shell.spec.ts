import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededAccount, seedAccounts, signIn } from './support/accounts.ts';
import { shellMessages } from '#domain/shell.messages.ts';
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

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // A busy machine (several test runs at once) can take longer than a minute to start the server.
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the app shell for a visitor', () => {
  for (const path of ['/', '/shop', '/shop/products', '/user/userAccount', '/admin/dashboard', '/unauth-page', '/no/such/page']) {
    it(`sends a visitor from ${path} to the login page`, async () => {
      const context = await newContext(browser, server.url, PHONE);
      const page = await context.newPage();
      await page.goto(path);
      await page.waitForURL('**/auth/login');
      expect(new URL(page.url()).pathname).toBe('/auth/login');
      await context.close();
    });
  }

  it('serves hashed assets with immutable caching and precompressed bodies', async () => {
    const html = await (await fetch(`${server.url}/auth/login`)).text();
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const response = await fetch(`${server.url}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('br');
  });

  it('serves index.html for app routes without long-lived caching', async () => {
    const response = await fetch(`${server.url}/shop/products`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves a robots.txt that keeps crawlers out of the API and private pages', async () => {
    const text = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Disallow: /api/');
  });

  it('renders the login page at phone and desktop widths', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await newContext(browser, server.url, viewport);
      const page = await context.newPage();
      await page.goto('/auth/login');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0);
      await context.close();
    }
  });
});

describe('the app shell for signed-in users', () => {
  let shellServer: RunningServer;
  let student: SeededAccount;
  let admin: SeededAccount;

  beforeAll(async () => {
    const dataDir = makeDataDir();
    const seeded = await seedAccounts(dataDir, [
      { email: 'meera@campus.edu', userName: 'meera' },
      { email: 'admin@campus.edu', userName: 'admin', isAdmin: true },
    ]);
    student = seeded[0]!;
    admin = seeded[1]!;
    shellServer = await startServer({ dataDir, readyTimeoutMs: 180_000 });
  });
  afterAll(() => shellServer?.stop());

  it('sends a student from / and the auth pages to the shop', async () => {
    const context = await newContext(browser, shellServer.url);
    await signIn(context, shellServer.url, student);
    const page = await context.newPage();
    for (const path of ['/', '/auth/login', '/auth/register']) {
      await page.goto(path);
      await page.waitForURL(`${shellServer.url}/shop`);
    }
    await context.close();
  });

  it('sends a student on an admin page to /unauth-page, which offers the login link', async () => {
    const context = await newContext(browser, shellServer.url);
    await signIn(context, shellServer.url, student);
    const page = await context.newPage();
    await page.goto('/admin/users');
    await page.waitForURL('**/unauth-page');
    await expect.poll(() => page.getByRole('heading', { name: 'You are not the Admin' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Login to Continue' }).getAttribute('href')).toBe('/auth/login');
    await captureAtBothWidths(page, 'unauth-page');
    await context.close();
  });

  it('sends an admin from / and from shop pages to the dashboard', async () => {
    const context = await newContext(browser, shellServer.url);
    await signIn(context, shellServer.url, admin);
    const page = await context.newPage();
    for (const path of ['/', '/shop', '/shop/products', '/auth/login']) {
      await page.goto(path);
      await page.waitForURL('**/admin/dashboard');
    }
    await expect.poll(() => page.getByRole('heading', { name: 'Admin dashboard' }).isVisible()).toBe(true);
    await captureAtBothWidths(page, 'admin-shell');
    await context.close();
  });

  it('shows the shop frame: top links on desktop, tab bar on phones, the current link highlighted', async () => {
    const context = await newContext(browser, shellServer.url, DESKTOP);
    await signIn(context, shellServer.url, student);
    const page = await context.newPage();
    await page.goto('/shop/about');
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => main.isVisible()).toBe(true);
    expect(await main.getByRole('link', { name: 'About' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('navigation', { name: 'Primary' }).isVisible()).toBe(false);
    // The answer names the avatar under PUBLIC_URL; the page asks its own origin for it (issue 22).
    const avatar = page.getByRole('link', { name: 'My account' }).locator('img');
    expect(await avatar.getAttribute('src')).toBe('/images/user-avatar.png');
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await captureAtBothWidths(page, 'shop-shell');

    // Phones: five tabs at most (issue 22); About lives in the account menu and the footer.
    await page.setViewportSize(PHONE);
    expect(await main.isVisible()).toBe(false);
    const tabs = page.getByRole('navigation', { name: 'Primary' });
    expect(await tabs.isVisible()).toBe(true);
    expect(await tabs.getByRole('listitem').count()).toBe(5);
    expect(await tabs.getByRole('link', { name: 'About' }).count()).toBe(0);
    await tabs.getByRole('button', { name: shellMessages.accountTabLabel(0) }).click();
    const about = page.getByRole('menuitem', { name: shellMessages.about });
    await about.waitFor();
    await expectAccessible(page);
    await screenshot(page, 'shop-shell-account-menu');
    await about.click();
    await page.waitForURL('**/shop/about');
    await context.close();
  });

  it('applies the area guards to unknown paths inside an area too', async () => {
    const studentContext = await newContext(browser, shellServer.url);
    await signIn(studentContext, shellServer.url, student);
    const studentPage = await studentContext.newPage();
    await studentPage.goto('/admin/no-such-page');
    await studentPage.waitForURL('**/unauth-page');
    await studentContext.close();

    const adminContext = await newContext(browser, shellServer.url);
    await signIn(adminContext, shellServer.url, admin);
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/shop/no-such-page');
    await adminPage.waitForURL('**/admin/dashboard');
    await adminContext.close();
  });

  it("shows an admin's account page inside the admin frame", async () => {
    const context = await newContext(browser, shellServer.url);
    await signIn(context, shellServer.url, admin);
    const page = await context.newPage();
    await page.goto('/user/userAccount');
    await expect.poll(() => page.getByText('Admin Panel').isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await context.close();
  });

  it('shows nothing on an unknown path for a signed-in user', async () => {
    const context = await newContext(browser, shellServer.url);
    await signIn(context, shellServer.url, student);
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
    expect((await page.locator('#root').innerText()).trim()).toBe('');
    await context.close();
  });

  it('scrolls to the top on each route change', async () => {
    const context = await newContext(browser, shellServer.url, { width: 1280, height: 300 });
    await signIn(context, shellServer.url, student);
    const page = await context.newPage();
    await page.goto('/shop/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo(0, document.body.scrollHeight);
          return window.scrollY;
        }),
      )
      .toBeGreaterThan(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sell' }).click();
    await page.waitForURL('**/shop/sell');
    // The address changes before the Sell page (its own chunk) is drawn: on a busy machine that took
    // longer than the poll, and the old page still stood at its scroll. The new page must open at its top.
    await page.getByRole('heading', { level: 1, name: 'Add New Product' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  // The browser tests recycle profiles (tests/e2e/support/profile-pool.ts): one test's session,
  // storage or routes must never reach the next.
  describe('a browser profile handed to the next test', () => {
    const SMALL = { width: 1000, height: 700 };

    it('keeps its page but starts signed out, with empty storage and no routes', async () => {
      const first = await newContext(browser, shellServer.url, SMALL);
      await signIn(first, shellServer.url, student);
      await first.grantPermissions(['clipboard-read'], { origin: shellServer.url });
      await first.route('**/robots.txt', (route) => route.fulfill({ body: 'intercepted' }));
      const firstPage = await first.newPage();
      await firstPage.goto('/shop/products');
      await firstPage.getByRole('heading', { level: 1 }).waitFor();
      await firstPage.evaluate(() => {
        window.localStorage.setItem('left-behind', 'local');
        window.sessionStorage.setItem('left-behind', 'session');
      });
      await first.close();
      await first.close();

      const second = await newContext(browser, shellServer.url, SMALL);
      const secondPage = await second.newPage();
      expect(secondPage).toBe(firstPage);
      // Closed twice, it went back once: the next profile is another one.
      const third = await newContext(browser, shellServer.url, SMALL);
      expect(await third.newPage()).not.toBe(firstPage);
      await third.close();
      expect(await second.cookies()).toEqual([]);
      const permission = await secondPage.evaluate(
        async () => (await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })).state,
      );
      expect(permission).not.toBe('granted');
      const robots = await secondPage.goto('/robots.txt');
      expect(await robots?.text()).not.toBe('intercepted');
      expect(await secondPage.evaluate(() => [window.localStorage.length, window.sessionStorage.length])).toEqual([0, 0]);
      await secondPage.goto('/shop/products');
      await secondPage.waitForURL('**/auth/login');
      await second.close();
    });

    it('is closed instead of handed on when a test added an init script', async () => {
      const first = await newContext(browser, shellServer.url, SMALL);
      await first.addInitScript(() => Object.assign(window, { leftBehind: true }));
      const firstPage = await first.newPage();
      await first.close();
      expect(firstPage.isClosed()).toBe(true);

      const second = await newContext(browser, shellServer.url, SMALL);
      const secondPage = await second.newPage();
      await secondPage.goto('/robots.txt');
      expect(await secondPage.evaluate(() => 'leftBehind' in window)).toBe(false);
      await second.close();
    });
  });
});
