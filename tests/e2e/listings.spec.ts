import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_FILTER_STORAGE_KEY } from '#domain/constants.ts';
import { type SeededAccount, seedAccounts, signIn } from './support/accounts.ts';
import { DESKTOP, PHONE, captureAtBothWidths, launchBrowser, newContext } from './support/browser.ts';
import { type SeedListing, seedListings, writePhotoFiles } from './support/listings.ts';
import { type RunningServer, makeDataDir, startServer } from './support/server.ts';

/**
 * The listing journeys of issue 4: a student sells a product with photos, others find it on
 * Home and Products (search, filter, sort, persisted filter), view it, and the seller edits and
 * deletes it. A small catalogue is seeded first, including a sold product and enough listings
 * for a second page.
 */

const MINUTE = 60_000;
const now = Date.now();

let server: RunningServer;
let browser: Browser;
let meera: SeededAccount;
let ravi: SeededAccount;
let asha: SeededAccount;
let admin: SeededAccount;
let photoFiles: string[];
const fixturesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-photos-'));

const HEADPHONES = 'Boat Rockerz 450 headphones';

function catalogue(sellerId: string, buyerId: string): SeedListing[] {
  const recent = (minutes: number) => new Date(now - minutes * MINUTE);
  const featured: Omit<SeedListing, 'sellerId'>[] = [
    {
      title: 'Engineering Mathematics by B.S. Grewal',
      description: '43rd edition, a few pencil notes in the integration chapters. Perfect for first-year maths.',
      category: 'Books',
      condition: 'Good',
      price: 450,
      originalPrice: 900,
      rating: 4,
      photoHues: [30, 60],
      createdAt: recent(10),
    },
    {
      title: 'Casio fx-991EX scientific calculator',
      description: 'Allowed in exams, with cover and manual.',
      category: 'Electronics',
      condition: 'Like New',
      price: 650,
      originalPrice: 1200,
      rating: 5,
      photoHues: [200],
      createdAt: recent(20),
    },
    {
      title: 'Ergonomic hostel study chair',
      description: 'Adjustable height, mesh back. Pick up from Hostel 4.',
      category: 'Furniture',
      condition: 'Fair',
      price: 1500,
      rating: 3,
      photoHues: [20],
      createdAt: recent(30),
    },
    {
      title: 'Winter jacket, size M',
      description: 'Warm padded jacket, worn one winter.',
      category: 'Clothing',
      condition: 'Good',
      price: 700,
      originalPrice: 700,
      photoHues: [280],
      createdAt: recent(40),
    },
    {
      title: 'Hero Sprint 26T bicycle',
      description: 'Sold to a junior already.',
      category: 'Cycle',
      condition: 'Good',
      price: 3200,
      originalPrice: 5500,
      rating: 4,
      soldOut: true,
      buyerId,
      photoHues: [120],
      createdAt: recent(50),
    },
    {
      title: 'Data Structures class notes',
      description: 'Complete handwritten notes, scanned copy included.',
      category: 'Books',
      condition: 'Like New',
      price: 120,
      photoHues: [170],
      createdAt: recent(60),
    },
  ];
  // Enough older listings that the grid needs a second page (24 per page).
  const older: Omit<SeedListing, 'sellerId'>[] = Array.from({ length: 26 }, (_, index) => ({
    title: `Geometry box set ${index + 1}`,
    description: 'Compass, divider, protractor and two set squares.',
    category: 'Stationery',
    condition: 'Good',
    price: 60 + index,
    photoHues: [330],
    createdAt: new Date(now - (index + 2) * 24 * 60 * MINUTE),
  }));
  return [...featured, ...older].map((listing) => ({ ...listing, sellerId }));
}

beforeAll(async () => {
  const dataDir = makeDataDir();
  [meera, ravi, asha, admin] = (await seedAccounts(dataDir, [
    { email: 'meera@campus.edu', userName: 'meera.k', phoneNumber: '9123456780' },
    { email: 'ravi@campus.edu', userName: 'ravi_s', phoneNumber: null },
    { email: 'asha@campus.edu', userName: 'asha' },
    { email: 'admin@campus.edu', userName: 'admin', isAdmin: true },
  ])) as [SeededAccount, SeededAccount, SeededAccount, SeededAccount];
  await seedListings(dataDir, catalogue(ravi.user.id, asha.user.id));
  photoFiles = await writePhotoFiles(fixturesDir, [
    { name: 'headphones-front.jpg', hue: 10 },
    { name: 'headphones-side.png', hue: 250, format: 'png' },
    { name: 'headphones-box.jpg', hue: 90 },
  ]);
  [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(fixturesDir, { recursive: true, force: true });
});

async function pageAs(
  account: SeededAccount,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, server.url, viewport);
  await signIn(context, server.url, account);
  return { context, page: await context.newPage() };
}

