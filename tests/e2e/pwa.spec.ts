import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wishlistMessages } from '#domain/wishlist/wishlist.messages.ts';
import { OFFLINE_CACHES, offlineMessages } from '#domain/offline.ts';
import { PWA_NAME, PWA_START_URL, PWA_THEME_COLOUR } from '#domain/pwa.ts';
import { pushMessages } from '#domain/push/push.ts';
import { sessionCookieName } from '#server/auth/session-cookie.ts';
import { type PushService, type TestDevice, startPushService } from '../support/push-service.ts';
import { type SeededAccount, seedAccounts, signIn } from './support/accounts.ts';
import { DESKTOP, PHONE, WITH_SERVICE_WORKER, captureAtBothWidths, launchBrowser, newContext } from './support/browser.ts';
import { seedListings } from './support/listings.ts';
import { explainingFailure } from './support/page-state.ts';
import { type RunningServer, makeDataDir, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let pushService: PushService;
let seller: SeededAccount;
let buyer: SeededAccount;
let lampId: string;
let kettleId: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const dataDir = makeDataDir();
  [seller, buyer] = (await seedAccounts(dataDir, [
    { email: 'ravi@campus.edu', userName: 'ravi', phoneNumber: '9123456780' },
    { email: 'meera@campus.edu', userName: 'meera', phoneNumber: '9876500001' },
  ])) as [SeededAccount, SeededAccount];
  [lampId, kettleId] = (await seedListings(dataDir, [
    { sellerId: seller.user.id, title: 'Study lamp with warm LED', category: 'Electronics', photoHues: [40] },
    { sellerId: seller.user.id, title: 'Electric kettle', category: 'Electronics', photoHues: [300] },
  ])) as [string, string];
  pushService = await startPushService();
  // The test's push service runs on 127.0.0.1 over http, which only this setting lets a production server call.
  [server, browser] = await Promise.all([startServer({ dataDir, env: { PUSH_LOCAL_ENDPOINTS: 'true' } }), launchBrowser()]);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
  await pushService?.close();
});

async function contextFor(account: SeededAccount | null, viewport: { width: number; height: number } = PHONE) {
  const context = await newContext(browser, server.url, viewport, WITH_SERVICE_WORKER);
  contexts.push(context);
  if (account) await signIn(context, server.url, account);
  return context;
}

async function api(account: SeededAccount, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      cookie: `${sessionCookieName({ secureCookies: false })}=${account.sessionToken}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Resolves once the service worker controls the page. */
async function controlledByWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/**
 * Resolves once the worker has finished saving the answer at `path` for offline. Listed among the
 * cache's keys, not only found by caches.match: Chromium's match can find an entry whose write has
 * not finished, and a reload then loses it.
 */
async function savedForOffline(page: Page, path: string) {
  await page.waitForFunction(
    async ({ cacheName, path }) =>
      (await (await caches.open(cacheName)).keys()).some((request) => new URL(request.url).pathname === path),
    { cacheName: OFFLINE_CACHES.api, path },
    { timeout: 30_000, polling: 200 },
  );
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

describe('an installable app', () => {
  it('serves a web app manifest, linked from the sign-in page, with icons for any home screen', async () => {
    const page = await (await contextFor(null)).newPage();
    await page.goto('/auth/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: PWA_NAME,
      start_url: PWA_START_URL,
      display: 'standalone',
      theme_color: PWA_THEME_COLOUR,
    });
    expect(manifest.short_name.length).toBeLessThanOrEqual(15);
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const file = await page.request.get(icon.src);
      expect(file.status()).toBe(200);
      expect(file.headers()['content-type']).toBe('image/png');
      const { width, height } = await sharp(await file.body()).metadata();
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
    // Signed out, no worker is registered: the sign-in page's first load carries none of it.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  });

  it('registers the service worker once signed in', async () => {
    const page = await (await contextFor(buyer)).newPage();
    await page.goto('/shop');
    await controlledByWorker(page);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${server.url}/`);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${server.url}/sw.js`);
  });
});

describe('offline', () => {
  it('reopens the last listing seen with a clear banner, and refuses a change with a clear message', async () => {
    const context = await contextFor(buyer);
    const page = await context.newPage();
    await page.goto('/shop');
    await controlledByWorker(page);
    // Opened through the worker: a full page load of the listing (its answer written into the page).
    await page.goto(`/shop/products/${lampId}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Study lamp with warm LED' }).isVisible()).toBe(true);
    await savedForOffline(page, `/api/v1/products/${lampId}`);

    await context.setOffline(true);
    await page.reload();
    await explainingFailure(page, async () => {
      await expect.poll(() => page.getByText(offlineMessages.banner).isVisible(), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => page.getByRole('heading', { name: 'Study lamp with warm LED' }).isVisible()).toBe(true);
    });
    await captureAtBothWidths(page, 'offline-product');
    await page.setViewportSize(PHONE);

    // A change: refused at once, said so, and nothing is sent later.
    await page
      .getByRole('button', { name: wishlistMessages.addLabel('Study lamp with warm LED') })
      .first()
      .click();
    await expect.poll(() => toast(page, offlineMessages.writeRefused).isVisible()).toBe(true);
    await context.setOffline(false);
    await expect.poll(() => page.getByText(offlineMessages.banner).isVisible()).toBe(false);
    const wishlist = await api(buyer, 'GET', '/wishlist/get-wishlist');
    expect(JSON.stringify(wishlist.body)).not.toContain(lampId);
  });

  it('says so on a listing it never saw, while the app itself still opens', async () => {
    const context = await contextFor(buyer, DESKTOP);
    const page = await context.newPage();
    await page.goto('/shop');
    await controlledByWorker(page);
    await savedForOffline(page, '/api/v1/auth/check-auth');
    await context.setOffline(true);
    await page.goto(`/shop/products/${kettleId}`);
    await expect.poll(() => page.getByText(offlineMessages.banner).isVisible(), { timeout: 20_000 }).toBe(true);
    // The app opened (signed in, from the saved session); only this listing is not there, and
    // the page says it was not saved rather than that it does not exist.
    await page.getByRole('heading', { name: offlineMessages.notSaved }).waitFor();
    expect(await page.getByRole('heading', { name: 'Electric kettle' }).isVisible()).toBe(false);
    await captureAtBothWidths(page, 'offline-unseen-product');
    await context.setOffline(false);
    // Back online, the listing opens without a reload.
    await page.getByRole('heading', { name: 'Electric kettle' }).waitFor({ timeout: 20_000 });
  });
});

