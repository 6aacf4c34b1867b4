import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStatsMessages as m } from '#domain/admin-stats/admin-stats.messages.ts';
import type { Category, Condition } from '#domain/catalog.ts';
import { adminMessages } from '#domain/users/admin-users.messages.ts';
import type { ProductSavedResponse } from '#domain/products/product.wire.ts';
import { sessionCookieName } from '#server/auth/session-cookie.ts';
import { jpegPhoto, listingForm } from '../support/photos.ts';
import { type SeededAccount, seedAccounts, signIn } from './support/accounts.ts';
import { DESKTOP, PHONE, captureAtBothWidths, launchBrowser, newContext } from './support/browser.ts';
import { type RunningServer, makeDataDir, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let admin: SeededAccount;
let meera: SeededAccount;
let ravi: SeededAccount;
let dev: SeededAccount;

/** An API call as the account, as the students' own browsers would make it. */
async function callAs(account: SeededAccount, path: string, body: FormData | Record<string, unknown>) {
  const json = !(body instanceof FormData);
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method: 'POST',
    headers: {
      cookie: `${sessionCookieName({ secureCookies: false })}=${account.sessionToken}`,
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify(body) : body,
  });
  return { status: response.status, json: (await response.json()) as unknown };
}

async function list(seller: SeededAccount, title: string, category: Category, condition: Condition, hue: number) {
  const form = listingForm({ title, description: 'Collect from the hostel.', price: 500, category, condition }, [
    await jpegPhoto({ hue }),
  ]);
  const answer = await callAs(seller, '/products/createProduct', form);
  expect(answer.status).toBe(201);
  return (answer.json as ProductSavedResponse).product._id;
}

async function dashboardAs(account: SeededAccount): Promise<Page> {
  const context = await newContext(browser, server.url, DESKTOP);
  await signIn(context, server.url, account);
  const page = await context.newPage();
  await page.goto('/admin/dashboard');
  await page.getByRole('heading', { level: 1, name: adminMessages.dashboard }).waitFor();
  return page;
}

/** The number on the stat card whose term is `label`. */
const cardValue = (page: Page, label: string) =>
  page
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]')
    .innerText();

/** The rows of a chart's screen-reader table, as "label value". */
async function tableRows(page: Page, name: string) {
  const rows = page.getByRole('table', { name }).locator('tbody tr');
  return (await rows.allTextContents()).map((text) => text.trim());
}

beforeAll(async () => {
  const dataDir = makeDataDir();
  const accounts = await seedAccounts(dataDir, [
    { email: 'warden@campus.edu', userName: 'warden', isAdmin: true },
    { email: 'meera@campus.edu', userName: 'meera' },
    { email: 'ravi@campus.edu', userName: 'ravi' },
    { email: 'dev@campus.edu', userName: 'dev' },
  ]);
  [admin, meera, ravi, dev] = [accounts[0]!, accounts[1]!, accounts[2]!, accounts[3]!];
  [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the admin dashboard', () => {
  it('shows a new install as totals and one empty state instead of charts', async () => {
    const page = await dashboardAs(admin);
    await page.getByRole('heading', { level: 2, name: m.noListingsTitle }).waitFor();
    expect(await cardValue(page, m.students)).toBe('3');
    expect(await cardValue(page, m.sellers)).toBe('0');
    expect(await cardValue(page, m.listings)).toBe('0');
    expect(await page.locator('svg.recharts-surface').count()).toBe(0);
    await captureAtBothWidths(page, 'admin-dashboard-empty');
    await page.context().close();
  });

  it('counts what students list and sell, in cards, charts and tables for screen readers', async () => {
    await list(meera, 'Casio fx-991EX calculator', 'Electronics', 'Like New', 210);
    await list(meera, 'Engineering drawing kit', 'Stationery', 'Good', 40);
    const bicycle = await list(ravi, 'Hero Sprint bicycle', 'Cycle', 'Good', 120);
    await list(ravi, 'Data structures textbook', 'Books', 'Fair', 300);
    await list(ravi, 'Operating systems textbook', 'Books', 'Good', 330);
    expect(
      (await callAs(dev, '/interested/mark-interested', { productId: bicycle, buyerMessage: 'Still available?' })).status,
    ).toBe(200);
    expect(
      (await callAs(ravi, '/products/sold-out', { productId: bicycle, buyerId: dev.user.id, sellerId: ravi.user.id })).status,
    ).toBe(200);

    const page = await dashboardAs(admin);
    await page.getByRole('table', { name: m.categoryChart }).waitFor({ state: 'attached' });
    expect(await cardValue(page, m.students)).toBe('3');
    expect(await cardValue(page, m.sellers)).toBe('2');
    expect(await cardValue(page, m.activeSellers)).toBe('2');
    expect(await cardValue(page, m.listings)).toBe('5');
    // Nothing has outlived LISTING_TTL_DAYS here; the card is there and says so (issue 24).
    await expect.poll(() => cardValue(page, m.expiredListings)).toBe('0');

    // Each chart's table fills when its own query answers, in any order: polled, not read once.
    await expect.poll(() => tableRows(page, m.categoryChart)).toEqual(['Books2', 'Cycle1', 'Electronics1', 'Stationery1']);
    await expect.poll(() => tableRows(page, m.conditionChart)).toEqual(['Good3', 'Fair1', 'Like New1']);
    // This month in the site's zone (Asia/Kolkata) is the last one of each chart.
    const thisMonth = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'Asia/Kolkata' }).format(new Date());
    await expect.poll(async () => (await tableRows(page, m.monthlyListingsChart)).at(-1)).toBe(`${thisMonth}5`);
    await expect.poll(() => tableRows(page, m.monthlySalesChart)).toHaveLength(3);
    expect((await tableRows(page, m.monthlySalesChart)).at(-1)).toBe(`${thisMonth}1`);

    // Four charts, drawn and hidden from screen readers, which read the tables instead.
    const charts = page.locator('[aria-hidden="true"] svg.recharts-surface');
    await expect.poll(() => charts.count()).toBe(4);
    await page.setViewportSize(PHONE);
    for (const chart of await charts.all()) {
      // Within the phone's width, and wide enough to read. Polled: recharts measures its box
      // through a ResizeObserver, a frame or more after the viewport changes.
      await expect
        .poll(async () => {
          const box = await chart.boundingBox();
          return box !== null && box.width > 250 && box.x + box.width <= PHONE.width;
        })
        .toBe(true);
    }
    await captureAtBothWidths(page, 'admin-dashboard-stats');
    await page.context().close();
  });
});
