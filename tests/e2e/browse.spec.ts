import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, Condition } from '#domain/catalog.ts';
import { browseMessages } from '#domain/products/browse.ts';
import { type SeededAccount, seedAccounts, signIn } from './support/accounts.ts';
import {
  DESKTOP,
  PHONE,
  captureAtBothWidths,
  expectAccessible,
  launchBrowser,
  newContext,
  screenshot,
} from './support/browser.ts';
import { type SeedListing, seedListings } from './support/listings.ts';
import { type RunningServer, makeDataDir, startServer } from './support/server.ts';

/**
 * Browsing on a phone and a desktop (issue 22) with the price and condition filters (issue 24):
 * dense cards, the search box with suggestions, the view in the address (load, reload, back),
 * the server-drawn first screen of a filtered address, and the scroll kept on coming back.
 */

const HOUR = 60 * 60_000;
const now = Date.now();

let server: RunningServer;
let browser: Browser;
let asha: SeededAccount;

const KINDS: { title: string; category: Category; condition: Condition; price: number }[] = [
  { title: 'Engineering Mathematics by Grewal', category: 'Books', condition: 'Good', price: 450 },
  { title: 'Data Structures textbook', category: 'Books', condition: 'Like New', price: 300 },
  { title: 'Concepts of Physics by HC Verma', category: 'Books', condition: 'Good', price: 250 },
  { title: 'Casio fx-991EX calculator', category: 'Electronics', condition: 'Like New', price: 900 },
  { title: 'Hero Sprint 26T bicycle', category: 'Cycle', condition: 'Fair', price: 3200 },
  { title: 'Study table with drawer', category: 'Furniture', condition: 'Good', price: 1500 },
];

function catalogue(sellerId: string): SeedListing[] {
  const featured = KINDS.map((kind, index) => ({
    ...kind,
    description: `${kind.title}, kept well.`,
    photoHues: [index * 50],
    createdAt: new Date(now - (index + 1) * HOUR),
  }));
  // Enough older listings for three pages of 24.
  const older = Array.from({ length: 60 }, (_, index) => ({
    title: `Geometry box set ${index + 1}`,
    description: 'Compass, divider, protractor and two set squares.',
    category: 'Stationery' as const,
    condition: 'New' as const,
    price: 60 + index,
    photoHues: [330],
    createdAt: new Date(now - (index + 10) * HOUR),
  }));
  return [...featured, ...older].map((listing) => ({ ...listing, sellerId }));
}

