import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMessages } from '#domain/conversations/conversation.messages.ts';
import { conversationUiMessages as ui } from '#domain/conversations/conversation-ui.messages.ts';
import { meetupMessages as mm } from '#domain/meetups/meetup.messages.ts';
import { reviewMessages as rm } from '#domain/reviews/review.messages.ts';
import { type SeededAccount, seedAccounts, signIn } from './support/accounts.ts';
import { DESKTOP, captureAtBothWidths, expectAccessible, launchBrowser, newContext } from './support/browser.ts';
import { seedListings } from './support/listings.ts';
import { type RunningServer, makeDataDir, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let seller: SeededAccount;
let buyer: SeededAccount;
let admin: SeededAccount;
let soldId: string;
let cycleId: string;
const contexts: BrowserContext[] = [];

async function pageAs(account: SeededAccount): Promise<Page> {
  const context = await newContext(browser, server.url, DESKTOP);
  contexts.push(context);
  await signIn(context, server.url, account);
  return context.newPage();
}

/** A datetime-local value (the browser's zone is this machine's) for tomorrow at 17:00. */
function tomorrowAtFive(): string {
  const date = new Date(Date.now() + 24 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T17:00`;
}

beforeAll(async () => {
  const dataDir = makeDataDir();
  const seeded = await seedAccounts(dataDir, [
    { email: 'ravi@campus.edu', userName: 'ravi', phoneNumber: '9123456780' },
    { email: 'meera@campus.edu', userName: 'meera', phoneNumber: '9876500001' },
    { email: 'admin@campus.edu', userName: 'admin', isAdmin: true },
  ]);
  [seller, buyer, admin] = [seeded[0]!, seeded[1]!, seeded[2]!];
  // The sale happened an hour ago (accepting is buy-request.spec.ts's journey); the cycle is still for sale.
  [soldId, cycleId] = (await seedListings(dataDir, [
    {
      sellerId: seller.user.id,
      title: 'Study lamp with warm LED',
      category: 'Electronics',
      price: 450,
      soldOut: true,
      buyerId: buyer.user.id,
      soldAt: new Date(Date.now() - 3600_000),
      photoHues: [40],
    },
    { sellerId: seller.user.id, title: 'Hero Sprint cycle', category: 'Cycle', price: 3200, photoHues: [200] },
  ])) as [string, string];
  [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('after a sale, the buyer and the seller review each other', () => {
  let buyerPage: Page;
  let sellerPage: Page;

  it('lets the buyer rate the seller from the sold listing’s page, by keyboard', async () => {
    buyerPage = await pageAs(buyer);
    await buyerPage.goto(`/shop/products/${soldId}`);
    await buyerPage.getByRole('button', { name: rm.leaveReview('ravi') }).click();
    const dialog = buyerPage.getByRole('dialog', { name: rm.reviewDialogTitle('ravi') });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: rm.starsLabel(3) }).focus();
    await buyerPage.keyboard.press('ArrowRight');
    expect(await dialog.getByRole('radio', { name: rm.starsLabel(4) }).isChecked()).toBe(true);
    await dialog.getByRole('textbox', { name: rm.textField }).fill('Lamp exactly as described, and ravi was on time.');
    await expectAccessible(buyerPage);
    await dialog.getByRole('button', { name: rm.submit }).click();
    await buyerPage.getByText(rm.posted).waitFor();
    await buyerPage.getByRole('heading', { name: rm.yourReview }).waitFor();
    await captureAtBothWidths(buyerPage, 'review-posted-by-buyer');
  });

  it('shows the seller what the buyer said, and lets them review the buyer', async () => {
    sellerPage = await pageAs(seller);
    await sellerPage.goto(`/shop/products/${soldId}`);
    await sellerPage.getByRole('heading', { name: rm.theirReview('meera') }).waitFor();
    await sellerPage.getByText('Lamp exactly as described', { exact: false }).waitFor();
    await sellerPage.getByRole('button', { name: rm.leaveReview('meera') }).click();
    const dialog = sellerPage.getByRole('dialog', { name: rm.reviewDialogTitle('meera') });
    await dialog.getByRole('radio', { name: rm.starsLabel(5) }).check({ force: true });
    await dialog.getByRole('button', { name: rm.submit }).click();
    await sellerPage.getByText(rm.posted).waitFor();
  });

  it('shows the rating on the seller’s card of their other listings', async () => {
    await buyerPage.goto(`/shop/products/${cycleId}`);
    const card = buyerPage.getByRole('region', { name: 'Seller' });
    await card.getByText(rm.ratingShort(4, 1)).waitFor();
    await captureAtBothWidths(buyerPage, 'seller-card-rating');
  });

  it('shows the rating, the count and the review on the seller’s public profile', async () => {
    await buyerPage.goto(`/user/userProfile/${seller.user.id}`);
    const reviews = buyerPage.getByRole('region', { name: rm.sectionTitle });
    await reviews.getByText(rm.ratingSummary(4, 1)).waitFor();
    await reviews.getByText('Lamp exactly as described', { exact: false }).waitFor();
    await reviews.getByRole('link', { name: 'meera' }).waitFor();
    await reviews.getByText(rm.forListing('Study lamp with warm LED'), { exact: false }).waitFor();
    await captureAtBothWidths(buyerPage, 'profile-reviews');
  });

  it('shows the seller what the buyer said on My Listings', async () => {
    await sellerPage.goto('/shop/listings');
    await sellerPage.getByText(rm.buyerSaid).waitFor();
    await sellerPage.getByText('Lamp exactly as described', { exact: false }).waitFor();
    await captureAtBothWidths(sellerPage, 'my-listings-buyer-review');
  });
});

describe('a meet-up at a safe spot', () => {
  let buyerPage: Page;
  let sellerPage: Page;
  let conversationUrl: string;

  it('lets the buyer propose a safe spot and a time in the conversation', async () => {
    buyerPage = await pageAs(buyer);
    await buyerPage.goto(`/shop/products/${cycleId}`);
    await buyerPage.getByRole('link', { name: conversationMessages.messageSeller }).click();
    await buyerPage.getByRole('textbox', { name: ui.composerLabel }).fill('Can I see the cycle tomorrow?');
    await buyerPage.keyboard.press('Enter');
    await buyerPage.waitForURL(/\/user\/messages\/[^/?]+$/);
    conversationUrl = new URL(buyerPage.url()).pathname;
    await buyerPage.getByRole('button', { name: mm.propose }).click();
    const dialog = buyerPage.getByRole('dialog', { name: mm.dialogTitle });
    await dialog.getByRole('combobox', { name: mm.spotField }).selectOption({ label: 'Library entrance' });
    await dialog.getByLabel(mm.timeField).fill(tomorrowAtFive());
    await expectAccessible(buyerPage);
    await dialog.getByRole('button', { name: mm.send }).click();
    await buyerPage.getByText(/You proposed Library entrance/).waitFor();
  });

  it('lets the seller accept it; the agreed meet-up shows at the top for both', async () => {
    sellerPage = await pageAs(seller);
    await sellerPage.goto(conversationUrl);
    await sellerPage.getByText(/meera proposed Library entrance/).waitFor();
    await sellerPage.getByRole('button', { name: mm.accept, exact: true }).click();
    await sellerPage.getByText(`${mm.agreedTitle}:`).waitFor();
    await sellerPage.getByText(/Library entrance, .*5:00/).waitFor();
    // The buyer's open conversation updates from the live notification.
    await buyerPage.getByText(`${mm.agreedTitle}:`).waitFor({ timeout: 10_000 });
    await captureAtBothWidths(sellerPage, 'meetup-accepted');
  });

  it('lets an admin keep the list of safe spots', async () => {
    const adminPage = await pageAs(admin);
    await adminPage.goto('/admin/safe-spots');
    await adminPage.getByRole('list', { name: mm.adminTitle }).getByText('Library entrance').waitFor();
    await adminPage.getByRole('textbox', { name: mm.adminName }).fill('Hostel 4 common room');
    await adminPage.getByRole('button', { name: mm.adminAdd }).click();
    await adminPage.getByText(mm.spotAdded).waitFor();
    await adminPage.getByRole('list', { name: mm.adminTitle }).getByText('Hostel 4 common room').waitFor();
    await captureAtBothWidths(adminPage, 'admin-safe-spots');
  });
});
