import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMessages } from '#domain/conversations/conversation.messages.ts';
import { conversationUiMessages as ui } from '#domain/conversations/conversation-ui.messages.ts';
import { siteMessages } from '#domain/site.messages.ts';
import { type SeededAccount, seedAccounts, signIn } from './support/accounts.ts';
import { PHONE, captureAtBothWidths, launchBrowser, newContext } from './support/browser.ts';
import { seedListings } from './support/listings.ts';
import { type RunningServer, makeDataDir, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let seller: SeededAccount;
let buyer: SeededAccount;
let lampId: string;
const contexts: BrowserContext[] = [];

/** What a shedding server answers (http/load-shedding.ts). */
const shed = (route: Route) =>
  route.fulfill({
    status: 503,
    headers: { 'retry-after': '1', 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ success: false, msg: siteMessages.busy, code: 'BUSY' }),
  });

/**
 * Answers the page's calls to `url` with `handler`. On the context, not the page: once signed in,
 * the service worker (issue 22) takes control of the page within a second or so, and from then
 * on the page's calls reach the network as the worker's own fetches, which a page's routes never
 * see (a context's do, in Chromium). Either way each call passes here once.
 */
const routeCalls = (page: Page, url: string | RegExp, handler: (route: Route) => Promise<void>) =>
  page.context().route(url, handler);

async function pageAs(account: SeededAccount): Promise<Page> {
  const context = await newContext(browser, server.url, PHONE);
  contexts.push(context);
  await signIn(context, server.url, account);
  return context.newPage();
}

const composer = (page: Page) => page.getByRole('textbox', { name: ui.composerLabel });

beforeAll(async () => {
  const dataDir = makeDataDir();
  const seeded = await seedAccounts(dataDir, [
    { email: 'ravi@campus.edu', userName: 'ravi', phoneNumber: '9123456780' },
    { email: 'meera@campus.edu', userName: 'meera', phoneNumber: '9876500001' },
  ]);
  [seller, buyer] = [seeded[0]!, seeded[1]!];
  const [lamp] = await seedListings(dataDir, [
    { sellerId: seller.user.id, title: 'Study lamp with warm LED', category: 'Electronics', price: 450, photoHues: [40] },
  ]);
  lampId = lamp!;
  [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('Campus Market in a rush', () => {
  it('keeps a message the server shed in the composer, says it was not sent, and sends it once when asked again', async () => {
    const page = await pageAs(buyer);
    let attempts = 0;
    let reached = 0;
    await routeCalls(page, '**/api/v1/conversations', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      attempts += 1;
      if (attempts === 1) return shed(route);
      reached += 1;
      return route.continue();
    });
    await page.goto(`/user/messages?product=${lampId}`);
    await page.getByText(ui.composeIntro('ravi')).waitFor();
    const text = 'Is the lamp still available? I can pick it up today.';
    await composer(page).fill(text);
    await page.keyboard.press('Enter');

    await page.getByRole('alert').getByText(siteMessages.busyNotSaved).waitFor();
    expect(await composer(page).inputValue()).toBe(text);
    // Not sent again by itself: the one attempt was the shed one.
    expect(attempts).toBe(1);
    expect(reached).toBe(0);
    await captureAtBothWidths(page, 'rush-message-not-sent');

    await composer(page).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/user\/messages\/[^/?]+$/);
    const conversation = page.getByRole('region', { name: ui.messagesRegion('ravi') });
    await conversation.getByText(text).waitFor();
    expect(attempts).toBe(2);
    expect(reached).toBe(1);
    // Once in the conversation (the inbox beside it previews the same text), and once on the server.
    expect(await conversation.getByText(text).count()).toBe(1);
    const conversationId = new URL(page.url()).pathname.split('/').at(-1);
    const stored = (await (await page.request.get(`/api/v1/conversations/${conversationId}/messages`)).json()) as {
      messages: { body: string }[];
    };
    expect(stored.messages.filter((message) => message.body === text)).toHaveLength(1);
  });

  it("asks a shed page's data again after Retry-After, showing the busy notice meanwhile, then shows the data", async () => {
    const page = await pageAs(buyer);
    let busy = true;
    let shedCount = 0;
    await routeCalls(page, /\/api\/v1\/conversations(\?.*)?$/, async (route) => {
      if (route.request().method() !== 'GET' || !busy) return route.continue();
      shedCount += 1;
      return shed(route);
    });
    await page.goto('/user/messages');
    const notice = page.getByRole('status').getByText(siteMessages.busyRetrying);
    await notice.waitFor();
    await expect.poll(() => shedCount, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await captureAtBothWidths(page, 'rush-busy-notice');

    busy = false;
    await page.getByText('Study lamp with warm LED').first().waitFor({ timeout: 30_000 });
    await notice.waitFor({ state: 'detached' });
    expect(await page.getByText(conversationMessages.emptyInbox).count()).toBe(0);
  });
});
