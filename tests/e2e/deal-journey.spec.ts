import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyRequestMessages } from '#domain/buy-requests/buy-request.messages.ts';
import { offerMessages as om, rupees } from '#domain/buy-requests/offer.messages.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import { reviewMessages as rm } from '#domain/reviews/review.messages.ts';
import { type SeededAccount, seedAccounts, signIn } from './support/accounts.ts';
import { DESKTOP, captureFromTop, toast, expectAccessible, launchBrowser, newContext } from './support/browser.ts';
import { seedListings } from './support/listings.ts';
import { type RunningServer, makeDataDir, startServer } from './support/server.ts';

/**
 * Issue 23 end to end, as one story in two browsers: the buyer offers on the product page, the
 * seller counters in Interested buyers, the buyer accepts the counter (sold at that amount, on both
 * sides), each reviews the other (the buyer by keyboard only), and the seller's rating then shows
 * on their public profile and on the seller card of their other listing.
 */

const LAMP = 'Study lamp with warm LED';
const CYCLE = 'Hero Sprint cycle';
const BUYER_REVIEW = 'Lamp exactly as described, and ravi was on time.';
const SELLER_REVIEW = 'meera paid on the spot. Easy deal.';

let server: RunningServer;
let browser: Browser;
let seller: SeededAccount;
let buyer: SeededAccount;
let lampId: string;
let cycleId: string;
const contexts: BrowserContext[] = [];

async function pageAs(account: SeededAccount): Promise<Page> {
  const context = await newContext(browser, server.url, DESKTOP);
  contexts.push(context);
  await signIn(context, server.url, account);
  return context.newPage();
}

const sellerCard = (page: Page) => page.getByRole('region', { name: 'Seller' });

