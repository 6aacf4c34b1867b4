import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aboutMessages } from '#domain/about/about-copy.ts';
import { authMessages } from '#domain/users/auth.messages.ts';
import { profileMessages } from '#domain/users/profile.messages.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import { type SeededAccount, seedAccounts, signIn } from './support/accounts.ts';
import { DESKTOP, PHONE, captureAtBothWidths, launchBrowser, newContext } from './support/browser.ts';
import { seedListings } from './support/listings.ts';
import { type RunningServer, makeDataDir, startServer } from './support/server.ts';

const MAP_URL = 'https://maps.example.org/embed?campus=main';

let server: RunningServer;
let browser: Browser;
let asha: SeededAccount;
let ravi: SeededAccount;
let seller: SeededAccount;

beforeAll(async () => {
  const dataDir = makeDataDir();
  [asha, ravi, seller] = (await seedAccounts(dataDir, [
    { email: 'asha.verma@campus.edu', userName: 'asha.verma', phoneNumber: '9876543210', gender: 'Female' },
    { email: 'ravi@campus.edu', userName: 'ravi', phoneNumber: null },
    { email: 'kiran.seller@campus.edu', userName: 'Kiran Rao', phoneNumber: '9123456780', gender: 'Male' },
  ])) as [SeededAccount, SeededAccount, SeededAccount];
  await seedListings(dataDir, [
    {
      sellerId: seller.user.id,
      title: 'Engineering Mathematics by B.S. Grewal',
      category: 'Books',
      price: 350,
      originalPrice: 700,
    },
    { sellerId: seller.user.id, title: 'Hero Sprint cycle', category: 'Cycle', price: 3200, originalPrice: 5500 },
    { sellerId: seller.user.id, title: 'Already sold study lamp', category: 'Electronics', price: 300, soldOut: true },
  ]);
  [server, browser] = await Promise.all([startServer({ dataDir, env: { CAMPUS_MAP_EMBED_URL: MAP_URL } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openAccount(
  account: SeededAccount,
  viewport: { width: number; height: number } = DESKTOP,
  tab?: string,
): Promise<Page> {
  const context = await newContext(browser, server.url, viewport);
  await signIn(context, server.url, account);
  const page = await context.newPage();
  await page.goto(tab ? `/user/userAccount?tab=${tab}` : '/user/userAccount');
  await page.getByRole('heading', { name: 'My Account' }).waitFor();
  return page;
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

describe('the account page', () => {
  it('shows the profile with photo, details, member-since date and Logout', async () => {
    const page = await openAccount(asha);
    const panel = page.getByRole('tabpanel', { name: 'Profile', exact: true });
    await panel.getByText('asha.verma', { exact: true }).waitFor();
    expect(await panel.getByText('asha.verma@campus.edu').isVisible()).toBe(true);
    expect(await panel.getByText('+91 9876543210').isVisible()).toBe(true);
    expect(await panel.getByText('Female').isVisible()).toBe(true);
    expect(await panel.getByText(profileMessages.memberSince).isVisible()).toBe(true);
    expect(await panel.locator('time').getAttribute('datetime')).toBe(asha.user.createdAt.toISOString());
    expect(await panel.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    await captureAtBothWidths(page, 'account-profile');
    await page.context().close();
  });

  it('moves between the tabs with the keyboard', async () => {
    const page = await openAccount(asha, PHONE);
    const tabs = page.getByRole('tab');
    // The spec's four, the saved searches (issue 24), the notification settings and the blocked users (issue 12).
    expect(await tabs.allInnerTexts()).toEqual([
      'Profile',
      'Change Password',
      'Edit Profile',
      'Wishlist',
      'Saved searches',
      'Notifications',
      'Blocked users',
    ]);
    const selected = (name: string) => page.getByRole('tab', { name, exact: true }).getAttribute('aria-selected');
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await page.getByRole('tab', { name: 'Profile', exact: true }).focus();
    // Arrow keys move focus along the tabs and open the one they land on.
    for (const name of ['Change Password', 'Edit Profile', 'Wishlist']) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(focused).toBe(name);
      await expect.poll(() => selected(name)).toBe('true');
    }
    expect(new URL(page.url()).searchParams.get('tab')).toBe('wishlist');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tabpanel');
    await page.getByRole('tabpanel', { name: 'Wishlist' }).waitFor();
    await captureAtBothWidths(page, 'account-wishlist');
    await page.context().close();
  });

  it('changes the profile photo through the round crop', async () => {
    const page = await openAccount(asha);
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#0ea5e9' } })
      .png()
      .toBuffer();
    await page.getByLabel('Choose a new profile photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
    const dialog = page.getByRole('dialog', { name: 'Crop your photo' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Crop Image' }).click();
    await toast(page, profileMessages.photoUpdated).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const src = await page.getByRole('img', { name: 'Profile photo of asha.verma' }).evaluate((img: HTMLImageElement) => img.src);
    expect(src).toMatch(/^http:\/\/localhost:\d+\/uploads\/avatars\/[0-9a-f-]+\.webp$/);
    // The page shows the site's own files from its own origin (issue 22), here the same address.
    expect(
      await page
        .getByRole('link', { name: 'My account' })
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.src),
    ).toBe(src);
    // Photo addresses are absolute (PUBLIC_URL), so other origins can use them too.
    expect((await fetch(src!)).status).toBe(200);
    await page.context().close();
  });

  it('edits the profile, keeps the e-mail read-only with a warning, and shows the change everywhere', async () => {
    const page = await openAccount(asha, PHONE, 'edit');
    const panel = page.getByRole('tabpanel', { name: 'Edit Profile' });
    await captureAtBothWidths(page, 'account-edit-profile');

    const email = panel.getByLabel('E-mail');
    expect(await email.getAttribute('readonly')).not.toBeNull();
    await email.focus();
    await page.keyboard.type('x');
    await toast(page, validationMessages.emailCannotChange).waitFor();
    expect(await email.inputValue()).toBe('asha.verma@campus.edu');

    await panel.getByLabel('Phone number').fill('12345');
    await panel.getByLabel('Username').click();
    await panel.getByText(validationMessages.phoneInvalid).waitFor();

    await panel.getByLabel('Username').fill('Asha Verma');
    await panel.getByLabel('Phone number').fill('+91 91234 56789');
    await panel.getByLabel('Gender').selectOption('Female');
    await panel.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, profileMessages.updated).waitFor();

    await page.getByRole('tab', { name: 'Profile', exact: true }).click();
    const profile = page.getByRole('tabpanel', { name: 'Profile', exact: true });
    await profile.getByText('Asha Verma', { exact: true }).waitFor();
    expect(await profile.getByText('+91 9123456789').isVisible()).toBe(true);

    await page.reload();
    await page.getByRole('tabpanel', { name: 'Profile', exact: true }).getByText('Asha Verma', { exact: true }).waitFor();
    await page.context().close();
  });

  it('checks every change-password rule, then logs in with the new password through the login form', async () => {
    const page = await openAccount(ravi, PHONE, 'password');
    const panel = page.getByRole('tabpanel', { name: 'Change Password' });
    await captureAtBothWidths(page, 'account-change-password');
    const submit = panel.getByRole('button', { name: 'Update Password' });

    await submit.click();
    await panel.getByText(validationMessages.currentPasswordRequired).waitFor();
    expect(await panel.getByText(validationMessages.newPasswordRequired).isVisible()).toBe(true);
    expect(await panel.getByText(validationMessages.confirmPasswordRequired).isVisible()).toBe(true);

    await panel.getByLabel('Current password').fill(ravi.password);
    await panel.getByLabel('New password', { exact: true }).fill('weakpass');
    await panel.getByLabel('Confirm new password').fill('other-pass-9!');
    await submit.click();
    await panel.getByText(validationMessages.newPasswordWeak).waitFor();
    expect(await panel.getByText(validationMessages.passwordsDoNotMatch).isVisible()).toBe(true);
    await toast(page, validationMessages.newPasswordMismatchOnSubmit).waitFor();

    await panel.getByLabel('New password', { exact: true }).fill('library-card-7!');
    await panel.getByLabel('Confirm new password').fill('library-card-7!');
    await panel.getByLabel('Current password').fill('not-my-password-1!');
    await submit.click();
    await toast(page, profileMessages.wrongCurrentPassword).waitFor();

    await panel.getByLabel('Current password').fill(ravi.password);
    await submit.click();
    await toast(page, profileMessages.passwordUpdated).waitFor();
    expect(await panel.getByLabel('Current password').inputValue()).toBe('');

    // This browser stays signed in; then it signs out and back in with the new password.
    await page.getByRole('tab', { name: 'Profile', exact: true }).click();
    await page.getByRole('tabpanel', { name: 'Profile', exact: true }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/auth/login');
    await page.getByLabel('Email').fill('ravi@campus.edu');
    await page.getByLabel('Password', { exact: true }).fill(ravi.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await toast(page, authMessages.invalidCredentials).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');

    await page.getByLabel('Password', { exact: true }).fill('library-card-7!');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${server.url}/shop`);
    await page.context().close();
  });
});

describe('a public seller profile', () => {
  it('shows the seller, +91 call and WhatsApp links, member since, and only listings still for sale', async () => {
    const context = await newContext(browser, server.url, DESKTOP);
    await signIn(context, server.url, asha);
    const page = await context.newPage();
    await page.goto(`/user/userProfile/${seller.user.id}`);
    await page.getByRole('heading', { level: 1, name: 'Kiran Rao' }).waitFor();
    expect(await page.getByRole('link', { name: 'kiran.seller@campus.edu' }).getAttribute('href')).toBe(
      'mailto:kiran.seller@campus.edu',
    );
    expect(await page.getByRole('link', { name: /Call \+91 9123456780/ }).getAttribute('href')).toBe('tel:+919123456780');
    expect(await page.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toBe('https://wa.me/919123456780');
    expect(await page.getByText(profileMessages.memberSince).isVisible()).toBe(true);
    const listings = page.getByRole('list', { name: profileMessages.sellerListingsHeading });
    await listings.getByText('Hero Sprint cycle').waitFor();
    expect(await listings.getByText('Engineering Mathematics by B.S. Grewal').isVisible()).toBe(true);
    expect(await page.getByText('Already sold study lamp').count()).toBe(0);
    await page.waitForLoadState('networkidle');
    await captureAtBothWidths(page, 'seller-profile');
    await context.close();
  });

  it("keeps a buyer's e-mail and phone private, saying 'Not provided'", async () => {
    const context = await newContext(browser, server.url, DESKTOP);
    await signIn(context, server.url, asha);
    const page = await context.newPage();
    await page.goto(`/user/userProfile/${ravi.user.id}`);
    await page.getByRole('heading', { level: 1, name: 'ravi' }).waitFor();
    const contact = page.getByRole('list', { name: 'Contact' });
    expect(await contact.getByText(`E-mail: ${profileMessages.notProvided}`).isVisible()).toBe(true);
    expect(await contact.getByText(`Phone: ${profileMessages.notProvided}`).isVisible()).toBe(true);
    expect(await contact.getByRole('link').count()).toBe(0);
    expect(await page.getByText('ravi@campus.edu').count()).toBe(0);
    await page.getByText(profileMessages.sellerNoListings).waitFor();
    await captureAtBothWidths(page, 'buyer-profile');
    await context.close();
  });

  it("says 'User not found' for an unknown seller", async () => {
    const context = await newContext(browser, server.url, PHONE);
    await signIn(context, server.url, asha);
    const page = await context.newPage();
    await page.goto('/user/userProfile/6f1c1b1e-1111-4111-8111-111111111111');
    await page.locator('p[role="alert"]', { hasText: profileMessages.notFound }).waitFor();
    await toast(page, profileMessages.notFound).waitFor();
    await context.close();
  });
});

describe('the About page with a campus map configured', () => {
  it('embeds the map in a titled frame', async () => {
    const context = await newContext(browser, server.url, DESKTOP);
    await signIn(context, server.url, asha);
    const page = await context.newPage();
    await page.goto('/shop/about');
    const frame = page.locator(`iframe[title="${aboutMessages.mapTitle}"]`);
    await frame.waitFor({ state: 'attached' });
    expect(await frame.getAttribute('src')).toBe(MAP_URL);
    await context.close();
  });
});