const countHeading = (page: Page) => page.getByRole('heading', { level: 1, name: /PRODUCTS$/ });
const cardTitles = (page: Page) => page.locator('article').locator('h2, h3').allInnerTexts();
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function openFilter(page: Page) {
  await page.getByRole('button', { name: /^(Filter|Adjust filter)$/ }).click();
  const sidebar = page.getByRole('dialog', { name: 'Filter' });
  await sidebar.waitFor();
  return sidebar;
}

describe('selling a product', () => {
  it('refuses an incomplete listing, then sells a product with two photos', async () => {
    const { context, page } = await pageAs(meera);
    await page.goto('/shop/sell');
    await page.getByRole('heading', { name: 'Add New Product' }).waitFor();
    expect(await page.getByLabel('Condition').inputValue()).toBe('Good');

    await page.getByRole('button', { name: 'Upload Product' }).click();
    await toast(page, 'Please fill in all required fields.').waitFor();

    await page.getByLabel('Title').fill(HEADPHONES);
    await page.getByLabel('Description').fill('Wireless, 15 hours of battery, with the charging cable and pouch.');
    await page.getByLabel('Selling Price').fill('1200');
    await page.getByLabel('Original Price').fill('2000');
    await page.getByLabel('Category').selectOption('Electronics');
    await page.getByLabel('Condition').selectOption('Like New');
    await page.getByRole('button', { name: 'Upload Product' }).click();
    await toast(page, 'Please upload at least one image.').waitFor();

    await page.locator('input[type=file]').setInputFiles(photoFiles.slice(0, 2));
    const previews = page.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem');
    await expect.poll(() => previews.count()).toBe(2);
    await captureAtBothWidths(page, 'sell-upload');

    await page.getByRole('button', { name: 'Upload Product' }).click();
    await toast(page, 'Product added successfully!').waitFor();
    await page.waitForURL('**/shop/listings');
    await page.getByRole('heading', { name: "Meera's Uploads" }).waitFor();
    await expect.poll(() => cardTitles(page)).toEqual([HEADPHONES]);
    await captureAtBothWidths(page, 'my-listings');
    await context.close();
  });
});

