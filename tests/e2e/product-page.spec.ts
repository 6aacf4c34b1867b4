import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buyRequestMessages } from '#domain/buy-requests/buy-request.messages.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import { galleryMessages } from '#domain/products/gallery.messages.ts';
import { shareMessages } from '#domain/products/share.ts';
import { type SeededAccount, seedAccounts, signIn } from './support/accounts.ts';
import { DESKTOP, PHONE, expectAccessible, launchBrowser, newContext, screenshot } from './support/browser.ts';
import { seedListings } from './support/listings.ts';
import { type RunningServer, makeDataDir, startServer } from './support/server.ts';

/**
 * The product page on a phone and a desktop (issue 22): the actions in reach without scrolling,
 * photos that swipe and zoom, Share, and the preview tags a chat app reads without JavaScript.
 */
let server: RunningServer;
let browser: Browser;
let seller: SeededAccount;
let buyer: SeededAccount;
let lampId: string;
let drafterId: string;
const contexts: BrowserContext[] = [];

const LAMP = 'Study lamp with warm LED';
const DRAFTER = 'Mini drafter';
const DESKTOP_800 = { width: DESKTOP.width, height: 800 };

beforeAll(async () => {
  const dataDir = makeDataDir();
  const accounts = await seedAccounts(dataDir, [
    { email: 'ravi@campus.edu', userName: 'ravi', phoneNumber: '9123456780' },
    { email: 'meera@campus.edu', userName: 'meera' },
  ]);
  [seller, buyer] = [accounts[0]!, accounts[1]!];
  const ids = await seedListings(dataDir, [
    {
      sellerId: seller.user.id,
      title: LAMP,
      description: 'Three brightness levels, USB powered.\nCollect from hostel B, room 214, any evening after 6 pm.',
      category: 'Electronics',
      condition: 'Like New',
      price: 450,
      originalPrice: 900,
      photoHues: [200, 20, 120],
    },
    { sellerId: seller.user.id, title: DRAFTER, category: 'Stationery', price: 300, soldOut: true, photoHues: [30] },
  ]);
  [lampId, drafterId] = [ids[0]!, ids[1]!];
  [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
});

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function pageAs(account: SeededAccount, viewport: { width: number; height: number }, options: { touch?: boolean } = {}) {
  const context = await newContext(browser, server.url, viewport, { hasTouch: options.touch ?? false });
  contexts.push(context);
  await signIn(context, server.url, account);
  return { context, page: await context.newPage() };
}

const buyerBar = (page: Page) => page.getByRole('group', { name: productMessages.buyerActionsLabel });
const ownerBar = (page: Page) => page.getByRole('group', { name: productMessages.ownerActionsLabel });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Where an element is drawn in the viewport, without scrolling to it. */
async function boxOf(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  expect(box, 'the element is drawn').not.toBeNull();
  return box!;
}

async function openLamp(page: Page) {
  await page.goto(`/shop/products/${lampId}`);
  await page.getByRole('heading', { level: 1, name: LAMP }).waitFor();
}

describe('the action bar on a 375 px phone', () => {
  it('shows the price, Send buy request and Message seller at the bottom of the screen, without scrolling', async () => {
    const { page } = await pageAs(buyer, PHONE);
    await openLamp(page);
    const bar = buyerBar(page);
    const send = bar.getByRole('button', { name: buyRequestMessages.sendButton });
    const message = bar.getByRole('link', { name: 'Message seller' });
    await send.waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    const barBox = await boxOf(page, bar);
    expect(barBox.y + barBox.height).toBeCloseTo(PHONE.height, 0);
    expect(barBox.height).toBeLessThanOrEqual(80);
    for (const action of [send, message]) {
      const box = await boxOf(page, action);
      expect(box.y).toBeGreaterThanOrEqual(barBox.y);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    expect(await bar.innerText()).toContain('₹450');
    // The main action reads in full: its words are not cut to 'Send buy re…'.
    const label = send.locator('span');
    expect(await label.evaluate((span) => span.scrollWidth <= span.clientWidth)).toBe(true);
    expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
    // The bar has the bottom of the screen to itself: the tab bar gives way on this page.
    expect(await page.getByRole('navigation', { name: 'Primary' }).isVisible()).toBe(false);

    await expectAccessible(page);
    await screenshot(page, 'product-page-action-bar');
    await screenshot(page, 'product-page-action-bar', { screen: true });
  });

  it('keeps the bar above the gesture area, and ends the page above the bar', async () => {
    const { page } = await pageAs(buyer, PHONE);
    await openLamp(page);
    const bar = buyerBar(page);
    await bar.getByRole('button', { name: buyRequestMessages.sendButton }).waitFor();
    // The bottom padding makes room for env(safe-area-inset-bottom), which is 0 in a desktop browser.
    expect(await bar.evaluate((element) => getComputedStyle(element).paddingBottom)).toBe('12px');
    expect(await bar.getAttribute('class')).toContain('env(safe-area-inset-bottom)');

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const barTop = (await boxOf(page, bar)).y;
    const footerBottom = await page.locator('footer').evaluate((footer) => footer.getBoundingClientRect().bottom);
    expect(footerBottom).toBeLessThanOrEqual(barTop);
    // The seller's contact details come after the actions, in the page.
    await page.getByRole('region', { name: 'Seller' }).getByRole('link', { name: 'Chat on WhatsApp' }).waitFor();
    await screenshot(page, 'product-page-end', { screen: true });
  });

  it("gives the seller Interested buyers and Edit in the bar, and 'Sold out' once sold", async () => {
    const { page } = await pageAs(seller, PHONE);
    await openLamp(page);
    const bar = ownerBar(page);
    const interested = bar.getByRole('button', { name: `${buyRequestMessages.interestedButton} for ${LAMP}` });
    await interested.waitFor();
    const edit = bar.getByRole('button', { name: 'Edit' });
    for (const action of [interested, edit]) {
      const box = await boxOf(page, action);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    }
    await interested.click();
    await page
      .getByRole('dialog', { name: buyRequestMessages.interestedTitle })
      .getByText(buyRequestMessages.noInterestedBuyers)
      .waitFor();
    await page.keyboard.press('Escape');
    await expectAccessible(page);
    await screenshot(page, 'product-page-owner-bar', { screen: true });

    await page.goto(`/shop/products/${drafterId}`);
    const sold = ownerBar(page).getByRole('button', { name: buyRequestMessages.soldOutButton });
    await sold.waitFor();
    expect(await sold.isDisabled()).toBe(true);
    expect(await ownerBar(page).getByRole('button', { name: 'Edit' }).count()).toBe(0);
  });

  it("shows a buyer 'Sold out' in the bar for a sold listing", async () => {
    const { page } = await pageAs(buyer, PHONE);
    await page.goto(`/shop/products/${drafterId}`);
    const sold = buyerBar(page).getByRole('button', { name: buyRequestMessages.soldOutButton });
    await sold.waitFor();
    expect(await sold.isDisabled()).toBe(true);
    const box = await boxOf(page, sold);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    await screenshot(page, 'product-page-sold', { screen: true });
  });
});

describe('the actions on a 1280 px desktop', () => {
  it('sit beside the gallery, in the page, above the fold', async () => {
    const { page } = await pageAs(buyer, DESKTOP_800);
    await openLamp(page);
    const bar = buyerBar(page);
    const send = bar.getByRole('button', { name: buyRequestMessages.sendButton });
    await send.waitFor();
    expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe('static');
    const gallery = await boxOf(page, page.getByRole('region', { name: galleryMessages.region(LAMP) }));
    const sendBox = await boxOf(page, send);
    expect(sendBox.x).toBeGreaterThan(gallery.x + gallery.width);
    expect(sendBox.y + sendBox.height).toBeLessThanOrEqual(DESKTOP_800.height);
    await expectAccessible(page);
    await screenshot(page, 'product-page-action-bar');
  });
});

describe('Share', () => {
  for (const viewport of [PHONE, DESKTOP_800]) {
    it(`copies the listing's link with a toast where the browser has no share sheet (${viewport.width} px)`, async () => {
      const { context, page } = await pageAs(buyer, viewport);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      // Chromium on Linux has no share sheet; make sure of it, so the fallback is what is tested.
      await context.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
      });
      await page.goto(`/shop/products/${lampId}?from=feed`);
      await page.getByRole('button', { name: shareMessages.label(LAMP) }).click();
      await toast(page, shareMessages.linkCopied).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/shop/products/${lampId}`);
      await screenshot(page, 'product-page-link-copied', { screen: true });
    });
  }

  it('opens the share sheet with the title, price and link where the browser has one', async () => {
    const { context, page } = await pageAs(buyer, PHONE);
    await context.addInitScript(() => {
      const shared: unknown[] = [];
      Object.defineProperty(window, '__shared', { value: shared });
      Object.defineProperty(Navigator.prototype, 'share', {
        value: (data: unknown) => {
          shared.push(data);
          return Promise.resolve();
        },
        configurable: true,
      });
    });
    await openLamp(page);
    await page.getByRole('button', { name: shareMessages.label(LAMP) }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared))
      .toEqual([{ title: LAMP, text: shareMessages.text(LAMP, 450), url: `${server.url}/shop/products/${lampId}` }]);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
  });
});

describe('the photo gallery', () => {
  const position = (page: Page) => page.locator('[data-gallery-position]').innerText();

  it('swipes to the next photo with a finger on a phone', async () => {
    const { page } = await pageAs(buyer, PHONE, { touch: true });
    await openLamp(page);
    const track = page.locator('[data-gallery-track]');
    const box = await boxOf(page, track);
    // A finger on the photo, moved 70% of its width to the left, then lifted.
    const cdp = await page.context().newCDPSession(page);
    const y = Math.round(box.y + box.height / 2);
    const from = Math.round(box.x + box.width * 0.85);
    const to = Math.round(box.x + box.width * 0.15);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
    for (let step = 1; step <= 10; step++) {
      const x = Math.round(from + ((to - from) * step) / 10);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => position(page)).toBe('2 / 3');
    await expect.poll(() => track.evaluate((element) => Math.round(element.scrollLeft / element.clientWidth))).toBe(1);
    expect(await page.getByRole('button', { name: galleryMessages.thumbnail(1, 3) }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await screenshot(page, 'product-page-gallery-swiped', { screen: true });
  });

  it('opens a photo full screen with a tap, zooms it with another, and closes with Escape', async () => {
    const { page } = await pageAs(buyer, PHONE, { touch: true });
    await openLamp(page);
    await page.getByRole('button', { name: galleryMessages.open(0, 3) }).tap();
    const viewer = page.getByRole('dialog', { name: LAMP });
    await viewer.waitFor();
    const photo = viewer.getByRole('img', { name: LAMP });
    expect(await photo.getAttribute('data-zoomed')).toBe('false');
    await photo.tap();
    await expect.poll(() => photo.getAttribute('data-zoomed')).toBe('true');
    expect((await boxOf(page, photo)).width).toBeGreaterThan(PHONE.width * 2);
    expect(await viewer.getByRole('button', { name: galleryMessages.zoomOut }).getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(page);
    await screenshot(page, 'product-page-photo-zoomed', { screen: true });
    await viewer.getByRole('img', { name: LAMP }).tap();
    await expect.poll(() => photo.getAttribute('data-zoomed')).toBe('false');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('works with the keyboard alone: arrows between photos, Enter opens, arrows in the viewer, Escape returns', async () => {
    const { page } = await pageAs(buyer, DESKTOP_800);
    await openLamp(page);
    const first = page.getByRole('button', { name: galleryMessages.open(0, 3) });
    await first.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => position(page)).toBe('2 / 3');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await expect.poll(focused).toBe(galleryMessages.open(1, 3));

    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: LAMP });
    await viewer.waitFor();
    await expect.poll(() => viewer.locator('[data-viewer-position]').innerText()).toBe('2 / 3');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => viewer.locator('[data-viewer-position]').innerText()).toBe('3 / 3');
    await viewer.getByRole('button', { name: galleryMessages.zoomIn }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => viewer.getByRole('button', { name: galleryMessages.zoomOut }).count()).toBe(1);
    await expectAccessible(page);
    await screenshot(page, 'product-page-viewer', { screen: true });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // Back on the page, at the photo last seen, with the focus on it.
    await expect.poll(() => position(page)).toBe('3 / 3');
    // The focus comes back once the viewer has gone and the photo is shown: on a busy machine,
    // a moment after the dialog leaves the page.
    await expect.poll(focused).toBe(galleryMessages.open(2, 3));
  });
});

describe('the preview of a shared link', () => {
  it('is in the page for a client that runs no JavaScript', async () => {
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`/shop/products/${lampId}`);
    const content = (selector: string) => page.locator(selector).getAttribute('content');
    expect(await content('meta[property="og:title"]')).toBe(LAMP);
    expect(await content('meta[property="og:description"]')).toBe(
      '₹450 · Like New · Electronics. Three brightness levels, USB powered. Collect from hostel B, room 214, any evening after 6 pm.',
    );
    expect(await content('meta[property="og:image"]')).toMatch(new RegExp(`^${server.url}/uploads/products/[0-9a-f-]+\\.webp$`));
    expect(await content('meta[property="og:url"]')).toBe(`${server.url}/shop/products/${lampId}`);
    expect(await content('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${server.url}/shop/products/${lampId}`);
    // The photo it names is there for the chat app to fetch, from any origin.
    const image = await fetch((await content('meta[property="og:image"]'))!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
  });
});
