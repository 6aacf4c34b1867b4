import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyRequestMessages } from '#domain/buy-requests/buy-request.messages.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import { wishlistMessages } from '#domain/wishlist/wishlist.messages.ts';
import type { ProductSavedResponse } from '#domain/products/product.wire.ts';
import { sessionCookieName } from '#server/auth/session-cookie.ts';
import { bicycleFields, jpegPhoto, listingForm } from '../support/photos.ts';
import { type SeededAccount, seedAccounts, signIn } from './support/accounts.ts';
import { DESKTOP, PHONE, captureAtBothWidths, launchBrowser, newContext } from './support/browser.ts';
import { waitForMailTo } from './support/outbox.ts';
import { type RunningServer, makeDataDir, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let seller: SeededAccount;
let buyer: SeededAccount;
let secondBuyer: SeededAccount;
let lampId: string;
let drafterId: string;
const contexts: BrowserContext[] = [];

/** An API call as the account, the way a second device would make it. */
async function callAs(account: SeededAccount, path: string, init: { method: string; body?: FormData | string }) {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method: init.method,
    headers: {
      cookie: `${sessionCookieName({ secureCookies: false })}=${account.sessionToken}`,
      ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function sellListing(title: string, hue: number): Promise<string> {
  const form = listingForm({ ...bicycleFields, title, category: 'Electronics' }, [await jpegPhoto({ hue })]);
  const answer = await callAs(seller, '/products/createProduct', { method: 'POST', body: form });
  expect(answer.status).toBe(201);
  return (answer.json as unknown as ProductSavedResponse).product._id;
}

async function pageAs(account: SeededAccount, viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const context = await newContext(browser, server.url, viewport);
  contexts.push(context);
  await signIn(context, server.url, account);
  return context.newPage();
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

beforeAll(async () => {
  const dataDir = makeDataDir();
  const seeded = await seedAccounts(dataDir, [
    { email: 'ravi@campus.edu', userName: 'ravi', phoneNumber: '9123456780' },
    { email: 'meera@campus.edu', userName: 'meera', phoneNumber: '9876500001' },
    { email: 'dev@campus.edu', userName: 'dev', phoneNumber: null },
  ]);
  [seller, buyer, secondBuyer] = [seeded[0]!, seeded[1]!, seeded[2]!];
  [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
  lampId = await sellListing('Study lamp with warm LED', 200);
  drafterId = await sellListing('Mini drafter', 30);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('from wishlist to sold: a buyer, a second buyer and the seller', () => {
  let buyerPage: Page;

  it('lets the buyer wishlist a listing from the Products grid and find it on the Wishlist tab', async () => {
    buyerPage = await pageAs(buyer);
    await buyerPage.goto('/shop/products');
    const heart = buyerPage.getByRole('button', { name: wishlistMessages.addLabel('Study lamp with warm LED') });
    await heart.click();
    await toast(buyerPage, wishlistMessages.added).waitFor();
    await expect
      .poll(() =>
        buyerPage
          .getByRole('button', { name: wishlistMessages.removeLabel('Study lamp with warm LED') })
          .getAttribute('aria-pressed'),
      )
      .toBe('true');

    await buyerPage.goto('/user/userAccount?tab=wishlist');
    const wishlist = buyerPage.getByRole('list', { name: 'Wishlist' });
    await wishlist.getByRole('link', { name: 'Study lamp with warm LED' }).waitFor();
    expect(await wishlist.getByRole('listitem').count()).toBe(1);
    await captureAtBothWidths(buyerPage, 'wishlist-tab');
  });

  it('refuses a blank buy request in the dialog, then sends the message', async () => {
    await buyerPage.setViewportSize(DESKTOP);
    await buyerPage.goto(`/shop/products/${lampId}`);
    await buyerPage.getByRole('button', { name: buyRequestMessages.sendButton }).click();
    const dialog = buyerPage.getByRole('dialog', { name: buyRequestMessages.dialogTitle });
    await dialog.waitFor();
    expect(await dialog.locator('img').count()).toBe(1);

    await dialog.getByLabel(buyRequestMessages.messageLabel).fill('   ');
    await dialog.getByRole('button', { name: buyRequestMessages.sendButton }).click();
    await dialog.getByText(validationMessages.buyRequestMessageRequired).waitFor();
    await toast(buyerPage, validationMessages.buyRequestMessageRequired).waitFor();
    await captureAtBothWidths(buyerPage, 'buy-request-dialog-blank');

    await dialog.getByLabel(buyRequestMessages.messageLabel).fill('Can I pick it up tonight at the library?');
    await captureAtBothWidths(buyerPage, 'buy-request-dialog');
    await dialog.getByRole('button', { name: buyRequestMessages.sendButton }).click();
    await toast(buyerPage, buyRequestMessages.sent).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await buyerPage.getByText(buyRequestMessages.statusActive).waitFor();
    expect(await buyerPage.getByRole('button', { name: buyRequestMessages.updateButton }).isVisible()).toBe(true);

    const mail = await waitForMailTo(server.dataDir, 'ravi@campus.edu', (each) => each.includes('would like to buy'));
    expect(mail).toContain('meera would like to buy your listing');
    expect(mail).toContain('Can I pick it up tonight at the library?');
  });

  it('takes a second buyer’s request through a second device', async () => {
    for (const productId of [lampId, drafterId]) {
      const answer = await callAs(secondBuyer, '/interested/mark-interested', {
        method: 'POST',
        body: JSON.stringify({ productId, buyerMessage: 'I can pay in cash today.' }),
      });
      expect(answer.json).toEqual({ success: true, msg: buyRequestMessages.sent });
    }
  });

  it('shows the seller every interested buyer, and accepting sells the listing after a confirmation', async () => {
    const sellerPage = await pageAs(seller);
    await sellerPage.goto('/shop/listings');
    await sellerPage.getByRole('button', { name: `${buyRequestMessages.interestedButton} for Study lamp with warm LED` }).click();
    const dialog = sellerPage.getByRole('dialog', { name: buyRequestMessages.interestedTitle });
    await dialog.getByText('Can I pick it up tonight at the library?').waitFor();
    await dialog.getByText('I can pay in cash today.').waitFor();
    expect(await dialog.getByText('meera@campus.edu').isVisible()).toBe(true);
    expect(await dialog.getByText('+91 9876500001').isVisible()).toBe(true);
    await captureAtBothWidths(sellerPage, 'interested-buyers-dialog');

    await sellerPage.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: "Accept meera's request" }).click();
    const confirm = sellerPage.getByRole('alertdialog', { name: buyRequestMessages.acceptConfirmTitle('meera') });
    await confirm.getByText(buyRequestMessages.confirmCannotBeUndone).waitFor();
    await captureAtBothWidths(sellerPage, 'accept-confirmation');
    await confirm.getByRole('button', { name: buyRequestMessages.acceptButton }).click();
    await toast(sellerPage, buyRequestMessages.accepted).waitFor();

    const soldCard = sellerPage.locator('article[data-sold-out]').filter({ hasText: 'Study lamp with warm LED' });
    await soldCard.getByText('SOLD OUT', { exact: true }).waitFor();
    expect(await soldCard.getByRole('button', { name: /Interested buyers/ }).count()).toBe(0);
  });

  it('lets the seller reject a request, which leaves the list', async () => {
    const sellerPage = await pageAs(seller, PHONE);
    await sellerPage.goto('/shop/listings');
    await sellerPage.getByRole('button', { name: `${buyRequestMessages.interestedButton} for Mini drafter` }).click();
    const dialog = sellerPage.getByRole('dialog', { name: buyRequestMessages.interestedTitle });
    await dialog.getByRole('button', { name: "Reject dev's request" }).click();
    const confirm = sellerPage.getByRole('alertdialog', { name: buyRequestMessages.rejectConfirmTitle('dev') });
    await confirm.getByRole('button', { name: buyRequestMessages.rejectButton }).click();
    await toast(sellerPage, buyRequestMessages.rejected).waitFor();
    await dialog.getByText(buyRequestMessages.noInterestedBuyers).waitFor();
  });

  it("shows the buyer the accepted request with the seller's contact, on the page and under Show Buy Requests", async () => {
    await buyerPage.goto(`/shop/products/${lampId}`);
    await buyerPage.getByText(buyRequestMessages.statusAccepted).waitFor();
    const contact = buyerPage.getByRole('list', { name: 'How to reach ravi' });
    expect(await contact.getByRole('link', { name: 'ravi@campus.edu' }).getAttribute('href')).toBe('mailto:ravi@campus.edu');
    expect(await contact.getByRole('link', { name: '+91 9123456780' }).getAttribute('href')).toBe('tel:+919123456780');
    expect(await buyerPage.getByRole('button', { name: buyRequestMessages.sendButton }).count()).toBe(0);
    await captureAtBothWidths(buyerPage, 'buy-request-accepted');

    await buyerPage.goto('/shop/products');
    await buyerPage.getByRole('button', { name: 'Filter' }).click();
    await buyerPage.getByLabel('Show Buy Requests').check();
    await buyerPage.keyboard.press('Escape');
    await buyerPage.getByRole('heading', { name: '1 PRODUCTS' }).waitFor();
    const card = buyerPage.locator('article').filter({ hasText: 'Study lamp with warm LED' });
    await card.getByText(buyRequestMessages.statusAccepted).waitFor();
    await captureAtBothWidths(buyerPage, 'show-buy-requests');

    await waitForMailTo(server.dataDir, 'meera@campus.edu', (mail) => mail.includes('ravi@campus.edu'));
  });

  it('tells the second buyer their request was closed, and the rejected one so', async () => {
    const page = await pageAs(secondBuyer, PHONE);
    await page.goto(`/shop/products/${lampId}`);
    await page.getByText(buyRequestMessages.statusClosed).waitFor();
    expect(await page.getByRole('button', { name: buyRequestMessages.soldOutButton }).isDisabled()).toBe(true);

    await page.goto(`/shop/products/${drafterId}`);
    await page.getByText(buyRequestMessages.statusRejected).waitFor();
    expect(await page.getByRole('button', { name: buyRequestMessages.sendButton }).isEnabled()).toBe(true);
    await waitForMailTo(server.dataDir, 'dev@campus.edu', (mail) => mail.includes('declined'));
  });

  it('shows an empty wishlist, and the heart on the product page removes an entry', async () => {
    const page = await pageAs(secondBuyer);
    await page.goto('/user/userAccount?tab=wishlist');
    await page.getByText(wishlistMessages.empty).waitFor();
    await captureAtBothWidths(page, 'wishlist-tab-empty');

    await buyerPage.setViewportSize(DESKTOP);
    await buyerPage.goto(`/shop/products/${lampId}`);
    await buyerPage.getByRole('button', { name: wishlistMessages.removeLabel('Study lamp with warm LED') }).click();
    await toast(buyerPage, wishlistMessages.removed).waitFor();
    await buyerPage.goto('/user/userAccount?tab=wishlist');
    await buyerPage.getByText(wishlistMessages.empty).waitFor();
  });
});
