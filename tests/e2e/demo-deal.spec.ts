import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyRequestMessages } from '#domain/buy-requests/buy-request.messages.ts';
import type { InterestedBuyersResponse } from '#domain/buy-requests/buy-request.wire.ts';
import { offerMessages as om } from '#domain/buy-requests/offer.messages.ts';
import { notificationTexts } from '#domain/notifications/notification-kinds.ts';
import { notificationMessages } from '#domain/notifications/notification.messages.ts';
import type { MyListingsResponse, ProductListResponse } from '#domain/products/product.wire.ts';
import { reviewMessages as rm } from '#domain/reviews/review.messages.ts';
import { DEMO_PASSWORD, demoLogins } from '#server/seed/seed-catalogue.ts';
import { PHONE, expectAccessible, launchBrowser, newContext, screenshot } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Issues 23 and 24 in the demo, on a newcomer's first start: an empty data directory with
 * DEMO_DATA on, so the server itself loads the catalogue and writes its students' activity (its
 * job queue running), as `npm start` does. The first printed student, on a phone, finds sellers
 * with stars, an offer in Interested buyers, and a price drop in Alerts.
 */
let server: RunningServer;
let browser: Browser;
const student = demoLogins().find((login) => login.role === 'student')!;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    // The first start draws the photos, lists the catalogue and writes the activity: give a busy machine time.
    startServer({ env: { DEMO_DATA: 'true' }, readyTimeoutMs: 180_000 }),
    launchBrowser(),
  ]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A phone-sized context signed in as the first printed demo student, through the login call. */
async function signedIn(): Promise<{ context: BrowserContext; page: Page; userId: string }> {
  const context = await newContext(browser, server.url, PHONE);
  const response = await context.request.post('/api/v1/auth/login', { data: { email: student.email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  const { user } = (await response.json()) as { user: { _id: string } };
  return { context, page: await context.newPage(), userId: user._id };
}

async function getJson<T>(context: BrowserContext, url: string): Promise<T> {
  const response = await context.request.get(`/api/v1${url}`);
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

describe('the demo deals on a first start, at 375 px', () => {
  it("shows a seller's stars and review count on the seller card", async () => {
    const { context, page, userId } = await signedIn();
    const { products } = await getJson<ProductListResponse>(context, '/products?sort=rating&limit=24');
    const listing = products.find((product) => product.numReviews > 0 && product.seller._id !== userId && !product.soldOut);
    expect(listing).toBeDefined();
    await page.goto(`/shop/products/${listing!._id}`);
    const card = page.getByRole('region', { name: 'Seller' });
    await card.getByRole('img', { name: `Rated ${listing!.rating} out of 5` }).waitFor();
    await card.getByText(rm.ratingShort(listing!.rating, listing!.numReviews), { exact: true }).waitFor();
    await card.scrollIntoViewIfNeeded();
    // The screen as the phone shows it, scrolled to the card.
    await screenshot(page, 'demo-deal-seller-card', { screen: true });
    await context.close();
  });

  it('shows the offer amount in Interested buyers of their own listing', async () => {
    const { context, page, userId } = await signedIn();
    const { products } = await getJson<MyListingsResponse>(context, `/products/my-listings/${userId}`);
    let offered: { title: string; amount: number } | undefined;
    for (const listing of products.filter((product) => !product.soldOut)) {
      const { buyRequests } = await getJson<InterestedBuyersResponse>(
        context,
        `/interested/get-buy-requests?productId=${listing._id}&sellerId=${userId}`,
      );
      const offer = buyRequests.find((request) => request.offer?.by === 'buyer')?.offer;
      if (offer) offered = { title: listing.title, amount: offer.amount };
    }
    expect(offered).toBeDefined();
    await page.goto('/shop/listings');
    await page.getByRole('button', { name: `${buyRequestMessages.interestedButton} for ${offered!.title}` }).click();
    const dialog = page.getByRole('dialog', { name: buyRequestMessages.interestedTitle });
    await dialog.getByText(om.offerFromBuyer(offered!.amount), { exact: true }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'demo-deal-interested-offer', { screen: true });
    await context.close();
  });

  it('has the price drop on a wishlisted listing in Alerts, delivered by the queue on the first start', async () => {
    const { context, page } = await signedIn();
    await page.goto('/user/notifications');
    await page.getByRole('heading', { name: notificationMessages.heading, level: 1 }).waitFor();
    const alerts = page.getByRole('region', { name: notificationMessages.heading });
    await alerts.getByText(notificationTexts['wishlist.price-drop'].title).first().waitFor();
    await screenshot(page, 'demo-deal-alerts');
    await context.close();
  });
});
