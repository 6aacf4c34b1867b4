import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '#server/mail/mailer.ts';
import { type TestSmtpServer, headerOf, startSmtpServer } from '../../support/smtp-server.ts';
import { type TestApp, body, createTestApp } from '../../support/test-app.ts';
import { post } from './auth-helpers.ts';

let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    config: {
      publicUrl: 'https://market.campus.edu',
      contactEmail: 'help@campus.edu',
      mailFrom: 'Campus Market <no-reply@campus.edu>',
    },
    mailer: createSmtpMailer(smtp.url, 'Campus Market <no-reply@campus.edu>'),
  });
});
afterAll(async () => {
  await t?.close();
  await smtp.close();
});

describe('the code mail through a real SMTP server', () => {
  it('has a plain-text and an HTML part naming the site, its address, the code and its 10-minute expiry', async () => {
    const response = await post(t, 'send-code', { email: 'inbox@campus.edu' });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toMatchObject({ success: true, msg: 'OTP sent to your email.' });

    // Queued, then sent by a worker woken at once: seconds at most, even on a busy machine.
    await expect.poll(() => smtp.received.length, { timeout: 5000 }).toBe(1);
    const mail = smtp.received[0]!;
    expect(mail.from?.text).toBe('"Campus Market" <no-reply@campus.edu>');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('inbox@campus.edu');
    expect(mail.subject).toBe('Your Campus Market verification code');
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@campus\.edu>$/);

    const code = mail.text?.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    for (const part of [mail.text ?? '', String(mail.html)]) {
      expect(part).toContain('Campus Market');
      expect(part).toContain('https://market.campus.edu');
      expect(part).toContain('10 minutes');
      expect(part).toContain(code!);
      expect(part).toContain('help@campus.edu');
    }
    // A security mail always goes: nothing to unsubscribe from.
    expect(headerOf(mail, 'List-Unsubscribe')).toBe('');
    expect(String(mail.html)).not.toContain('Unsubscribe');

    const verified = await post(t, 'verify-code', { email: 'inbox@campus.edu', code: code! });
    expect(body(verified)).toMatchObject({ success: true });
  });

  it('answers at once when the mail server is gone, and delivers the code when it is back', async () => {
    const down = await startSmtpServer();
    const port = down.port;
    await down.close();
    const offline = await createTestApp({ mailer: createSmtpMailer(`smtp://127.0.0.1:${port}`, 'no-reply@campus.edu') });
    let back: TestSmtpServer | undefined;
    try {
      const started = Date.now();
      const response = await post(offline, 'send-code', { email: 'offline@campus.edu' });
      expect(response.statusCode).toBe(200);
      expect(body(response)).toMatchObject({ success: true, msg: 'OTP sent to your email.' });
      // It answered while the server is still down: a request that waited on delivery would hang
      // until the server came back. The bound only keeps a slow retry loop out (CI machines are busy).
      expect(Date.now() - started).toBeLessThan(5000);

      back = await startSmtpServer({ port });
      await expect.poll(() => back!.received.length, { timeout: 15_000, interval: 100 }).toBe(1);
      const code = back.received[0]!.text?.match(/\b(\d{6})\b/)?.[1];
      const verified = await post(offline, 'verify-code', { email: 'offline@campus.edu', code: code! });
      expect(body(verified)).toMatchObject({ success: true });
    } finally {
      await offline.close();
      await back?.close();
    }
  });
});