/** Moves the focus with Tab alone until it reaches the target (keyboard-only use). */
async function tabTo(page: Page, target: Locator, maxPresses = 80) {
  await target.waitFor();
  for (let presses = 0; presses <= maxPresses; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the target in ${maxPresses} presses`);
}

beforeAll(async () => {
  const dataDir = makeDataDir();
  [seller, buyer] = (await seedAccounts(dataDir, [
    { email: 'ravi@campus.edu', userName: 'ravi', phoneNumber: '9123456780' },
    { email: 'meera@campus.edu', userName: 'meera', phoneNumber: '9876500001' },
  ])) as [SeededAccount, SeededAccount];
  [lampId, cycleId] = (await seedListings(dataDir, [
    { sellerId: seller.user.id, title: LAMP, category: 'Electronics', price: 500, photoHues: [40] },
    { sellerId: seller.user.id, title: CYCLE, category: 'Cycle', price: 3200, photoHues: [200] },
  ])) as [string, string];
  [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('offer → counter → accept → both review → rating on the profile and the card', () => {
  let buyerPage: Page;
  let sellerPage: Page;

  it('starts with a seller nobody has reviewed', async () => {
    buyerPage = await pageAs(buyer);
    await buyerPage.goto(`/shop/products/${cycleId}`);
    await sellerCard(buyerPage).getByText(rm.ratingShort(0, 0), { exact: true }).waitFor();
  });

  it('the buyer makes an offer from the product page', async () => {
    await buyerPage.goto(`/shop/products/${lampId}`);
    await buyerPage.getByRole('button', { name: om.makeOfferButton }).click();
    const dialog = buyerPage.getByRole('dialog', { name: om.offerDialogTitle });
    await dialog.getByText(om.offerDialogDescription(rupees(500))).waitFor();
    await dialog.getByLabel(om.amountLabel).fill('400');
    await dialog.getByLabel(om.optionalMessageLabel).fill('Would you take 400? I can collect today.');
    await dialog.getByRole('button', { name: om.sendOfferButton }).click();
    await toast(buyerPage, om.offerSent).waitFor();
    await buyerPage.locator('[data-offer-by="buyer"]').getByText(om.yourOffer(400), { exact: true }).waitFor();
  });

  it('the seller sees the offer in Interested buyers and counters it', async () => {
    sellerPage = await pageAs(seller);
    await sellerPage.goto('/shop/listings');
    await sellerPage.getByRole('button', { name: `${buyRequestMessages.interestedButton} for ${LAMP}` }).click();
    const dialog = sellerPage.getByRole('dialog', { name: buyRequestMessages.interestedTitle });
    await dialog.getByText(om.offerFromBuyer(400), { exact: true }).waitFor();
    await dialog.getByRole('button', { name: "Counter meera's offer" }).click();
    const counter = sellerPage.getByRole('dialog', { name: om.counterDialogTitle });
    await counter.getByText(om.counterDialogDescription(rupees(400))).waitFor();
    await counter.getByLabel(om.counterAmountLabel).fill('460');
    await counter.getByRole('button', { name: om.sendCounterButton }).click();
    await toast(sellerPage, om.countered).waitFor();
    await dialog.getByText(om.counterFromSeller(460), { exact: true }).waitFor();
    await captureFromTop(sellerPage, 'deal-journey-seller-countered');
    await sellerPage.keyboard.press('Escape');
  });

  it('the buyer’s open product page shows the counter without a reload, and the buyer accepts it', async () => {
    // The page has stayed open since the offer: the live stream brings the counter.
    const counter = buyerPage.locator('[data-offer-by="seller"]');
    await counter.getByText(om.sellerCounter(460), { exact: true }).waitFor({ timeout: 20_000 });
    await captureFromTop(buyerPage, 'deal-journey-buyer-counter');
    await counter.getByRole('button', { name: om.acceptButton }).click();
    await toast(buyerPage, om.acceptedSold).waitFor();
    await buyerPage.getByText(om.soldFor(rupees(460)), { exact: true }).waitFor();
    await buyerPage.getByText(productMessages.soldOutBadge, { exact: true }).first().waitFor();
    // On a phone the bar at the bottom says what it sold for, not the asking price.
    await buyerPage.setViewportSize({ width: 375, height: 812 });
    const bar = buyerPage.getByRole('group', { name: productMessages.buyerActionsLabel });
    await expect.poll(() => bar.innerText()).toContain(rupees(460));
    expect(await bar.innerText()).not.toContain(rupees(500));
    await buyerPage.setViewportSize(DESKTOP);
  });

  it('the seller sees it sold at the countered amount on My Listings', async () => {
    await sellerPage.goto('/shop/listings');
    const card = sellerPage.getByRole('article').filter({ hasText: LAMP });
    await card.getByText(productMessages.soldFor(rupees(460)), { exact: true }).waitFor();
    await card.getByText(rm.noBuyerReviewYet).waitFor();
    await captureFromTop(sellerPage, 'deal-journey-seller-sold');
  });

  it('the buyer reviews the seller from the sold listing’s page, by keyboard only', async () => {
    await buyerPage.goto(`/shop/products/${lampId}`);
    await tabTo(buyerPage, buyerPage.getByRole('button', { name: rm.leaveReview('ravi') }));
    await buyerPage.keyboard.press('Enter');
    const dialog = buyerPage.getByRole('dialog', { name: rm.reviewDialogTitle('ravi') });
    await dialog.waitFor();
    // Tab into the stars, Space picks one, the arrows move along them.
    await tabTo(buyerPage, dialog.getByRole('radio', { name: rm.starsLabel(1) }));
    await buyerPage.keyboard.press('Space');
    for (let step = 0; step < 3; step += 1) await buyerPage.keyboard.press('ArrowRight');
    await expect.poll(() => dialog.getByRole('radio', { name: rm.starsLabel(4) }).isChecked()).toBe(true);
    await tabTo(buyerPage, dialog.getByRole('textbox', { name: rm.textField }));
    await buyerPage.keyboard.type(BUYER_REVIEW);
    await expectAccessible(buyerPage);
    await tabTo(buyerPage, dialog.getByRole('button', { name: rm.submit }));
    await buyerPage.keyboard.press('Enter');
    await toast(buyerPage, rm.posted).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const panel = buyerPage.getByRole('region', { name: rm.sectionTitle });
    await panel.getByRole('heading', { name: rm.yourReview }).waitFor();
    await panel.getByText(BUYER_REVIEW).waitFor();
    await panel.getByRole('img', { name: 'Rated 4 out of 5' }).waitFor();
    await captureFromTop(buyerPage, 'deal-journey-buyer-reviewed');
  });

  it('the seller reads the buyer’s review and reviews the buyer, which the buyer’s open page shows', async () => {
    await sellerPage.goto(`/shop/products/${lampId}`);
    const panel = sellerPage.getByRole('region', { name: rm.sectionTitle });
    await panel.getByRole('heading', { name: rm.theirReview('meera') }).waitFor();
    await panel.getByText(BUYER_REVIEW).waitFor();
    await panel.getByRole('button', { name: rm.leaveReview('meera') }).click();
    const dialog = sellerPage.getByRole('dialog', { name: rm.reviewDialogTitle('meera') });
    // The stars are drawn on their labels; a click on the fifth picks 5.
    await dialog.locator('label', { has: sellerPage.getByRole('radio', { name: rm.starsLabel(5) }) }).click();
    expect(await dialog.getByRole('radio', { name: rm.starsLabel(5) }).isChecked()).toBe(true);
    await dialog.getByRole('textbox', { name: rm.textField }).fill(SELLER_REVIEW);
    await dialog.getByRole('button', { name: rm.submit }).click();
    await toast(sellerPage, rm.posted).waitFor();
    await panel.getByRole('heading', { name: rm.yourReview }).waitFor();

    const buyerPanel = buyerPage.getByRole('region', { name: rm.sectionTitle });
    await buyerPanel.getByRole('heading', { name: rm.theirReview('ravi') }).waitFor({ timeout: 20_000 });
    await buyerPanel.getByText(SELLER_REVIEW).waitFor();
    await buyerPanel.getByRole('img', { name: 'Rated 5 out of 5' }).waitFor();
  });

  it('shows the seller’s rating and count on the seller card of their other listing', async () => {
    await buyerPage.goto(`/shop/products/${cycleId}`);
    await sellerCard(buyerPage).getByText(rm.ratingShort(4, 1), { exact: true }).waitFor();
    await captureFromTop(buyerPage, 'deal-journey-seller-card');
  });

  it('shows the rating, the count and the review on the seller’s public profile', async () => {
    await buyerPage.goto(`/user/userProfile/${seller.user.id}`);
    const reviews = buyerPage.getByRole('region', { name: rm.sectionTitle });
    await reviews.getByText(rm.ratingSummary(4, 1), { exact: true }).waitFor();
    await reviews.getByText(BUYER_REVIEW).waitFor();
    await reviews.getByRole('link', { name: 'meera' }).waitFor();
    await reviews.getByText(rm.forListing(LAMP), { exact: false }).waitFor();
    // The seller's review of the buyer is about meera, not a rating of ravi as a seller.
    expect(await reviews.getByText(SELLER_REVIEW).count()).toBe(0);
    await captureFromTop(buyerPage, 'deal-journey-profile');
  });
});