describe('push notifications on this device', () => {
  /**
   * Headless Chromium has no push service of its own here (no network), so the page's PushManager
   * hands out a subscription on the test's push service: everything after it is real — the
   * account page, the API, the queue job, VAPID and the encryption, checked by that service.
   */
  async function phoneWithPush(account: SeededAccount, device: TestDevice) {
    const context = await contextFor(account);
    await context.grantPermissions(['notifications'], { origin: server.url });
    await context.addInitScript(
      ({ endpoint, keys }) => {
        let current: unknown = null;
        const subscription = {
          endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: null },
          toJSON: () => ({ endpoint, expirationTime: null, keys }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        };
        PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
          (window as unknown as { subscribedWith: unknown }).subscribedWith = options?.applicationServerKey;
          current = subscription;
          return subscription as unknown as PushSubscription;
        };
        PushManager.prototype.getSubscription = async function () {
          return current as PushSubscription | null;
        };
      },
      { endpoint: device.endpoint, keys: device.keys },
    );
    return context.newPage();
  }

  it('turns on from the account page, brings a new buy request to the phone, and turns off', async () => {
    const device = pushService.device();
    const page = await phoneWithPush(seller, device);
    await page.goto('/user/userAccount?tab=notifications');
    const toggle = page.getByRole('switch', { name: pushMessages.settingLabel });
    await expect.poll(() => toggle.isEnabled(), { timeout: 30_000 }).toBe(true);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');

    await toggle.click();
    await expect.poll(() => toast(page, pushMessages.turnedOn).isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    const { publicKey } = (await api(seller, 'GET', '/push/public-key')).body as { publicKey: string };
    const keyUsed = await page.evaluate(() =>
      btoa(String.fromCharCode(...new Uint8Array((window as unknown as { subscribedWith: Uint8Array }).subscribedWith)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, ''),
    );
    expect(keyUsed).toBe(publicKey);
    const listed = (await api(seller, 'GET', '/push/subscriptions')).body as { subscriptions: { endpoint: string }[] };
    expect(listed.subscriptions.map((each) => each.endpoint)).toEqual([device.endpoint]);
    await captureAtBothWidths(page, 'account-push-on');
    await page.setViewportSize(PHONE);

    // Someone asks to buy: the phone gets the title and the link, nothing more.
    const asked = await api(buyer, 'POST', '/interested/mark-interested', { productId: kettleId, buyerMessage: 'Still there?' });
    expect(asked.status).toBe(200);
    await expect.poll(() => device.received.length, { timeout: 30_000 }).toBe(1);
    expect(JSON.parse(device.received[0]!.plaintext)).toEqual({ title: 'New buy request', link: '/shop/listings' });
    expect(pushService.problems).toEqual([]);

    await toggle.click();
    await expect.poll(() => toast(page, pushMessages.turnedOff).isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    const after = (await api(seller, 'GET', '/push/subscriptions')).body as { subscriptions: unknown[] };
    expect(after.subscriptions).toEqual([]);
  });

  it('is switched by keyboard alone', async () => {
    const device = pushService.device();
    const page = await phoneWithPush(buyer, device);
    await page.goto('/user/userAccount?tab=notifications');
    const toggle = page.getByRole('switch', { name: pushMessages.settingLabel });
    await expect.poll(() => toggle.isEnabled(), { timeout: 30_000 }).toBe(true);
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => toast(page, pushMessages.turnedOn).isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => toast(page, pushMessages.turnedOff).isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
  });
});
