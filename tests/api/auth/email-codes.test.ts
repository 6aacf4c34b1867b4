import { and, eq } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format } from 'node:util';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authMessages } from '#domain/users/auth.messages.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import { fakeClock } from '#server/clock.ts';
import { emailCodes, emailVerifications } from '#server/db/schema/index.ts';
import { createOutboxMailer } from '#server/mail/mailer.ts';
import { insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp } from '../../support/test-app.ts';
import { codeIn, lastMailTo, post } from './auth-helpers.ts';

const clock = fakeClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

/** A different code than the one mailed, so a test can be sure it is wrong. */
function wrongCodeFor(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

async function sendCode(email: string) {
  const response = await post(t, 'send-code', { email });
  expect(response.statusCode).toBe(200);
  return codeIn(await lastMailTo(t, email));
}

describe('send-code', () => {
  it('mails a 6-digit code and answers as the spec reads it', async () => {
    const response = await post(t, 'send-code', { email: 'Riya@Campus.edu' });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({
      success: true,
      msg: 'OTP sent to your email.',
      alreadyVerified: false,
      userExists: false,
    });
    const mail = await lastMailTo(t, 'riya@campus.edu');
    expect(mail?.subject).toContain('Campus Market');
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
  });

  it('stores only a hash of the code, never the code itself', async () => {
    const code = await sendCode('hash-only@campus.edu');
    const rows = await t.app.db.select().from(emailCodes).where(eq(emailCodes.email, 'hash-only@campus.edu'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.purpose).toBe('register');
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(10 * 60_000);
  });

  it('refuses an address that does not look like e-mail', async () => {
    for (const [email, msg] of [
      ['', validationMessages.emailRequired],
      ['not-an-email', validationMessages.emailInvalid],
      ['a@b', validationMessages.emailInvalid],
    ] as const) {
      const response = await post(t, 'send-code', { email });
      expect(response.statusCode).toBe(400);
      expect(body(response)).toMatchObject({ success: false, msg });
    }
    const missing = await post(t, 'send-code', {});
    expect(body(missing)).toMatchObject({ success: false, msg: validationMessages.emailRequired });
  });

  it('answers userExists and mails nothing when the account exists', async () => {
    await insertUser(t.app.db, { email: 'taken@campus.edu' });
    await t.drainJobs();
    const before = t.mailer.sent.length;
    const response = await post(t, 'send-code', { email: 'taken@campus.edu' });
    expect(response.statusCode).toBe(409);
    expect(body(response)).toMatchObject({
      success: false,
      userExists: true,
      alreadyVerified: false,
      msg: 'User Already Exists',
    });
    await t.drainJobs();
    expect(t.mailer.sent.length).toBe(before);
  });

  it('sends a new code for the same address at most once a minute, saying when to retry', async () => {
    await sendCode('patient@campus.edu');
    clock.advance(20_000);
    const early = await post(t, 'send-code', { email: 'patient@campus.edu' });
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('40');
    expect(body(early)).toMatchObject({ success: false, msg: authMessages.resendTooSoon(40) });
    expect(body(early).msg).toBe('Please wait 40 seconds before requesting a new code.');

    clock.advance(40_000);
    const first = codeIn(await lastMailTo(t, 'patient@campus.edu'));
    const second = await sendCode('patient@campus.edu');
    const rows = await t.app.db.select().from(emailCodes).where(eq(emailCodes.email, 'patient@campus.edu'));
    expect(rows).toHaveLength(1);
    // Only the newest code works (unless both draws happened to be the same number).
    if (first !== second) {
      const old = await post(t, 'verify-code', { email: 'patient@campus.edu', code: first });
      expect(body(old)).toMatchObject({ success: false, msg: authMessages.invalidCode });
    }
  });

  it('answers alreadyVerified without a new code while a verification is still valid', async () => {
    const code = await sendCode('proven@campus.edu');
    await post(t, 'verify-code', { email: 'proven@campus.edu', code });
    clock.advance(60_000);
    await t.drainJobs();
    const before = t.mailer.sent.length;
    const again = await post(t, 'send-code', { email: 'proven@campus.edu' });
    expect(again.statusCode).toBe(200);
    expect(body(again)).toEqual({
      success: true,
      alreadyVerified: true,
      userExists: false,
      msg: 'Email already verified',
    });
    await t.drainJobs();
    expect(t.mailer.sent.length).toBe(before);
  });

  it('keeps the address verified for 30 minutes, then asks for a new code', async () => {
    const code = await sendCode('half-hour@campus.edu');
    await post(t, 'verify-code', { email: 'half-hour@campus.edu', code });
    const [row] = await t.app.db.select().from(emailVerifications).where(eq(emailVerifications.email, 'half-hour@campus.edu'));
    expect(row!.verifiedUntil.getTime() - clock.now().getTime()).toBe(30 * 60_000);
    clock.advance(30 * 60_000 + 1000);
    const later = await post(t, 'send-code', { email: 'half-hour@campus.edu' });
    expect(body(later)).toMatchObject({ success: true, alreadyVerified: false, msg: authMessages.otpSent });
  });
});

describe('ALLOWED_EMAIL_DOMAINS', () => {
  let campusOnly: TestApp;
  beforeAll(async () => {
    campusOnly = await createTestApp({ config: { allowedEmailDomains: ['campus.edu'] } });
  });
  afterAll(() => campusOnly.close());

  it('refuses an address outside the institute domains and mails nothing', async () => {
    const response = await post(campusOnly, 'send-code', { email: 'someone@gmail.com' });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ success: false, msg: authMessages.emailDomainNotAllowed });
    await campusOnly.drainJobs();
    expect(campusOnly.mailer.sent).toHaveLength(0);
  });

  it('accepts the institute domain and its subdomains', async () => {
    for (const email of ['a@campus.edu', 'b@students.campus.edu']) {
      const response = await post(campusOnly, 'send-code', { email });
      expect(response.statusCode).toBe(200);
    }
    const lookalike = await post(campusOnly, 'send-code', { email: 'c@notcampus.edu' });
    expect(lookalike.statusCode).toBe(400);
  });
});

