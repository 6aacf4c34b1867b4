import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationMessages } from '#domain/moderation/moderation.messages.ts';
import { type SeededAccount, seedAccounts, signIn } from './support/accounts.ts';
import { DESKTOP, captureAtBothWidths, expectAccessible, launchBrowser, newContext } from './support/browser.ts';
import { seedListings } from './support/listings.ts';
import { waitForMailTo } from './support/outbox.ts';
import { type RunningServer, makeDataDir, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let dataDir: string;
let admin: SeededAccount;
let seller: SeededAccount;
let students: SeededAccount[];
let listingId: string;

const LISTING = 'Too-good-to-be-true laptop';

beforeAll(async () => {
  dataDir = makeDataDir();
  const accounts = await seedAccounts(dataDir, [
    { email: 'warden@campus.edu', userName: 'warden', isAdmin: true },
    { email: 'ravi@campus.edu', userName: 'ravi' },
    { email: 'meera@campus.edu', userName: 'meera' },
    { email: 'arjun@campus.edu', userName: 'arjun' },
    { email: 'kavya@campus.edu', userName: 'kavya' },
  ]);
  [admin, seller, ...students] = accounts as [SeededAccount, SeededAccount, ...SeededAccount[]];
  [listingId] = (await seedListings(dataDir, [
    { sellerId: seller.user.id, title: LISTING, category: 'Electronics', price: 2000 },
    { sellerId: seller.user.id, title: 'Honest desk lamp', category: 'Others', price: 300 },
  ])) as [string, string];
  [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function pageAs(account: SeededAccount): Promise<Page> {
  const context = await newContext(browser, server.url, DESKTOP);
  await signIn(context, server.url, account);
  return context.newPage();
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

describe('trust and safety', () => {
  it('hides a listing reported by three students, and the admin removes it from the queue', async () => {
    const [first, ...others] = students as [SeededAccount, ...SeededAccount[]];
    const page = await pageAs(first);
    await page.goto(`/shop/products/${listingId}`);
    await page.getByRole('button', { name: 'Report' }).click();
    const reportDialog = page.getByRole('dialog', { name: 'Report this listing' });
    await reportDialog.getByLabel('Scam or fraud').check();
    await reportDialog.getByLabel(/Details/).fill('Price is a fraction of the real one, asks for payment upfront.');
    await expectAccessible(page);
    await reportDialog.getByRole('button', { name: 'Send report' }).click();
    await toast(page, moderationMessages.reported).waitFor();
    await page.context().close();
    // The dialog is checked once; the next two reports are sent as it sends them.
    for (const student of others.slice(0, 2)) {
      const context = await newContext(browser, server.url, DESKTOP);
      await signIn(context, server.url, student);
      const response = await context.request.post('/api/v1/reports', {
        data: { targetType: 'listing', targetId: listingId, reason: 'scam', details: 'Asks for payment upfront.' },
      });
      expect(response.status()).toBe(201);
      await context.close();
    }

    const browsing = await pageAs(students[0]!);
    await browsing.goto('/shop/products');
    await browsing.getByText('Honest desk lamp').first().waitFor();
    expect(await browsing.getByText(LISTING).count()).toBe(0);
    await browsing.context().close();

    const adminPage = await pageAs(admin);
    await adminPage.goto('/admin/dashboard');
    await adminPage.getByRole('link', { name: /Open reports/ }).waitFor();
    await captureAtBothWidths(adminPage, 'moderation-dashboard');

    await adminPage.setViewportSize(DESKTOP);
    await adminPage.goto('/admin/reports');
    const group = adminPage.getByRole('article').filter({ hasText: LISTING });
    await group.getByText('3 reports').waitFor();
    await captureAtBothWidths(adminPage, 'moderation-queue');
    await adminPage.setViewportSize(DESKTOP);
    await group.getByRole('button', { name: 'Remove listing' }).click();
    const dialog = adminPage.getByRole('dialog');
    await dialog.getByLabel(/Reason/).fill('Counterfeit electronics are not allowed.');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await toast(adminPage, moderationMessages.listingRemoved).waitFor();
    await adminPage.getByText(LISTING).waitFor({ state: 'detached' });

    const mail = await waitForMailTo(dataDir, 'ravi@campus.edu', (text) => text.includes('was removed'));
    expect(mail).toContain('Counterfeit electronics are not allowed.');
    const sellerPage = await pageAs(seller);
    await sellerPage.goto('/user/notifications');
    await sellerPage
      .getByText(/was removed/)
      .first()
      .waitFor();
    await sellerPage.context().close();

    await adminPage.goto('/admin/audit');
    await adminPage.getByRole('cell', { name: 'Removed a listing' }).waitFor();
    await captureAtBothWidths(adminPage, 'moderation-audit');
    await adminPage.context().close();
  });

  it('suspends a user, who is then told at login until when and how to appeal', async () => {
    const reporter = await pageAs(students[1]!);
    await reporter.goto(`/user/userProfile/${seller.user.id}`);
    await reporter.getByRole('button', { name: 'Report' }).click();
    const reportDialog = reporter.getByRole('dialog', { name: 'Report this user' });
    await reportDialog.getByLabel('Offensive content').check();
    await reportDialog.getByRole('button', { name: 'Send report' }).click();
    await toast(reporter, moderationMessages.reported).waitFor();
    await reporter.context().close();

    const adminPage = await pageAs(admin);
    await adminPage.goto('/admin/reports');
    const group = adminPage.getByRole('article').filter({ hasText: 'Offensive content' });
    await group.getByRole('button', { name: 'Suspend' }).click();
    const dialog = adminPage.getByRole('dialog');
    await dialog.getByLabel('Suspend for').selectOption('7');
    await dialog.getByLabel(/Reason/).fill('Abusive messages to buyers.');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await toast(adminPage, moderationMessages.userSuspended).waitFor();
    // Decided: its reports are closed, so the group leaves the queue.
    await group.waitFor({ state: 'detached' });
    await adminPage.context().close();

    const context = await newContext(browser, server.url, DESKTOP);
    const page = await context.newPage();
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill('ravi@campus.edu');
    await page.getByLabel('Password', { exact: true }).fill(seller.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await toast(page, 'Your account is suspended until').waitFor();
    expect(await toast(page, 'To appeal, write to').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    await context.close();
  });
});