describe('finding products', () => {
  it('shows the new listing first under Recently Added Products on Home', async () => {
    const { context, page } = await pageAs(asha);
    await page.goto('/shop');
    await page.getByRole('heading', { name: 'Welcome to the product' }).waitFor();
    const recent = page.getByRole('list', { name: 'Recently Added Products' });
    await expect.poll(() => recent.getByRole('listitem').count()).toBe(10);
    expect(await recent.locator('h3').first().innerText()).toBe(HEADPHONES);
    await page.getByRole('button', { name: 'Slide 3: Hostel Ready?' }).click();
    await expect.poll(() => page.getByRole('group', { name: '3 of 3' }).getAttribute('aria-hidden')).toBeNull();
    expect(await page.getByRole('link', { name: 'Explore More' }).getAttribute('href')).toBe('/shop/products');
    await page.getByRole('button', { name: 'Slide 1: Welcome to the product' }).click();
    await captureAtBothWidths(page, 'home');
    await context.close();
  });

  it('advances the banner every 5 seconds until the visitor pauses it', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP, reducedMotion: 'no-preference' });
    await signIn(context, server.url, asha);
    const page = await context.newPage();
    // The page's timers run on a clock only the test moves, paused before the page loads: a slow
    // machine's real seconds (loading, polling) never count towards the 5 s.
    // (Paused a minute ahead of the install: pausing at the install's own moment would be in the
    // past by the time it runs. Nothing is loaded yet, so the jump fires no timer.)
    const start = new Date('2026-09-01T09:00:00Z');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 60_000));
    await page.goto('/shop');
    const current = () => page.locator('[aria-label^="Slide "][aria-current="true"]').getAttribute('aria-label');
    await expect.poll(current).toBe('Slide 1: Welcome to the product');
    await page.clock.runFor(4_000);
    expect(await current()).toBe('Slide 1: Welcome to the product');
    await page.clock.runFor(1_500);
    await expect.poll(current).toBe('Slide 2: Shop, Sell, Save');
    await page.mouse.move(0, 0);
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await page.mouse.move(0, 0);
    const paused = await current();
    await page.clock.runFor(12_000);
    expect(await current()).toBe(paused);
    await page.getByRole('button', { name: 'Play slideshow' }).waitFor();
    await context.close();
  });

  it('counts every listing on Products and loads the second page on scroll', async () => {
    const { context, page } = await pageAs(asha);
    await page.goto('/shop/products');
    await expect.poll(() => countHeading(page).innerText()).toBe('33 PRODUCTS');
    await expect.poll(() => page.locator('article').count()).toBe(24);
    await page.locator('article').last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 20_000);
    await expect.poll(() => page.locator('article').count()).toBe(33);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await context.close();
  });

  it('cycles a card through its photos while hovered and returns to the first on leave', async () => {
    const { context, page } = await pageAs(asha);
    await page.goto('/shop/products');
    const card = page.locator('article', { hasText: 'Engineering Mathematics by B.S. Grewal' });
    const photo = card.locator('img');
    const first = await photo.getAttribute('src');
    await card.hover();
    await expect.poll(() => photo.getAttribute('src'), { timeout: 4000 }).not.toBe(first);
    await page.mouse.move(0, 0);
    await expect.poll(() => photo.getAttribute('src')).toBe(first);
    await context.close();
  });

  it('searches, filters by category and sorts in the sidebar', async () => {
    const { context, page } = await pageAs(asha);
    await page.goto('/shop/products');
    await expect.poll(() => countHeading(page).innerText()).toBe('33 PRODUCTS');

    // The search box sits above the grid (issue 22); Enter searches.
    const search = page.getByRole('combobox', { name: 'Search products' });
    await search.fill('HEADPHONES');
    await search.press('Enter');
    await expect.poll(() => countHeading(page).innerText()).toBe('1 PRODUCTS');
    expect(await cardTitles(page)).toEqual([HEADPHONES]);
    await search.fill('no such thing');
    await search.press('Enter');
    await page.getByText('No products found. Try adjusting your search or filters!').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => countHeading(page).innerText()).toBe('33 PRODUCTS');

    let sidebar = await openFilter(page);

    const categories = sidebar.getByRole('group', { name: 'Categories' });
    const labels = await categories.locator('label > span:first-of-type').allInnerTexts();
    expect(labels).toEqual(['Books', 'Clothing', 'Cycle', 'Electronics', 'Furniture', 'Stationery']);
    await categories.getByLabel('Books').check();
    await expect.poll(() => countHeading(page).innerText()).toBe('2 PRODUCTS');
    await sidebar.getByLabel('Sort').selectOption({ label: 'Price: Low to High' });
    await expect.poll(() => cardTitles(page)).toEqual(['Data Structures class notes', 'Engineering Mathematics by B.S. Grewal']);
    await sidebar.getByLabel('Sort').selectOption({ label: 'Price: High to Low' });
    await expect.poll(() => cardTitles(page)).toEqual(['Engineering Mathematics by B.S. Grewal', 'Data Structures class notes']);
    await categories.getByLabel('Electronics').check();
    await expect.poll(() => countHeading(page).innerText()).toBe('4 PRODUCTS');
    await captureAtBothWidths(page, 'products-sidebar');

    await sidebar.getByRole('button', { name: 'Clear Filter' }).click();
    await expect.poll(() => countHeading(page).innerText()).toBe('33 PRODUCTS');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Filter', exact: true }).waitFor();

    sidebar = await openFilter(page);
    await sidebar.getByLabel('Show Buy Requests').check();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Clear Filter' }).click();
    await page.getByRole('button', { name: 'Filter', exact: true }).waitFor();
    await context.close();
  });

  it('keeps the category filter after a reload, and the Products link clears it', async () => {
    for (const viewport of [DESKTOP, PHONE] as const) {
      const { context, page } = await pageAs(asha, viewport);
      await page.goto('/shop/products');
      const sidebar = await openFilter(page);
      await sidebar.getByRole('group', { name: 'Categories' }).getByLabel('Books').check();
      await expect.poll(() => countHeading(page).innerText()).toBe('2 PRODUCTS');
      await page.keyboard.press('Escape');

      await page.reload();
      await expect.poll(() => countHeading(page).innerText()).toBe('2 PRODUCTS');
      await page.getByRole('button', { name: 'Clear Filter' }).waitFor();
      const stored = await page.evaluate((key) => window.localStorage.getItem(key), PRODUCT_FILTER_STORAGE_KEY);
      expect(JSON.parse(stored!)).toEqual({ showBuyRequests: false, filter: ['Books'] });

      const nav = page.getByRole('navigation', { name: viewport === DESKTOP ? 'Main' : 'Primary' });
      await nav.getByRole('link', { name: 'Products' }).click();
      await expect.poll(() => countHeading(page).innerText()).toBe('33 PRODUCTS');
      await page.getByRole('button', { name: 'Filter', exact: true }).waitFor();
      await context.close();
    }
  });

  it('opens Products filtered to one category from a Home tile', async () => {
    const { context, page } = await pageAs(asha, PHONE);
    await page.goto('/shop');
    await page.getByRole('button', { name: 'Furniture' }).click();
    await page.waitForURL('**/shop/products?category=Furniture');
    await expect.poll(() => countHeading(page).innerText()).toBe('1 PRODUCTS');
    expect(await cardTitles(page)).toEqual(['Ergonomic hostel study chair']);
    await page.getByRole('button', { name: 'Clear Filter' }).waitFor();
    await captureAtBothWidths(page, 'products-filtered');
    await context.close();
  });
});

