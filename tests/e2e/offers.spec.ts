import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerMessages as om } from '#domain/buy-requests/offer.messages.ts';
import { buyRequestMessages } from '#domain/buy-requests/buy-request.messages.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import type { ProductSavedResponse } from '#domain/products/product.wire.ts';
import { sessionCookieName } from '#server/auth/session-cookie.ts';
import { bicycleFields, jpegPhoto, listingForm } from '../support/photos.ts';
import { type SeededAccount, seedAccounts, signIn } from './support/accounts.ts';
import { DESKTOP, captureAtBothWidths, launchBrowser, newContext } from './support/browser.ts';
import { type RunningServer, makeDataDir, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let seller: SeededAccount;
let buyer: SeededAccount;
let lampId: string;
let kettleId: string;
const contexts: BrowserContext[] = [];

/** An API call as the account: how the journey seeds listings, through the app's own API. */
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

async function sellListing(title: string, price: number, hue: number): Promise<string> {
  const form = listingForm({ ...bicycleFields, title, price: String(price), category: 'Electronics' }, [
    await jpegPhoto({ hue }),
  ]);
  const answer = await callAs(seller, '/products/createProduct', { method: 'POST', body: form });
  expect(answer.status).toBe(201);
  return (answer.json as unknown as ProductSavedResponse).product._id;
}

async function pageAs(account: SeededAccount): Promise<Page> {
  const context = await newContext(browser, server.url, DESKTOP);
  contexts.push(context);
  await signIn(context, server.url, account);
  return context.newPage();
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

beforeAll(async () => {
  const dataDir = makeDataDir();
  const seeded = await seedAccounts(dataDir, [
    { email: 'ravi@campus.edu', userName: 'ravi', phoneNumber: '9123456780' },
    { email: 'meera@campus.edu', userName: 'meera', phoneNumber: '9876500001' },
  ]);
  [seller, buyer] = [seeded[0]!, seeded[1]!];
  [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
  lampId = await sellListing('Study lamp with warm LED', 500, 200);
  kettleId = await sellListing('Electric kettle', 800, 30);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('an offer, a counter and a sale, in two browsers', () => {
  let buyerPage: Page;
  let sellerPage: Page;

  it('lets the buyer make an offer from the product page', async () => {
    buyerPage = await pageAs(buyer);
    await buyerPage.goto(`/shop/products/${lampId}`);
    await buyerPage.getByRole('button', { name: buyRequestMessages.sendButton }).waitFor();
    await buyerPage.getByRole('button', { name: om.makeOfferButton }).click();
    const dialog = buyerPage.getByRole('dialog', { name: om.offerDialogTitle });
    await dialog.waitFor();
    await dialog.getByLabel(om.amountLabel).fill('400.5');
    await dialog.getByRole('button', { name: om.sendOfferButton }).click();
    await dialog.getByText(om.amountWhole).waitFor();
    await dialog.getByLabel(om.amountLabel).fill('400');
    await dialog.getByLabel(om.optionalMessageLabel).fill('Would you take 400? I can collect today.');
    await captureAtBothWidths(buyerPage, 'offer-dialog');
    await dialog.getByRole('button', { name: om.sendOfferButton }).click();
    await toast(buyerPage, om.offerSent).waitFor();
    await buyerPage.getByText(om.yourOffer(400)).waitFor();
    await captureAtBothWidths(buyerPage, 'offer-sent-product-page');
  });

  it('shows the seller the amount in Interested buyers, where they counter', async () => {
    sellerPage = await pageAs(seller);
    await sellerPage.goto('/shop/listings');
    await sellerPage.getByRole('button', { name: `${buyRequestMessages.interestedButton} for Study lamp with warm LED` }).click();
    const dialog = sellerPage.getByRole('dialog', { name: buyRequestMessages.interestedTitle });
    await dialog.getByText(om.offerFromBuyer(400)).waitFor();
    await captureAtBothWidths(sellerPage, 'interested-buyers-offer');
    await dialog.getByRole('button', { name: "Counter meera's offer" }).click();
    const counter = sellerPage.getByRole('dialog', { name: om.counterDialogTitle });
    await counter.getByLabel(om.counterAmountLabel).fill('460');
    await counter.getByRole('button', { name: om.sendCounterButton }).click();
    await toast(sellerPage, om.countered).waitFor();
    await dialog.getByText(om.counterFromSeller(460)).waitFor();
    expect(await dialog.getByRole('button', { name: "Accept meera's request" }).isDisabled()).toBe(true);
    await sellerPage.keyboard.press('Escape');
  });

  it('lets the buyer see the counter and accept it: sold at that amount, on both sides', async () => {
    await buyerPage.goto(`/shop/products/${lampId}`);
    const counter = buyerPage.locator('[data-offer-by="seller"]');
    await counter.getByText(om.sellerCounter(460)).waitFor();
    await captureAtBothWidths(buyerPage, 'offer-countered-product-page');
    await counter.getByRole('button', { name: om.acceptButton }).click();
    await toast(buyerPage, om.acceptedSold).waitFor();
    await buyerPage.getByText(om.soldFor('₹460')).waitFor();
    await buyerPage.getByText(buyRequestMessages.statusAccepted).first().waitFor();

    await sellerPage.goto('/shop/listings');
    await sellerPage.getByText(productMessages.soldFor('₹460')).waitFor();
    await captureAtBothWidths(sellerPage, 'my-listings-sold-price');

    // The conversation holds every step as a line.
    await buyerPage.goto('/user/messages');
    await buyerPage
      .getByRole('link', { name: /Study lamp with warm LED/ })
      .first()
      .click();
    await buyerPage.locator('[data-system-event="offer-accepted"]').waitFor();
    expect(await buyerPage.locator('[data-system-event="offer-made"]').textContent()).toContain('Offered ₹400.');
    expect(await buyerPage.locator('[data-system-event="offer-countered"]').textContent()).toContain(
      'ravi: Countered with ₹460.',
    );
    await captureAtBothWidths(buyerPage, 'conversation-offer-lines');
  });
});

describe('reserving and releasing a listing', () => {
  it('lets the seller reserve a listing for a requester, who sees it reserved for them, then release it', async () => {
    const buyerPage = await pageAs(buyer);
    await buyerPage.goto(`/shop/products/${kettleId}`);
    await buyerPage.getByRole('button', { name: om.makeOfferButton }).click();
    const offerDialog = buyerPage.getByRole('dialog', { name: om.offerDialogTitle });
    await offerDialog.getByLabel(om.amountLabel).fill('700');
    await offerDialog.getByRole('button', { name: om.sendOfferButton }).click();
    await toast(buyerPage, om.offerSent).waitFor();

    const sellerPage = await pageAs(seller);
    await sellerPage.goto(`/shop/products/${kettleId}`);
    await sellerPage.getByRole('button', { name: `${om.reserveButton}: Electric kettle` }).click();
    const reserve = sellerPage.getByRole('dialog', { name: om.reserveDialogTitle });
    await reserve.getByRole('option', { name: /meera/ }).waitFor({ state: 'attached' });
    await reserve.getByLabel(om.reserveForLabel).selectOption({ label: `meera (${om.offerFromBuyer(700).toLowerCase()})` });
    await captureAtBothWidths(sellerPage, 'reserve-dialog');
    await reserve.getByRole('button', { name: om.reserveConfirm }).click();
    await toast(sellerPage, om.reserved).waitFor();
    await sellerPage.getByRole('button', { name: `${om.releaseButton}: Electric kettle` }).waitFor();
    await captureAtBothWidths(sellerPage, 'product-page-reserved-owner');

    await buyerPage.reload();
    await buyerPage.locator('[data-reserved]').getByText(om.reservedForYou).waitFor();
    await buyerPage.goto('/shop/products');
    const card = buyerPage.locator('article', { hasText: 'Electric kettle' });
    await card.locator('[data-reserved]').getByText(productMessages.reservedBadge).waitFor();
    await captureAtBothWidths(buyerPage, 'products-reserved-badge');

    await sellerPage.getByRole('button', { name: `${om.releaseButton}: Electric kettle` }).click();
    await toast(sellerPage, om.released).waitFor();
    await sellerPage.getByRole('button', { name: `${om.reserveButton}: Electric kettle` }).waitFor();
    await buyerPage.goto(`/shop/products/${kettleId}`);
    await buyerPage.getByRole('button', { name: om.makeOfferButton }).waitFor();
    expect(await buyerPage.locator('[data-reserved]').count()).toBe(0);
  });
});
