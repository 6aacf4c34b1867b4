import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededAccount, seedAccounts, signIn } from './support/accounts.ts';
import { DESKTOP, PHONE, captureAtBothWidths, launchBrowser, newContext } from './support/browser.ts';
import { latestCodeFor, mailsTo } from './support/outbox.ts';
import { type RunningServer, makeDataDir, startServer } from './support/server.ts';

const PASSWORD = 'maple-Desk-42!';
const ADMIN_EMAIL = 'dean@campus.edu';

let server: RunningServer;
let browser: Browser;
let seeded: { student: SeededAccount; forgetful: SeededAccount; leaving: SeededAccount };

beforeAll(async () => {
  const dataDir = makeDataDir();
  const [student, forgetful, leaving] = await seedAccounts(dataDir, [
    { email: 'meera@campus.edu', userName: 'meera' },
    { email: 'forgetful@campus.edu', userName: 'forgetful' },
    { email: 'leaving@campus.edu', userName: 'leaving' },
  ]);
  seeded = { student: student!, forgetful: forgetful!, leaving: leaving! };
  [server, browser] = await Promise.all([startServer({ dataDir, env: { ADMIN_EMAILS: ADMIN_EMAIL } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A photo with shapes in it, so the crop and its preview are visible in the screenshots. */
function samplePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="800" fill="#c7d2fe"/>
    <circle cx="600" cy="400" r="260" fill="#4f46e5"/>
    <circle cx="600" cy="330" r="90" fill="#fde68a"/>
    <rect x="430" y="450" width="340" height="150" rx="70" fill="#fde68a"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

function codeBoxes(page: Page) {
  return page.getByRole('textbox', { name: /^Digit \d of 6$/ });
}

async function typeCode(page: Page, code: string) {
  await codeBoxes(page).first().click();
  await page.keyboard.type(code);
}

async function toast(page: Page, text: string) {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

describe('registration', () => {
  it('registers a student through every state of the form and lands on /shop', async () => {
    const email = 'kavya@campus.edu';
    const context = await newContext(browser, server.url, PHONE);
    const page = await context.newPage();
    await page.goto('/auth/register');
    const verify = page.getByRole('button', { name: 'Verify' });
    expect(await verify.isDisabled()).toBe(true);
    await page.getByLabel('Email').fill('kavya@');
    expect(await verify.isDisabled()).toBe(true);
    await page.getByLabel('Email').fill(email);
    expect(await verify.isEnabled()).toBe(true);
    await captureAtBothWidths(page, 'register-email-typed');

    await verify.click();
    await toast(page, 'OTP sent to your email.');
    await expect.poll(() => codeBoxes(page).count()).toBe(6);
    // Said by the e-mail field too (spec 8's alert), and Verify keeps its label for a resend.
    expect(await page.locator('#register-email-status').textContent()).toBe('OTP sent to your email.');
    expect(await verify.isEnabled()).toBe(true);
    await captureAtBothWidths(page, 'register-code-boxes');

    await page.getByRole('button', { name: 'Submit OTP' }).click();
    await page.getByText('Please enter 6 digits.').waitFor();
    await typeCode(page, await latestCodeFor(server.dataDir, email));
    await page.getByRole('button', { name: 'Submit OTP' }).click();
    await page.getByText('Verified', { exact: true }).waitFor();
    expect(await codeBoxes(page).count()).toBe(0);
    await captureAtBothWidths(page, 'register-verified');

    await page.getByLabel('Phone number (optional)').fill('98765 43210');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await samplePhoto() });
    await page.getByTestId('image-cropper').waitFor();
    await page.getByRole('img', { name: 'Photo to crop' }).waitFor();
    await page.getByLabel('Zoom').fill('1.5');
    await captureAtBothWidths(page, 'register-crop');
    await page.getByRole('button', { name: 'Crop Image' }).click();
    await expect.poll(() => page.getByTestId('photo-preview').getAttribute('src')).toMatch(/^data:image\/jpeg/);
    await captureAtBothWidths(page, 'register-cropped');

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill('something-else-1!');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Passwords must match').waitFor();
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Show password' }).first().click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Register' }).click();

    await page.waitForURL(`${server.url}/shop`);
    await toast(page, 'Registration successful');
    const avatar = page.getByRole('link', { name: 'My account' }).locator('img');
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.src))
      .toMatch(/^http:\/\/localhost:\d+\/uploads\/avatars\/[0-9a-f-]+\.webp$/);
    await context.close();
  });

  it('refuses Register until the e-mail is verified, and says why', async () => {
    const context = await newContext(browser, server.url, PHONE);
    const page = await context.newPage();
    await page.goto('/auth/register');
    await page.getByLabel('Email').fill('impatient@campus.edu');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Please verify your email first.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/register');
    await context.close();
  });

  it('says "User Already Exists" for an address with an account and mails nothing', async () => {
    const context = await newContext(browser, server.url, PHONE);
    const page = await context.newPage();
    await page.goto('/auth/register');
    await page.getByLabel('Email').fill(seeded.student.user.email);
    await page.getByRole('button', { name: 'Verify' }).click();
    await toast(page, 'User Already Exists');
    expect(await codeBoxes(page).count()).toBe(0);
    expect(mailsTo(server.dataDir, seeded.student.user.email)).toHaveLength(0);
    await context.close();
  });

  it('moves through the code boxes: typing advances, Backspace goes back, pasting fills all', async () => {
    const email = 'boxes@campus.edu';
    const context = await newContext(browser, server.url, DESKTOP);
    const page = await context.newPage();
    await page.goto('/auth/register');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Verify' }).click();
    const boxes = codeBoxes(page);
    await expect.poll(() => boxes.count()).toBe(6);

    await boxes.first().click();
    await page.keyboard.type('12');
    expect(await boxes.nth(2).evaluate((box) => box === document.activeElement)).toBe(true);
    await page.keyboard.press('Backspace');
    expect(await boxes.nth(1).evaluate((box) => box === document.activeElement)).toBe(true);
    expect(await boxes.nth(1).inputValue()).toBe('');
    await page.keyboard.type('x');
    expect(await boxes.nth(1).inputValue()).toBe('');

    await boxes.nth(3).evaluate((box) => {
      const data = new DataTransfer();
      data.setData('text/plain', ' 987 654 ');
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    expect(await Promise.all(Array.from({ length: 6 }, (_, index) => boxes.nth(index).inputValue()))).toEqual([
      '9',
      '8',
      '7',
      '6',
      '5',
      '4',
    ]);

    await page.getByRole('button', { name: 'Submit OTP' }).click();
    const real = await latestCodeFor(server.dataDir, email);
    if (real !== '987654') {
      await toast(page, 'Invalid code.');
      await page.getByRole('alert').filter({ hasText: 'Invalid code.' }).waitFor();
      await captureAtBothWidths(page, 'register-invalid-code');
    }
    await context.close();
  });
});

describe('an admin named in ADMIN_EMAILS', () => {
  it('registers, lands on /admin/dashboard and logs out from the side rail', async () => {
    const context = await newContext(browser, server.url, DESKTOP);
    const page = await context.newPage();
    await page.goto('/auth/register');
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => codeBoxes(page).count()).toBe(6);
    await typeCode(page, await latestCodeFor(server.dataDir, ADMIN_EMAIL));
    await page.keyboard.press('Enter');
    await page.getByText('Verified', { exact: true }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('heading', { name: 'Admin dashboard' }).waitFor();

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/auth/login');
    await toast(page, 'Logged-Out');
    await page.goto('/admin/dashboard');
    await page.waitForURL('**/auth/login');
    await context.close();
  });
});

describe('login and logout', () => {
  it('asks for both fields, refuses a wrong password and signs in with the right one', async () => {
    const context = await newContext(browser, server.url, PHONE);
    const page = await context.newPage();
    await page.goto('/auth/login');
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await captureAtBothWidths(page, 'login');

    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Please fill in all fields.').waitFor();

    await page.getByLabel('Email').fill(seeded.student.user.email);
    await page.getByLabel('Password', { exact: true }).fill('not-my-password-1!');
    await page.getByRole('button', { name: 'Login' }).click();
    await toast(page, 'Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/auth/login');

    await page.getByLabel('Password', { exact: true }).fill(seeded.student.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${server.url}/shop`);
    await toast(page, 'Successfully logged in');
    await context.close();
  });

  it('logs out and the guard sends the visitor back to /auth/login', async () => {
    const context = await newContext(browser, server.url, PHONE);
    await signIn(context, server.url, seeded.leaving);
    const page = await context.newPage();
    await page.goto('/shop');
    await page.getByRole('link', { name: 'My account' }).waitFor();
    // The account page's Profile tab (another issue) will carry the LogoutButton; until then the page calls the API.
    const status = await page.evaluate(
      async () => (await fetch('/api/v1/auth/logout', { method: 'POST', credentials: 'include' })).status,
    );
    expect(status).toBe(200);
    await page.goto('/shop/products');
    await page.waitForURL('**/auth/login');
    const answer = await page.evaluate(async () => (await fetch('/api/v1/auth/check-auth', { credentials: 'include' })).status);
    expect(answer).toBe(401);
    await context.close();
  });
});

describe('route guards', () => {
  it('sends a visitor from signed-in pages to /auth/login', async () => {
    const context = await newContext(browser, server.url, PHONE);
    const page = await context.newPage();
    for (const path of ['/', '/shop', '/user/userAccount', '/admin/users']) {
      await page.goto(path);
      await page.waitForURL('**/auth/login');
    }
    await context.close();
  });

  it('sends a signed-in student away from the auth pages and the admin area', async () => {
    const context = await newContext(browser, server.url, PHONE);
    await signIn(context, server.url, seeded.student);
    const page = await context.newPage();
    for (const path of ['/auth/login', '/auth/register', '/auth/forgot-password', '/']) {
      await page.goto(path);
      await page.waitForURL(`${server.url}/shop`);
    }
    await page.goto('/admin/dashboard');
    await page.waitForURL('**/unauth-page');
    await context.close();
  });
});

describe('forgotten password', () => {
  it('mails a code, sets a new password and the old one stops working', async () => {
    const { email } = seeded.forgetful.user;
    const context = await newContext(browser, server.url, PHONE);
    const page = await context.newPage();
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/auth/forgot-password');
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await captureAtBothWidths(page, 'forgot-password');

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await toast(page, 'If an account exists for this e-mail, a reset code has been sent.');
    await expect.poll(() => codeBoxes(page).count()).toBe(6);
    await captureAtBothWidths(page, 'forgot-password-code');

    await typeCode(page, await latestCodeFor(server.dataDir, email));
    await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm new password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL('**/auth/login');
    await toast(page, 'Your password has been reset. Please log in.');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(seeded.forgetful.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await toast(page, 'Invalid email or password');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${server.url}/shop`);
    await context.close();
  });
});