describe('a product page', () => {
  it('shows the photos, price, discount and the seller’s contacts to a buyer', async () => {
    const { context, page } = await pageAs(asha);
    await page.goto('/shop/products');
    await page.getByRole('link', { name: HEADPHONES }).click();
    await page.waitForURL(/\/shop\/products\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: HEADPHONES }).waitFor();
    await page.getByText('40% OFF').first().waitFor();
    expect(await page.getByRole('button', { name: /Show photo \d of 2/ }).count()).toBe(2);
    const seller = page.getByRole('region', { name: 'Seller' });
    expect(await seller.getByRole('link', { name: 'meera@campus.edu' }).getAttribute('href')).toBe('mailto:meera@campus.edu');
    expect(await seller.getByRole('link', { name: '+91 9123456780' }).getAttribute('href')).toBe('tel:+919123456780');
    const whatsapp = await seller.getByRole('link', { name: 'Chat on WhatsApp' }).getAttribute('href');
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/919123456780\?text=/);
    expect(decodeURIComponent(whatsapp!.split('text=')[1]!)).toContain(HEADPHONES);
    expect(await seller.getByRole('link', { name: 'View Profile' }).getAttribute('href')).toBe(
      `/user/userProfile/${meera.user.id}`,
    );
    await page.getByRole('region', { name: 'Interested in this product?' }).waitFor();
    expect(await page.getByRole('region', { name: 'Your listing' }).count()).toBe(0);
    const similar = page.getByRole('region', { name: 'Similar Products' });
    await similar.getByText('Casio fx-991EX scientific calculator').waitFor();
    await captureAtBothWidths(page, 'product-detail');
    await context.close();
  });

  it("says 'Not Available' for a seller without a phone, and 'Product not found' for a missing product", async () => {
    const { context, page } = await pageAs(asha);
    await page.goto('/shop/products');
    await page.getByRole('link', { name: 'Ergonomic hostel study chair' }).click();
    const seller = page.getByRole('region', { name: 'Seller' });
    await seller.waitFor();
    expect(await seller.getByText('Not Available').count()).toBe(2);
    await page.getByText('No similar products found.').waitFor();

    await page.goto('/shop/products/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Product not found' }).waitFor();
    await context.close();
  });

  it("shows the seller a disabled 'Your upload' button and every similar product, 8 at a time", async () => {
    const { context, page } = await pageAs(ravi, PHONE);
    await page.goto('/shop/listings');
    const id = await page.evaluate(async () => {
      const answer = await fetch('/api/v1/products?q=Geometry%20box%20set%2026&limit=1', { credentials: 'include' });
      return ((await answer.json()) as { products: { _id: string }[] }).products[0]!._id;
    });
    await page.goto(`/shop/products/${id}`);
    const owner = page.getByRole('region', { name: 'Your listing' });
    const yourUpload = owner.getByRole('button', { name: 'Your upload' });
    await yourUpload.waitFor();
    expect(await yourUpload.isDisabled()).toBe(true);
    expect(await page.getByRole('region', { name: 'Interested in this product?' }).count()).toBe(0);

    // The other 25 Stationery listings: 8, then 8 more with each 'Load more'.
    const similar = page.getByRole('list', { name: 'Similar Products' }).getByRole('listitem');
    await expect.poll(() => similar.count()).toBe(8);
    await captureAtBothWidths(page, 'product-detail-seller');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => similar.count()).toBe(16);
    await context.close();
  });
});

