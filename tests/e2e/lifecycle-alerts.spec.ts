import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, lifecycleMessages } from '#domain/alerts/listing-lifecycle.ts';
import { savedSearchMessages } from '#domain/alerts/saved-search.schemas.ts';
import { notificationMessages } from '#domain/notifications/notification.messages.ts';
import { loadRenewLinkKey, signRenewLink } from '#server/alerts/renew-links.ts';
import { type SeededAccount, seedAccounts, signIn } from './support/accounts.ts';
import { captureAtBothWidths, launchBrowser, newContext } from './support/browser.ts';
import { samplePhoto, seedListings } from './support/listings.ts';
import { seedDatabase } from './support/seed-database.ts';
import { type RunningServer, makeDataDir, startServer } from './support/server.ts';

/**
 * Issue 24 end to end: a seller renews an expired listing from My Listings and another through the
 * mail's one-click link; a student saves a search and, in another browser, a new matching listing
 * raises their bell without a reload.
 */

let server: RunningServer;
let browser: Browser;
let ravi: SeededAccount;
let meera: SeededAccount;
let renewToken: string;
const now = Date.now();

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const headerBell = (page: Page, unread: number) =>
  page.getByRole('banner').getByRole('button', { name: notificationMessages.bellLabel(unread), exact: true });

async function pageAs(account: SeededAccount | null): Promise<Page> {
  const context = await newContext(browser, server.url);
  if (account) await signIn(context, server.url, account);
  return context.newPage();
}

beforeAll(async () => {
  const dataDir = makeDataDir();
  [ravi, meera] = (await seedAccounts(dataDir, [
    { email: 'ravi@campus.edu', userName: 'ravi' },
    { email: 'meera@campus.edu', userName: 'meera' },
  ])) as [SeededAccount, SeededAccount];
  const [, expiring] = await seedListings(dataDir, [
    {
      sellerId: ravi.user.id,
      title: 'Symphony air cooler',
      description: 'Keeps a hostel room cool through May.',
      category: 'Electronics',
      price: 2400,
      createdAt: new Date(now - 65 * DAY_MS),
      expired: true,
      photoHues: [190],
    },
    {
      sellerId: ravi.user.id,
      title: 'Yonex badminton racket',
      description: 'Strung last month.',
      category: 'Others',
      price: 900,
      createdAt: new Date(now - 58 * DAY_MS),
      photoHues: [40],
    },
    {
      sellerId: ravi.user.id,
      title: 'Data structures notes',
      description: 'Handwritten, complete.',
      category: 'Books',
      price: 150,
      createdAt: new Date(now - DAY_MS),
      photoHues: [100],
    },
  ]);
  // The link the warning mail would carry (the job's own signer, the deployment's own key).
  const key = await loadRenewLinkKey((await seedDatabase(dataDir)).db);
  renewToken = signRenewLink(key, { productId: expiring!, expiresAt: new Date(now - 58 * DAY_MS + 60 * DAY_MS) });
  [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the life of a listing', () => {
  it('renews an expired listing from My Listings in one tap, back at the top of Newest', async () => {
    const page = await pageAs(ravi);
    await page.goto('/shop/listings');
    const card = page.getByRole('article').filter({ hasText: 'Symphony air cooler' });
    await card.getByText(lifecycleMessages.expiredBadge).waitFor();
    await captureAtBothWidths(page, 'my-listings-expired');

    await page.getByRole('button', { name: `${lifecycleMessages.renew} Symphony air cooler` }).click();
    await toast(page, lifecycleMessages.renewed).waitFor();
    await card.getByText(lifecycleMessages.expiredBadge).waitFor({ state: 'detached' });

    const buyer = await pageAs(meera);
    await buyer.goto('/shop/products');
    await expect.poll(() => buyer.getByRole('heading', { level: 2 }).first().textContent()).toBe('Symphony air cooler');
  });

  it('renews through the mail link without signing in', async () => {
    const page = await pageAs(null);
    await page.goto(`/renew/${renewToken}`);
    await page.getByText(lifecycleMessages.renewed).waitFor();
    await page.getByText('“Yonex badminton racket”').waitFor();
    await captureAtBothWidths(page, 'renew-link');
    await page.reload();
    await page.getByText(lifecycleMessages.alreadyRenewed).waitFor();
  });
});

describe('saved searches', () => {
  it('saves a search, and a matching listing from another browser raises the bell without a reload', async () => {
    const student = await pageAs(meera);
    await student.goto('/shop/products');
    await student.getByRole('button', { name: savedSearchMessages.saveThisSearch }).click();
    const dialog = student.getByRole('dialog', { name: savedSearchMessages.saveThisSearch });
    await dialog.getByLabel('Name').fill('Kettles');
    await captureAtBothWidths(student, 'save-search-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(student, savedSearchMessages.saved).waitFor();
    await headerBell(student, 0).waitFor();

    const seller = await pageAs(ravi);
    await seller.goto('/shop/listings');
    const photo = await samplePhoto(30);
    const created = await seller.request.post('/api/v1/products/createProduct', {
      multipart: {
        title: 'Prestige electric kettle',
        description: '1.5 litre, auto shut-off.',
        price: '600',
        category: 'Electronics',
        condition: 'Good',
        images: { name: 'kettle.jpg', mimeType: 'image/jpeg', buffer: photo },
      },
      headers: { origin: server.url },
    });
    expect(created.status()).toBe(201);
    await headerBell(student, 1).waitFor({ timeout: 15_000 });

    await student.goto('/user/userAccount?tab=searches');
    await student.getByRole('link', { name: 'Kettles' }).waitFor();
    await captureAtBothWidths(student, 'saved-searches');
  });
});
