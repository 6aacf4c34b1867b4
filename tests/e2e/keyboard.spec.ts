import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyRequestMessages } from '#domain/buy-requests/buy-request.messages.ts';
import { wishlistMessages } from '#domain/wishlist/wishlist.messages.ts';
import { type SeededAccount, seedAccounts, signIn } from './support/accounts.ts';
import { DESKTOP, PHONE, launchBrowser, newContext } from './support/browser.ts';
import { seedListings, writePhotoFiles } from './support/listings.ts';
import { type RunningServer, makeDataDir, startServer } from './support/server.ts';

/**
 * The core journeys with the keyboard alone: every step moves focus with Tab and acts with
 * Enter, Space or Escape, never a click, so a screen a keyboard user cannot finish fails here.
 */
let server: RunningServer;
let browser: Browser;
let seller: SeededAccount;
let buyer: SeededAccount;

const LAMP = 'Study lamp with warm LED';

beforeAll(async () => {
  const dataDir = makeDataDir();
  const accounts = await seedAccounts(dataDir, [
    { email: 'ravi@campus.edu', userName: 'ravi' },
    { email: 'meera@campus.edu', userName: 'meera' },
  ]);
  [seller, buyer] = [accounts[0]!, accounts[1]!];
  await seedListings(dataDir, [
    { sellerId: seller.user.id, title: LAMP, category: 'Electronics', price: 450 },
    { sellerId: seller.user.id, title: 'Engineering Drawing set', category: 'Stationery', price: 300 },
  ]);
  [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The accessible name (or text) of the focused element. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return '';
    const labelledBy = element.getAttribute('aria-labelledby');
    const label =
      element.getAttribute('aria-label') ??
      (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ??
      (element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null) ??
      element.closest('label')?.textContent ??
      element.textContent;
    return (label ?? '').replace(/\s+/g, ' ').trim();
  });
}

/** Presses Tab until the focused element's name matches, failing if it is never reached. */
async function tabTo(page: Page, name: string | RegExp, maxPresses = 60) {
  const seen: string[] = [];
  for (let press = 0; press < maxPresses; press++) {
    await page.keyboard.press('Tab');
    const current = await focusedName(page);
    if (typeof name === 'string' ? current === name : name.test(current)) return;
    seen.push(current);
  }
  throw new Error(`Tab never reached ${String(name)}; focus went through: ${seen.join(' | ')}`);
}

async function toastShows(page: Page, text: string) {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

describe('by keyboard alone', () => {
  it('signs in from the login form', async () => {
    const context = await newContext(browser, server.url, PHONE);
    const page = await context.newPage();
    await page.goto('/auth/login');
    await tabTo(page, 'Email');
    await page.keyboard.type(buyer.user.email);
    await tabTo(page, 'Password');
    await page.keyboard.type(buyer.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/shop');
    await context.close();
  });

  it('filters the products in the sidebar and closes it with Escape', async () => {
    const context = await newContext(browser, server.url, DESKTOP);
    await signIn(context, server.url, buyer);
    const page = await context.newPage();
    await page.goto('/shop/products');
    await page.getByText('2 PRODUCTS').waitFor();
    await tabTo(page, 'Filter');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await tabTo(page, /^Stationery/);
    await page.keyboard.press('Space');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByText('1 PRODUCTS').waitFor();
    expect(await focusedName(page)).toMatch(/Filter/);
    await context.close();
  });

  it('wishlists a product and sends its seller a buy request', async () => {
    const context = await newContext(browser, server.url, DESKTOP);
    await signIn(context, server.url, buyer);
    const page = await context.newPage();
    await page.goto('/shop/products');
    await page.getByText('2 PRODUCTS').waitFor();

    await tabTo(page, wishlistMessages.addLabel(LAMP));
    await page.keyboard.press('Enter');
    await toastShows(page, wishlistMessages.added);

    await tabTo(page, LAMP);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/shop/products/*');
    await page.getByRole('heading', { level: 1, name: LAMP }).waitFor();

    await tabTo(page, buyRequestMessages.sendButton);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await tabTo(page, buyRequestMessages.messageLabel);
    await page.keyboard.type('Can I collect it after the 5 pm lecture?');
    await tabTo(page, buyRequestMessages.sendButton);
    await page.keyboard.press('Enter');
    await toastShows(page, buyRequestMessages.sent);
    await context.close();
  });

  it('lets the seller read and accept the request from My Listings', async () => {
    const context = await newContext(browser, server.url, DESKTOP);
    await signIn(context, server.url, seller);
    const page = await context.newPage();
    await page.goto('/shop/listings');
    await page.getByText(LAMP).first().waitFor();

    await tabTo(page, `${buyRequestMessages.interestedButton} for ${LAMP}`);
    await page.keyboard.press('Enter');
    await page
      .getByRole('dialog')
      .getByText(/Can I collect it/)
      .waitFor();

    await tabTo(page, "Accept meera's request");
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').waitFor();
    await tabTo(page, buyRequestMessages.acceptButton);
    await page.keyboard.press('Enter');
    await toastShows(page, buyRequestMessages.accepted);
    await context.close();
  });

  it('sells a product through the Sell form', async () => {
    const [photo] = await writePhotoFiles(path.join(os.tmpdir(), `cm-keyboard-${Date.now()}`), [{ name: 'kettle.jpg', hue: 20 }]);
    const context = await newContext(browser, server.url, PHONE);
    await signIn(context, server.url, buyer);
    const page = await context.newPage();
    await page.goto('/shop/sell');
    await page.getByRole('heading', { name: 'Add New Product' }).waitFor();

    // Listening starts before the Tab presses: Playwright turns file-chooser interception on
    // asynchronously, and an Enter pressed right after subscribing could beat it (a flaky miss).
    const chooser = page.waitForEvent('filechooser');
    await tabTo(page, 'Choose photos');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(photo!);
    await tabTo(page, 'Title');
    await page.keyboard.type('Electric kettle, 1.5 l');
    await tabTo(page, 'Description');
    await page.keyboard.type('Boils in two minutes. Auto shut-off works.');
    await tabTo(page, /^Selling Price/);
    await page.keyboard.type('650');
    await tabTo(page, 'Category');
    await page.keyboard.type('Electronics');
    await tabTo(page, 'Upload Product');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/shop/listings');
    await page.getByText('Electric kettle, 1.5 l').first().waitFor();
    await context.close();
  });
});
