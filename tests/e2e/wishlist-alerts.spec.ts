import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#domain/buy-requests/offer.messages.ts';
import type { JobsOverview } from '#domain/jobs/jobs.wire.ts';
import { notificationTexts } from '#domain/notifications/notification-kinds.ts';
import { notificationMessages } from '#domain/notifications/notification.messages.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import { shellMessages } from '#domain/shell.messages.ts';
import { wishlistMessages } from '#domain/wishlist/wishlist.messages.ts';
import { sessionCookieName } from '#server/auth/session-cookie.ts';
import { type SeededAccount, seedAccounts, signIn } from './support/accounts.ts';
import { DESKTOP, PHONE, captureFromTop, toast, launchBrowser, newContext } from './support/browser.ts';
import { seedListings } from './support/listings.ts';
import { type RunningServer, makeDataDir, startServer } from './support/server.ts';

/**
 * Issue 24 end to end: a price drop on a wishlisted item. A student hearts a listing; in another
 * browser its seller lowers the price through the edit form; the student's bell rises without a
 * reload and the alert names the listing with its old and new price. Raising the price, or an edit
 * that keeps it, tells nobody.
 */

const TABLE = 'Study table with drawer';
const priceDrop = notificationTexts['wishlist.price-drop'];
const dropText = (oldPrice: number, newPrice: number) =>
  priceDrop.body({ productId: tableId, productTitle: TABLE, oldPrice, newPrice });

let server: RunningServer;
let browser: Browser;
let seller: SeededAccount;
let student: SeededAccount;
let admin: SeededAccount;
let tableId: string;
const contexts: BrowserContext[] = [];

async function pageAs(account: SeededAccount): Promise<Page> {
  const context = await newContext(browser, server.url, DESKTOP);
  contexts.push(context);
  await signIn(context, server.url, account);
  return context.newPage();
}

const headerBell = (page: Page, unread: number) =>
  page.getByRole('banner').getByRole('button', { name: notificationMessages.bellLabel(unread), exact: true });
const priceDropItems = (page: Page) =>
  page.getByRole('region', { name: notificationMessages.heading }).getByRole('link').filter({ hasText: priceDrop.title });

/** Set on the page's window: still there later means the page was never reloaded or left. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { e2eMark: boolean }).e2eMark = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { e2eMark?: boolean }).e2eMark === true);

/** The listing-alert jobs not yet done, from the admin's jobs overview (the app's own API). */
async function pendingListingAlerts(): Promise<number> {
  const response = await fetch(`${server.url}/api/v1/admin/jobs`, {
    headers: { cookie: `${sessionCookieName({ secureCookies: false })}=${admin.sessionToken}` },
  });
  expect(response.status).toBe(200);
  const overview = (await response.json()) as JobsOverview;
  const kind = overview.kinds.find((counts) => counts.kind === 'alerts.listing-event');
  expect(kind).toBeDefined();
  expect(kind!.failed).toBe(0);
  return kind!.queued + kind!.active;
}

/** The seller's edit form, from My Listings, with one field changed and saved. */
async function editListing(page: Page, change: { label: string; value: string }) {
  await page.goto('/shop/listings');
  await page.getByRole('article').filter({ hasText: TABLE }).getByRole('button', { name: 'Edit' }).click();
  await page.waitForURL('**/shop/sell');
  await page.getByRole('heading', { name: 'Edit Product' }).waitFor();
  await expect.poll(() => page.getByLabel('Title').inputValue()).toBe(TABLE);
  await page.getByLabel(change.label).fill(change.value);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await toast(page, productMessages.updated).waitFor();
  await page.waitForURL('**/shop/listings');
}