describe('verify-code', () => {
  it('accepts the mailed code once and marks the address verified', async () => {
    const code = await sendCode('once@campus.edu');
    const ok = await post(t, 'verify-code', { email: 'once@campus.edu', code });
    expect(ok.statusCode).toBe(200);
    expect(body(ok)).toEqual({ success: true, msg: authMessages.verified });
    const [verified] = await t.app.db.select().from(emailVerifications).where(eq(emailVerifications.email, 'once@campus.edu'));
    expect(verified).toBeDefined();

    const reused = await post(t, 'verify-code', { email: 'once@campus.edu', code });
    expect(reused.statusCode).toBe(400);
    expect(body(reused)).toMatchObject({ success: false, msg: authMessages.invalidCode });
  });

  it('refuses a wrong code with "Invalid code."', async () => {
    const code = await sendCode('wrong@campus.edu');
    const response = await post(t, 'verify-code', { email: 'wrong@campus.edu', code: wrongCodeFor(code) });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ success: false, msg: 'Invalid code.', code: 'VALIDATION' });
    const [verified] = await t.app.db.select().from(emailVerifications).where(eq(emailVerifications.email, 'wrong@campus.edu'));
    expect(verified).toBeUndefined();
  });

  it('refuses anything but 6 digits', async () => {
    await sendCode('digits@campus.edu');
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const response = await post(t, 'verify-code', { email: 'digits@campus.edu', code });
      expect(body(response)).toMatchObject({ success: false, msg: validationMessages.enterSixDigits });
    }
  });

  it('refuses an expired code with a clear message', async () => {
    const code = await sendCode('late@campus.edu');
    clock.advance(10 * 60_000);
    const response = await post(t, 'verify-code', { email: 'late@campus.edu', code });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ success: false, msg: authMessages.codeExpired });
  });

  it('kills the code after 5 wrong tries: the 6th try is refused even with the right code', async () => {
    const email = 'guesser@campus.edu';
    const code = await sendCode(email);
    const wrong = wrongCodeFor(code);
    const messages: string[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      messages.push(body<{ msg: string }>(await post(t, 'verify-code', { email, code: wrong })).msg);
    }
    expect(messages).toEqual([...Array(4).fill(authMessages.invalidCode), authMessages.codeDead]);
    const sixth = await post(t, 'verify-code', { email, code });
    expect(sixth.statusCode).toBe(400);
    expect(body(sixth)).toMatchObject({ success: false, msg: authMessages.codeDead });
    const [row] = await t.app.db
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, 'register')));
    expect(row!.failedAttempts).toBe(5);

    clock.advance(60_000);
    const fresh = await sendCode(email);
    expect(body(await post(t, 'verify-code', { email, code: fresh }))).toMatchObject({ success: true });
  });

  it('lets only one of two simultaneous uses of a code succeed', async () => {
    const code = await sendCode('race@campus.edu');
    const answers = await Promise.all([
      post(t, 'verify-code', { email: 'race@campus.edu', code }),
      post(t, 'verify-code', { email: 'race@campus.edu', code }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a code for an address that was never sent one', async () => {
    const response = await post(t, 'verify-code', { email: 'stranger@campus.edu', code: '123456' });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ success: false, msg: authMessages.invalidCode });
  });
});

describe('where the code shows up besides the mail', () => {
  it('is never logged when mail really goes out', async () => {
    const info = vi.spyOn(t.app.log, 'info');
    try {
      const code = await sendCode('private@campus.edu');
      const logged = info.mock.calls.map((call) => format(...call));
      expect(logged.some((line) => line.includes(code))).toBe(false);
    } finally {
      info.mockRestore();
    }
  });

  it('is logged at info level in dev-outbox mode, so a newcomer can register without a mail server', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-outbox-'));
    const devApp = await createTestApp({
      mailer: createOutboxMailer(outboxDir, 'no-reply@campus.edu', pino({ level: 'silent' })),
    });
    const info = vi.spyOn(devApp.app.log, 'info');
    try {
      const response = await post(devApp, 'send-code', { email: 'newcomer@campus.edu' });
      expect(response.statusCode).toBe(200);
      await devApp.drainJobs();
      const [mailFile] = fs.readdirSync(outboxDir);
      const code = fs.readFileSync(path.join(outboxDir, mailFile!), 'utf8').match(/\b(\d{6})\b/)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const logged = info.mock.calls.map((call) => format(...call));
      expect(logged.some((line) => line.includes(code!) && line.includes('newcomer@campus.edu'))).toBe(true);
    } finally {
      info.mockRestore();
      await devApp.close();
      fs.rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});
