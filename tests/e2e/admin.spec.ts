import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aboutMessages } from '#domain/about/about-copy.ts';
import { adminMessages } from '#domain/users/admin-users.messages.ts';
import { wishlistMessages } from '#domain/wishlist/wishlist.messages.ts';
import type { NewUser } from '../support/factories.ts';
import { type SeededAccount, seedAccounts, signIn } from './support/accounts.ts';
import { DESKTOP, PHONE, captureAtBothWidths, launchBrowser, newContext } from './support/browser.ts';
import { seedListings } from './support/listings.ts';
import { type RunningServer, makeDataDir, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let admin: SeededAccount;
let student: SeededAccount;
let seller: SeededAccount;

const SELLER_LISTINGS = ['Casio fx-991EX calculator', 'Study table with drawer'];
const STUDENT_LISTING = 'Cricket kit bag';

beforeAll(async () => {
  const dataDir = makeDataDir();
  // Sixteen users besides the admin: one more than a page. The newest (the seller) comes first.
  const fillers: NewUser[] = Array.from({ length: 14 }, (_, index) => ({
    email: `student${index + 1}@campus.edu`,
    userName: `student${index + 1}`,
    gender: index % 2 ? 'Male' : 'Female',
  }));
  const accounts = await seedAccounts(dataDir, [
    { email: 'warden@campus.edu', userName: 'warden', isAdmin: true },
    ...fillers,
    { email: 'dev.student@campus.edu', userName: 'dev', phoneNumber: null },
    { email: 'meera.iyer@campus.edu', userName: 'Meera Iyer', phoneNumber: '9123456780', gender: 'Female' },
  ]);
  admin = accounts[0]!;
  student = accounts.at(-2)!;
  seller = accounts.at(-1)!;
  await seedListings(dataDir, [
    ...SELLER_LISTINGS.map((title) => ({ sellerId: seller.user.id, title, category: 'Stationery' as const, price: 900 })),
    { sellerId: student.user.id, title: STUDENT_LISTING, category: 'Others', price: 1500 },
  ]);
  [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function pageAs(account: SeededAccount, viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const context = await newContext(browser, server.url, viewport);
  await signIn(context, server.url, account);
  return context.newPage();
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

describe('User Management', () => {
  it('lists users with masked contacts, fifteen a page, as a table on desktop and cards on phones', async () => {
    const page = await pageAs(admin);
    await page.goto('/admin/users');
    const table = page.getByRole('table');
    await table.getByRole('link', { name: 'Meera Iyer' }).waitFor();
    expect(await page.getByText('Page 1 of 2').isVisible()).toBe(true);
    expect(await table.locator('tbody tr').count()).toBe(15);
    const row = table.getByRole('row').filter({ hasText: 'Meera Iyer' });
    expect(await row.getByText('me******er@campus.edu').isVisible()).toBe(true);
    expect(await row.getByText('91******80').isVisible()).toBe(true);
    // No phone and no gender given: both read 'Not provided'.
    expect(await table.getByRole('row').filter({ hasText: 'dev' }).getByText('Not provided').count()).toBe(2);
    const html = await page.content();
    expect(html).not.toContain('meera.iyer@campus.edu');
    expect(html).not.toContain('9123456780');
    expect(html).not.toContain('warden@campus.edu');
    await captureAtBothWidths(page, 'user-management');

    await page.setViewportSize(PHONE);
    expect(await table.isVisible()).toBe(false);
    expect(await page.getByRole('list', { name: 'Users' }).getByText('me******er@campus.edu').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Users' }).getByRole('listitem').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Prev' }).click();
    await page.getByText('Page 1 of 2').waitFor();
    await page.context().close();
  });

  it("opens a user's uploads from their name, titled with their first name", async () => {
    const page = await pageAs(admin);
    await page.goto('/admin/users');
    await page.getByRole('table').getByRole('link', { name: 'Meera Iyer' }).click();
    await page.waitForURL(`**/admin/user/listings/${seller.user.id}`);
    await page.getByRole('heading', { level: 1, name: "Meera's Uploads" }).waitFor();
    for (const title of SELLER_LISTINGS) await page.getByText(title).waitFor();
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(2);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(2);
    await page.waitForLoadState('networkidle');
    await captureAtBothWidths(page, 'admin-user-listings');
    await page.context().close();
  });

  it('deletes a user after the confirmation, and their listings disappear from Products', async () => {
    const page = await pageAs(admin);
    await page.goto('/admin/products');
    for (const title of SELLER_LISTINGS) await page.getByText(title).waitFor();

    await page.goto('/admin/users');
    const row = page.getByRole('table').getByRole('row').filter({ hasText: 'Meera Iyer' });
    await row.getByRole('button', { name: 'Delete Meera Iyer' }).click();
    const dialog = page.getByRole('alertdialog', { name: adminMessages.userDeleteConfirmTitle });
    await dialog.getByText(adminMessages.userDeleteConfirm).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toast(page, adminMessages.userDeleted).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByRole('table').getByRole('link', { name: 'Meera Iyer' }).count()).toBe(0);
    await page.getByText('Page 1 of 1').waitFor();

    await page.getByRole('link', { name: 'Products' }).first().click();
    await page.waitForURL('**/admin/products');
    await page.getByText(STUDENT_LISTING).waitFor();
    for (const title of SELLER_LISTINGS) expect(await page.getByText(title).count()).toBe(0);
    await page.context().close();

    const shopper = await pageAs(student);
    await shopper.goto('/shop/products');
    await shopper.getByText(STUDENT_LISTING).waitFor();
    for (const title of SELLER_LISTINGS) expect(await shopper.getByText(title).count()).toBe(0);
    await shopper.goto(`/user/userProfile/${seller.user.id}`);
    await shopper.locator('p[role="alert"]', { hasText: 'User not found' }).waitFor();
    await shopper.context().close();
  });
});

describe('the admin frame', () => {
  it("shows the 'Search products...' box on phones too, compact, beside the title and avatar", async () => {
    const page = await pageAs(admin, PHONE);
    await page.goto('/admin/dashboard');
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.waitFor();
    expect(await search.getAttribute('placeholder')).toBe('Search products...');
    const [bar, box, avatar] = await Promise.all([
      page.locator('header').boundingBox(),
      search.boundingBox(),
      page.getByRole('link', { name: 'My account' }).boundingBox(),
    ]);
    expect(box!.width).toBeGreaterThan(120);
    expect(box!.x + box!.width).toBeLessThanOrEqual(avatar!.x);
    expect(avatar!.x + avatar!.width).toBeLessThanOrEqual(bar!.width);
    await captureAtBothWidths(page, 'admin-dashboard');
    await page.context().close();
  });

  it("shows an admin's Wishlist tab as empty instead of loading forever", async () => {
    const page = await pageAs(admin, PHONE);
    await page.goto('/user/userAccount?tab=wishlist');
    await page.getByText(wishlistMessages.empty).waitFor();
    expect(await page.getByRole('status', { name: 'Loading your wishlist' }).count()).toBe(0);
    await page.context().close();
  });
});

describe('About', () => {
  it('shows the admin the mission, six steps, highlights, guidelines, support and a map placeholder', async () => {
    const page = await pageAs(admin);
    await page.goto('/admin/about');
    await page.getByRole('heading', { level: 1, name: aboutMessages.title }).waitFor();
    await page.locator('#main').getByRole('link', { name: 'support@campus-market.local' }).waitFor();
    const steps = page.getByRole('list').filter({ has: page.getByRole('heading', { name: /Browse/ }) });
    expect(await steps.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(
      aboutMessages.steps.map((step, index) => `${index + 1}.${step.title}`),
    );
    expect(await page.getByText(aboutMessages.mapPlaceholder).isVisible()).toBe(true);
    expect(await page.locator('iframe').count()).toBe(0);
    for (const highlight of aboutMessages.highlights) expect(await page.getByText(highlight.title).isVisible()).toBe(true);
    await captureAtBothWidths(page, 'about-admin');
    await page.context().close();
  });

  it('shows students the same page in the shop', async () => {
    const page = await pageAs(student);
    await page.goto('/shop/about');
    await page.getByRole('heading', { level: 1, name: aboutMessages.title }).waitFor();
    await page.locator('#main').getByRole('link', { name: 'support@campus-market.local' }).waitFor();
    await captureAtBothWidths(page, 'about-shop');
    await page.context().close();
  });
});