beforeAll(async () => {
  const dataDir = makeDataDir();
  [seller, student, admin] = (await seedAccounts(dataDir, [
    { email: 'ravi@campus.edu', userName: 'ravi' },
    { email: 'meera@campus.edu', userName: 'meera' },
    { email: 'dean@campus.edu', userName: 'dean', isAdmin: true },
  ])) as [SeededAccount, SeededAccount, SeededAccount];
  [tableId] = (await seedListings(dataDir, [
    {
      sellerId: seller.user.id,
      title: TABLE,
      description: 'Teak top, one drawer, fits a hostel room.',
      category: 'Furniture',
      price: 2400,
      originalPrice: null,
      photoHues: [30],
    },
  ])) as [string];
  [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('a price drop on a wishlisted item', () => {
  let studentPage: Page;
  let sellerPage: Page;

  it('lets the student add the listing to their wishlist with the heart', async () => {
    studentPage = await pageAs(student);
    await studentPage.goto(`/shop/products/${tableId}`);
    await studentPage.getByRole('heading', { level: 1, name: TABLE }).waitFor();
    await studentPage.getByRole('button', { name: wishlistMessages.addLabel(TABLE) }).click();
    await toast(studentPage, wishlistMessages.added).waitFor();
    const heart = studentPage.getByRole('button', { name: wishlistMessages.removeLabel(TABLE) });
    expect(await heart.getAttribute('aria-pressed')).toBe('true');
    await headerBell(studentPage, 0).waitFor();
    await markDocument(studentPage);
  });

  it('raises the student’s bell without a reload when the seller lowers the price in the edit form', async () => {
    sellerPage = await pageAs(seller);
    await editListing(sellerPage, { label: 'Selling Price', value: '1800' });

    // The student's page has stayed open: the live stream brings the count and the new price.
    await headerBell(studentPage, 1).waitFor({ timeout: 20_000 });
    await studentPage.getByText(rupees(1800), { exact: true }).first().waitFor({ timeout: 20_000 });
    expect(await sameDocument(studentPage)).toBe(true);

    await headerBell(studentPage, 1).click();
    const panel = studentPage.getByRole('dialog', { name: notificationMessages.heading });
    const item = panel.getByRole('link').filter({ hasText: priceDrop.title });
    await item.getByText(dropText(2400, 1800), { exact: true }).waitFor();
    await studentPage.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await sameDocument(studentPage)).toBe(true);
  });

  it('lists the alert with the old and the new price under Alerts, and it opens the listing', async () => {
    // On a phone, Alerts is in the bottom bar's Account menu, which carries the unread count.
    await studentPage.setViewportSize(PHONE);
    await studentPage.goto('/shop/products');
    await studentPage.getByRole('button', { name: shellMessages.accountTabLabel(1), exact: true }).click();
    await studentPage.getByRole('menuitem', { name: shellMessages.alertsWithUnread(1) }).click();
    await studentPage.waitForURL('**/user/notifications');
    const items = priceDropItems(studentPage);
    await items.first().waitFor();
    expect(await items.count()).toBe(1);
    await items.getByText(dropText(2400, 1800), { exact: true }).waitFor();
    await items.getByText(notificationMessages.unreadBadge, { exact: true }).waitFor();
    await captureFromTop(studentPage, 'wishlist-alerts-price-drop');

    await items.click();
    await studentPage.waitForURL(`**/shop/products/${tableId}`);
    await studentPage.getByRole('heading', { level: 1, name: TABLE }).waitFor();
    await studentPage.getByText(rupees(1800), { exact: true }).first().waitFor();
    await headerBell(studentPage, 0).waitFor();
  });

  it('sends no alert when the seller raises the price, or saves an edit that keeps it', async () => {
    await markDocument(studentPage);
    await editListing(sellerPage, { label: 'Selling Price', value: '2000' });
    await editListing(sellerPage, { label: 'Description', value: 'Teak top, one drawer, fits a hostel room. Screws included.' });

    // Every alert these edits could cause has been worked out once their jobs are done.
    await expect.poll(pendingListingAlerts, { timeout: 30_000, interval: 250 }).toBe(0);
    await headerBell(studentPage, 0).waitFor();
    expect(await sameDocument(studentPage)).toBe(true);
    await studentPage.reload();
    await studentPage.getByText(rupees(2000), { exact: true }).first().waitFor();
    await headerBell(studentPage, 0).waitFor();

    await studentPage.goto('/user/notifications');
    const items = priceDropItems(studentPage);
    await items.first().waitFor();
    expect(await items.count()).toBe(1);
    await items.getByText(dropText(2400, 1800), { exact: true }).waitFor();
    expect(await studentPage.getByText(rupees(2000)).count()).toBe(0);
  });
});
