import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyRequestMessages } from '#domain/buy-requests/buy-request.messages.ts';
import { jobMessages } from '#domain/jobs/job.messages.ts';
import { notificationMessages } from '#domain/notifications/notification.messages.ts';
import { sessionCookieName } from '#server/auth/session-cookie.ts';
import { type SeededAccount, seedAccounts, signIn } from './support/accounts.ts';
import {
  DESKTOP,
  WITH_SERVICE_WORKER,
  PHONE,
  captureAtBothWidths,
  expectAccessible,
  launchBrowser,
  newContext,
  screenshot,
} from './support/browser.ts';
import { seedListings } from './support/listings.ts';
import { type TestSmtpServer, startSmtpServer } from '../support/smtp-server.ts';
import { type RunningServer, makeDataDir, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let seller: SeededAccount;
let buyer: SeededAccount;
let admin: SeededAccount;
let bouncing: SeededAccount;
let fanSeller: SeededAccount;
let lampId: string;
let kettleId: string;
let fanId: string;
/** A real mail server, which refuses one address for good. */
let smtp: TestSmtpServer;
const contexts: BrowserContext[] = [];

async function pageAs(account: SeededAccount, viewport = DESKTOP): Promise<Page> {
  const context = await newContext(browser, server.url, viewport, WITH_SERVICE_WORKER);
  contexts.push(context);
  await signIn(context, server.url, account);
  return context.newPage();
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const headerBell = (page: Page, unread: number) =>
  page.getByRole('banner').getByRole('button', { name: notificationMessages.bellLabel(unread), exact: true });

beforeAll(async () => {
  const dataDir = makeDataDir();
  const seeded = await seedAccounts(dataDir, [
    { email: 'ravi@campus.edu', userName: 'ravi', phoneNumber: '9123456780' },
    { email: 'meera@campus.edu', userName: 'meera', phoneNumber: '9876500001' },
    { email: 'dean@campus.edu', userName: 'dean', isAdmin: true },
    { email: 'moved.away@campus.edu', userName: 'kiran' },
    { email: 'asha@campus.edu', userName: 'asha' },
  ]);
  [seller, buyer, admin, bouncing, fanSeller] = [seeded[0]!, seeded[1]!, seeded[2]!, seeded[3]!, seeded[4]!];
  const [lamp, kettle, fan] = await seedListings(dataDir, [
    { sellerId: seller.user.id, title: 'Study lamp with warm LED', category: 'Electronics', photoHues: [40] },
    { sellerId: bouncing.user.id, title: 'Electric kettle', category: 'Electronics', photoHues: [300] },
    { sellerId: fanSeller.user.id, title: 'Desk fan, three speeds', category: 'Electronics', photoHues: [200] },
  ]);
  [lampId, kettleId, fanId] = [lamp!, kettle!, fan!];
  smtp = await startSmtpServer({ refuse: (address) => address === 'moved.away@campus.edu' });
  [server, browser] = await Promise.all([startServer({ dataDir, env: { SMTP_URL: smtp.url } }), launchBrowser()]);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** An API call as the account, the way a second device would make it. */
async function callAs(account: SeededAccount, path: string, body: Record<string, unknown>) {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method: 'POST',
    headers: {
      cookie: `${sessionCookieName({ secureCookies: false })}=${account.sessionToken}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return response.status;
}

describe('notifications, live', () => {
  let sellerPage: Page;
  let buyerPage: Page;

  it("raises the seller's bell without a reload when a buyer, in another browser, sends a request", async () => {
    sellerPage = await pageAs(seller);
    await sellerPage.goto('/shop/listings');
    await headerBell(sellerPage, 0).waitFor();

    buyerPage = await pageAs(buyer);
    await buyerPage.goto(`/shop/products/${lampId}`);
    await buyerPage.getByRole('button', { name: buyRequestMessages.sendButton }).click();
    const dialog = buyerPage.getByRole('dialog', { name: buyRequestMessages.dialogTitle });
    await dialog.getByLabel(buyRequestMessages.messageLabel).fill('Can I pick it up tonight at the library?');
    await dialog.getByRole('button', { name: buyRequestMessages.sendButton }).click();
    await toast(buyerPage, buyRequestMessages.sent).waitFor();

    const sent = Date.now();
    await headerBell(sellerPage, 1).waitFor({ timeout: 5000 });
    expect(Date.now() - sent).toBeLessThan(3000);
    // Screen readers hear it too.
    await sellerPage
      .getByRole('status')
      .filter({ hasText: notificationMessages.unreadAnnouncement(1) })
      .waitFor();
    await captureAtBothWidths(sellerPage, 'notification-bell');
  });

  it('lists it in the panel, opens what it is about and marks it read, all by keyboard', async () => {
    const panel = sellerPage.getByRole('dialog', { name: notificationMessages.heading });
    const item = panel.getByRole('link', { name: /New buy request.*meera wants to buy "Study lamp with warm LED"/ });
    // On a phone too the bell is in the top bar (the bottom bar's Account tab carries the count, issue 22).
    await sellerPage.setViewportSize(PHONE);
    await headerBell(sellerPage, 1).click();
    await item.waitFor();
    await expectAccessible(sellerPage);
    await screenshot(sellerPage, 'notification-panel');
    await sellerPage.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    await sellerPage.setViewportSize(DESKTOP);
    await headerBell(sellerPage, 1).focus();
    await sellerPage.keyboard.press('Enter');
    await item.waitFor();
    await expectAccessible(sellerPage);
    await screenshot(sellerPage, 'notification-panel');

    // The panel takes focus at its first control; the notification is next.
    const focused = () => sellerPage.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    expect(await focused()).toBe(notificationMessages.markAllRead);
    await sellerPage.keyboard.press('Tab');
    expect(await item.evaluate((node) => node === document.activeElement)).toBe(true);
    await sellerPage.keyboard.press('Enter');
    await sellerPage.waitForURL('**/shop/listings');
    await panel.waitFor({ state: 'detached' });
    await headerBell(sellerPage, 0).waitFor();
  });

  it('keeps the list on /user/notifications, newest first, with mark all read', async () => {
    await sellerPage.goto('/user/notifications');
    const list = sellerPage.getByRole('region', { name: notificationMessages.heading });
    await list.getByText('meera wants to buy "Study lamp with warm LED"', { exact: false }).waitFor();
    await captureAtBothWidths(sellerPage, 'notifications-page');
  });

  it("shows SOLD OUT on the buyer's open product page, and raises the buyer's bell, when the seller accepts", async () => {
    await buyerPage.goto(`/shop/products/${lampId}`);
    await buyerPage.getByText(buyRequestMessages.statusActive).waitFor();
    expect(await buyerPage.getByText('SOLD OUT', { exact: true }).count()).toBe(0);

    expect(
      await callAs(seller, '/products/sold-out', { buyerId: buyer.user.id, productId: lampId, sellerId: seller.user.id }),
    ).toBe(200);

    await buyerPage.getByText('SOLD OUT', { exact: true }).waitFor({ timeout: 5000 });
    await headerBell(buyerPage, 1).waitFor({ timeout: 5000 });
    await buyerPage.getByText(buyRequestMessages.statusAccepted).waitFor();
  });
});

describe('notifications sent while a page loads', () => {
  it("raises the seller's bell for a request sent after the page's data was written and before its stream opened", async () => {
    const page = await pageAs(fanSeller);
    // Hold the live stream's code: the page is drawn from the answers written into it, and its
    // stream opens only once this arrives, as on a slow phone.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/live-stream-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/shop/products');
    await headerBell(page, 0).waitFor();

    expect(await callAs(buyer, '/interested/mark-interested', { productId: fanId, buyerMessage: 'Is the fan quiet?' })).toBe(200);
    release();

    await headerBell(page, 1).waitFor({ timeout: 5000 });
    await captureAtBothWidths(page, 'notification-bell-after-load');
  });
});

describe('notification settings', () => {
  it('lets the seller choose in-app only for new buy requests, from the account page', async () => {
    const page = await pageAs(seller);
    await page.goto('/user/userAccount?tab=notifications');
    const group = page.getByRole('group', { name: 'New buy requests for my listings' });
    await group.getByRole('radio', { name: notificationMessages.alsoByEmail }).waitFor();
    expect(await group.getByRole('radio', { name: notificationMessages.alsoByEmail }).isChecked()).toBe(true);
    await captureAtBothWidths(page, 'notification-preferences');

    await page.setViewportSize(DESKTOP);
    // A click, not check(): the radio is controlled, and shows the choice once the optimistic
    // update has rendered (a tick after the click), which check() does not wait for on a busy machine.
    const inAppOnly = group.getByRole('radio', { name: notificationMessages.inAppOnly });
    await inAppOnly.click();
    await expect.poll(() => inAppOnly.isChecked()).toBe(true);
    await toast(page, notificationMessages.preferenceSaved).waitFor();
    await page.reload();
    await expect
      .poll(() =>
        page
          .getByRole('group', { name: 'New buy requests for my listings' })
          .getByRole('radio', { name: notificationMessages.inAppOnly })
          .isChecked(),
      )
      .toBe(true);
  });

  it("unsubscribes from a mail's link without signing in", async () => {
    await expect.poll(() => smtp.received.some((mail) => mail.subject?.includes('was accepted')), { timeout: 10_000 }).toBe(true);
    const mail = smtp.received.find((each) => each.subject?.includes('was accepted'))!;
    const token = mail.text?.match(/\/unsubscribe\/([\w-]{43})/)?.[1];
    expect(token).toBeDefined();
    const context = await newContext(browser, server.url, PHONE, WITH_SERVICE_WORKER);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`/unsubscribe/${token}`);
    await page.getByText(notificationMessages.unsubscribeQuestion('My buy request was accepted')).waitFor();
    await captureAtBothWidths(page, 'unsubscribe');
    await page.getByRole('button', { name: notificationMessages.unsubscribeButton }).click();
    await page.getByText(notificationMessages.unsubscribed('My buy request was accepted')).waitFor();
  });
});

describe("the admin's jobs page", () => {
  it('lists a mail the mail server refused for good, with its error, and retries it on request', async () => {
    // A buyer asks for a listing whose seller's mailbox no longer exists.
    expect(await callAs(buyer, '/interested/mark-interested', { productId: kettleId, buyerMessage: 'Still for sale?' })).toBe(
      200,
    );

    const page = await pageAs(admin);
    await page.goto('/admin/dashboard');
    await headerBell(page, 0).waitFor();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Jobs' }).click();
    await page.getByRole('heading', { name: jobMessages.heading }).waitFor();
    const failed = page.getByRole('listitem').filter({ hasText: 'buy-request.received mail to mo******ay@campus.edu' });
    await failed.getByText('550').waitFor({ timeout: 10_000 });
    await captureAtBothWidths(page, 'admin-jobs');

    await page.setViewportSize(DESKTOP);
    await failed.getByRole('button', { name: /^Retry/ }).click();
    await toast(page, jobMessages.retried).waitFor();
    // Refused again: it is back in the list once the retry has run.
    await failed.getByText('2 attempts').waitFor({ timeout: 10_000 });

    await failed.getByRole('button', { name: /^Discard/ }).click();
    const confirm = page.getByRole('alertdialog', { name: jobMessages.discardConfirmTitle });
    await confirm.getByRole('button', { name: jobMessages.discard }).click();
    await toast(page, jobMessages.discarded).waitFor();
    await page.getByText(jobMessages.noFailed).waitFor();
  });
});