describe('sold listings', () => {
  it('shows a sold product as SOLD OUT and not clickable', async () => {
    const { context, page } = await pageAs(asha);
    await page.goto('/shop/products');
    const sold = page.locator('article', { hasText: 'Hero Sprint 26T bicycle' });
    await sold.getByText('SOLD OUT').waitFor();
    expect(await sold.locator('a').count()).toBe(0);
    await context.close();
  });

  it('reminds the seller it is sold instead of offering Edit, and the delete button pulses', async () => {
    const { context, page } = await pageAs(ravi);
    await page.goto('/shop/listings');
    await page.getByRole('heading', { name: "Ravi's Uploads" }).waitFor();
    const sold = page.locator('article', { hasText: 'Hero Sprint 26T bicycle' });
    expect(await sold.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await sold.getByRole('button', { name: 'Sold Out' }).click();
    await toast(page, 'You have already sold this product!').waitFor();
    expect(await sold.locator('.animate-pulse-red').count()).toBe(1);
    await context.close();
  });
});

describe('changing a listing', () => {
  it('edits a listing: drops one photo, adds another, changes the price', async () => {
    const { context, page } = await pageAs(meera);
    await page.goto('/shop/listings');
    const card = page.locator('article', { hasText: HEADPHONES });
    await card.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL('**/shop/sell');
    await page.getByRole('heading', { name: 'Edit Product' }).waitFor();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe(HEADPHONES);
    const previews = page.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem');
    await expect.poll(() => previews.count()).toBe(2);
    const keptPhoto = await previews.nth(1).locator('img').getAttribute('src');

    await page.getByRole('button', { name: 'Remove photo 1' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('This image will be permanently removed from the listing when you save.').waitFor();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => previews.count()).toBe(1);
    await page.locator('input[type=file]').setInputFiles(photoFiles[2]!);
    await expect.poll(() => previews.count()).toBe(2);
    await page.getByLabel('Selling Price').fill('1100');
    await captureAtBothWidths(page, 'sell-edit');

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Product updated successfully').waitFor();
    await page.waitForURL('**/shop/listings');

    await page.goto('/shop/products');
    await page.getByRole('link', { name: HEADPHONES }).click();
    await page.getByRole('heading', { level: 1, name: HEADPHONES }).waitFor();
    await page.getByText('₹1,100').first().waitFor();
    await page.getByText('45% OFF').first().waitFor();
    const thumbnails = page.getByRole('button', { name: /Show photo \d of 2/ });
    expect(await thumbnails.count()).toBe(2);
    // The kept photo now comes first; the new one follows it.
    expect(await thumbnails.first().locator('img').getAttribute('src')).toBe(keptPhoto);
    await page.getByRole('region', { name: 'Your listing' }).waitFor();
    await context.close();
  });

  it('deletes a listing only after confirmation, leaving the empty My Listings', async () => {
    const { context, page } = await pageAs(meera);
    await page.goto('/shop/listings');
    const card = page.locator('article', { hasText: HEADPHONES });
    await card.getByRole('button', { name: `Delete ${HEADPHONES}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you absolutely sure?' });
    await confirm.getByText('This action cannot be undone. This will permanently delete your product.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
    expect(await cardTitles(page)).toEqual([HEADPHONES]);

    await card.getByRole('button', { name: `Delete ${HEADPHONES}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Product deleted Successfully').waitFor();
    await page.getByRole('heading', { name: "You Haven't Listed Anything Yet!" }).waitFor();
    expect(await page.getByRole('link', { name: 'Sell Product' }).getAttribute('href')).toBe('/shop/sell');
    await captureAtBothWidths(page, 'my-listings-empty');

    await page.goto('/shop/products');
    await expect.poll(() => countHeading(page).innerText()).toBe('32 PRODUCTS');
    await context.close();
  });
});

describe('the admin', () => {
  it('browses every product and opens them on the admin product page', async () => {
    const { context, page } = await pageAs(admin);
    await page.goto('/admin/products');
    await expect.poll(() => countHeading(page).innerText()).toBe('32 PRODUCTS');
    const link = page.getByRole('link', { name: 'Casio fx-991EX scientific calculator' });
    expect(await link.getAttribute('href')).toMatch(/^\/admin\/products\/[0-9a-f-]{36}$/);
    await link.click();
    await page.getByRole('heading', { level: 1, name: 'Casio fx-991EX scientific calculator' }).waitFor();
    const manage = page.getByRole('region', { name: 'Manage listing' });
    await manage.getByRole('button', { name: 'Delete' }).waitFor();
    expect(await manage.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await captureAtBothWidths(page, 'admin-product-detail');
    await context.close();
  });
});