beforeAll(async () => {
  const dataDir = makeDataDir();
  let ravi: SeededAccount;
  [asha, ravi] = (await seedAccounts(dataDir, [
    { email: 'asha@campus.edu', userName: 'asha' },
    { email: 'ravi@campus.edu', userName: 'ravi_s' },
  ])) as [SeededAccount, SeededAccount];
  await seedListings(dataDir, catalogue(ravi.user.id));
  [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function pageAs(viewport: { width: number; height: number } = PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, server.url, viewport);
  await signIn(context, server.url, asha);
  return { context, page: await context.newPage() };
}

/** The machine is shared: answers and drawing may take seconds, so waits are generous. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 100 });

const countHeading = (page: Page) => page.getByRole('heading', { level: 1, name: /PRODUCTS$/ });
const cardTitles = (page: Page) => page.locator('article').locator('h2, h3').allInnerTexts();
const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search products' });
const searchOf = (page: Page) => new URL(page.url()).search;

/** Cards wholly inside the part of the window between the fixed header and the bottom tab bar. */
async function wholeCardsInView(page: Page): Promise<number> {
  return page.evaluate(() => {
    const top = document.querySelector('header')!.getBoundingClientRect().bottom;
    const bar = document.querySelector('nav[aria-label="Primary"]');
    const bottom = bar && getComputedStyle(bar).display !== 'none' ? bar.getBoundingClientRect().top : window.innerHeight;
    return [...document.querySelectorAll('article')].filter((card) => {
      const box = card.getBoundingClientRect();
      return box.top >= top && box.bottom <= bottom && box.width > 0;
    }).length;
  });
}

/** How many cards share the first row. */
async function columns(page: Page, list: string): Promise<number> {
  return page.evaluate((name) => {
    const cards = [...document.querySelectorAll(`ul[aria-label="${name}"] > li`)];
    const firstTop = cards[0]?.getBoundingClientRect().top;
    return cards.filter((card) => card.getBoundingClientRect().top === firstTop).length;
  }, list);
}

describe('the dense grid', () => {
  it('shows at least four whole cards under the header on a 375×812 phone, in two columns', async () => {
    const { context, page } = await pageAs(PHONE);
    await page.goto('/shop/products');
    await poll(() => countHeading(page).innerText()).toBe('66 PRODUCTS');
    await poll(() => wholeCardsInView(page)).toBeGreaterThanOrEqual(4);
    expect(await columns(page, 'Products')).toBe(2);
    await screenshot(page, 'browse-products-first-screen');
    await context.close();
  });

  it('shows four columns at 1280 px, and on a phone’s Home four whole recent products in two columns first', async () => {
    const { context, page } = await pageAs({ width: 1280, height: 800 });
    await page.goto('/shop/products');
    await poll(() => page.locator('article').count()).toBe(24);
    expect(await columns(page, 'Products')).toBe(4);
    await page.setViewportSize(PHONE);
    await page.goto('/shop');
    await poll(() => page.getByRole('list', { name: 'Recently Added Products' }).getByRole('listitem').count()).toBe(10);
    expect(await columns(page, 'Recently Added Products')).toBe(2);
    await poll(() => wholeCardsInView(page)).toBeGreaterThanOrEqual(4);
    await searchBox(page).waitFor();
    await captureAtBothWidths(page, 'browse-home');
    await context.close();
  });
});

describe('the search box', () => {
  it('suggests matching titles as one types, searches with Enter, remembers the search and clears it', async () => {
    const { context, page } = await pageAs(PHONE);
    await page.goto('/shop/products');
    const box = searchBox(page);
    await box.click();
    await box.pressSequentially('physics');
    const list = page.getByRole('listbox', { name: 'Search products' });
    await list.getByRole('option', { name: 'Concepts of Physics by HC Verma' }).waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await captureAtBothWidths(page, 'browse-search-suggestions');
    await page.setViewportSize(PHONE);

    // Keyboard only: the arrow picks the suggestion, Enter searches it.
    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBeTruthy();
    await box.press('Enter');
    await poll(() => searchOf(page)).toBe('?q=Concepts+of+Physics+by+HC+Verma');
    await poll(() => cardTitles(page)).toEqual(['Concepts of Physics by HC Verma']);
    await page.getByRole('list', { name: browseMessages.activeFilters }).getByRole('button').first().waitFor();

    await page.getByRole('button', { name: 'Clear search' }).click();
    await poll(() => countHeading(page).innerText()).toBe('66 PRODUCTS');
    // No search left in the address (it may count the pages already shown of the whole list).
    expect(new URL(page.url()).searchParams.get('q')).toBeNull();

    // The search is remembered on this device.
    await box.focus();
    await page
      .getByRole('group', { name: 'Recent searches' })
      .getByRole('option', { name: 'Concepts of Physics by HC Verma' })
      .waitFor();
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('on Home opens Products with the search', async () => {
    const { context, page } = await pageAs(DESKTOP);
    await page.goto('/shop');
    await searchBox(page).fill('textbook');
    await searchBox(page).press('Enter');
    await page.waitForURL('**/shop/products?q=textbook');
    await poll(() => cardTitles(page)).toEqual(['Data Structures textbook']);
    await context.close();
  });
});

describe('the view in the address', () => {
  const FILTERED = '?category=Books&condition=Good&minPrice=200&maxPrice=500&sort=priceLowHigh';

  it('opens a filtered link with its results, its chips and the server’s own first screen; reload and back keep it', async () => {
    const { context, page } = await pageAs(PHONE);
    // The page the server draws carries the answer of this very view.
    const html = await (await context.request.get(`/shop/products${FILTERED}`)).text();
    expect(html).toContain(`"/api/v1/products${FILTERED}"`);
    expect(html).toContain('Concepts of Physics by HC Verma');

    await page.goto(`/shop/products${FILTERED}`);
    await poll(() => cardTitles(page)).toEqual(['Concepts of Physics by HC Verma', 'Engineering Mathematics by Grewal']);
    const chips = page.getByRole('list', { name: browseMessages.activeFilters });
    expect(await chips.getByRole('button').allInnerTexts()).toEqual(['Books', 'Good', '₹200 – ₹500', 'Price: Low to High']);
    await captureAtBothWidths(page, 'browse-products-filtered');
    await page.setViewportSize(PHONE);

    await page.reload();
    await poll(() => cardTitles(page)).toEqual(['Concepts of Physics by HC Verma', 'Engineering Mathematics by Grewal']);

    await chips.getByRole('button', { name: browseMessages.removeFilter('Good') }).click();
    await poll(() => searchOf(page)).toBe('?category=Books&minPrice=200&maxPrice=500&sort=priceLowHigh');
    await poll(() => cardTitles(page)).toEqual([
      'Concepts of Physics by HC Verma',
      'Data Structures textbook',
      'Engineering Mathematics by Grewal',
    ]);

    await page.goBack();
    await poll(() => searchOf(page)).toBe(FILTERED);
    await poll(() => cardTitles(page)).toEqual(['Concepts of Physics by HC Verma', 'Engineering Mathematics by Grewal']);
    await page.goForward();
    await poll(() => cardTitles(page)).toHaveLength(3);
    await context.close();
  });

  it('sets a price range and conditions in the Filter sheet, refusing a range upside down', async () => {
    const { context, page } = await pageAs(PHONE);
    await page.goto('/shop/products');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Filter' });
    await sheet.getByLabel('Min ₹').fill('1000');
    await sheet.getByLabel('Max ₹').fill('500');
    await sheet.getByRole('button', { name: 'Apply' }).click();
    await sheet.getByRole('alert').filter({ hasText: browseMessages.priceOrder }).waitFor();
    expect(await sheet.getByLabel('Min ₹').getAttribute('aria-invalid')).toBe('true');
    await sheet.getByLabel('Max ₹').fill('-5');
    await sheet.getByLabel('Max ₹').press('Enter');
    await sheet.getByRole('alert').filter({ hasText: browseMessages.priceNegative }).waitFor();
    await captureAtBothWidths(page, 'browse-filter-sheet-error');
    await page.setViewportSize(PHONE);

    await sheet.getByLabel('Max ₹').fill('5000');
    await sheet.getByLabel('Max ₹').press('Enter');
    await poll(() => searchOf(page)).toBe('?minPrice=1000&maxPrice=5000');
    await poll(() => countHeading(page).innerText()).toBe('2 PRODUCTS');
    await sheet.getByRole('group', { name: 'Condition' }).getByLabel('Fair').check();
    await poll(() => cardTitles(page)).toEqual(['Hero Sprint 26T bicycle']);
    expect(searchOf(page)).toBe('?condition=Fair&minPrice=1000&maxPrice=5000');
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('corrects an address with bad values instead of failing', async () => {
    const { context, page } = await pageAs(PHONE);
    await page.goto('/shop/products?minPrice=-3&maxPrice=abc&category=Nope&condition=Good');
    await poll(() => searchOf(page)).toBe('?condition=Good');
    await poll(() => countHeading(page).innerText()).toBe('3 PRODUCTS');
    await context.close();
  });
});

describe('the endless list', () => {
  it('keeps its place when one comes back from a product, and its depth in the address', async () => {
    const { context, page } = await pageAs(PHONE);
    await page.goto('/shop/products');
    await poll(() => page.locator('article').count()).toBe(24);
    await page.locator('article').last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 2000);
    await poll(() => page.locator('article').count()).toBeGreaterThanOrEqual(48);
    await poll(() => searchOf(page)).toMatch(/^\?page=[23]$/);

    const card = page.getByRole('link', { name: 'Geometry box set 30', exact: true });
    await card.scrollIntoViewIfNeeded();
    await page.waitForTimeout(200);
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(2000);
    await card.click();
    await page.getByRole('heading', { level: 1, name: 'Geometry box set 30' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 5);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(5);
    expect(await card.isVisible()).toBe(true);

    // A reload shows as many pages as the address says.
    const pages = Number(new URL(page.url()).searchParams.get('page'));
    await page.reload();
    await poll(() => page.locator('article').count()).toBe(Math.min(66, 24 * pages));
    await expectAccessible(page);
    await context.close();
  });
});
