import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '#server/mail/mailer.ts';
import { type TestApp, body, createTestApp } from '../../support/test-app.ts';
import { post } from './auth-helpers.ts';

/** A real SMTP server in the test process, keeping what it receives. */
function startSmtpServer(received: ParsedMail[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

const received: ParsedMail[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer(received);
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    mailer: createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Campus Market <no-reply@campus.edu>'),
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('the code mail through a real SMTP server', () => {
  it('has a plain-text and an HTML part naming the product, the code and its 10-minute expiry', async () => {
    const response = await post(t, 'send-code', { email: 'inbox@campus.edu' });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toMatchObject({ success: true, msg: 'OTP sent to your email.' });

    await expect.poll(() => received.length).toBe(1);
    const mail = received[0]!;
    expect(mail.from?.text).toBe('"Campus Market" <no-reply@campus.edu>');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('inbox@campus.edu');
    expect(mail.subject).toBe('Your Campus Market verification code');

    const code = mail.text?.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('Campus Market');
    expect(mail.text).toContain('10 minutes');

    expect(mail.html).toBeTruthy();
    const html = String(mail.html);
    expect(html).toContain('Campus Market');
    expect(html).toContain(code!);
    expect(html).toContain('10 minutes');

    const verified = await post(t, 'verify-code', { email: 'inbox@campus.edu', code: code! });
    expect(body(verified)).toMatchObject({ success: true });
  });

  it('answers "Failed to send OTP. Try again." when the mail server is gone, and lets the student retry at once', async () => {
    const offline = await createTestApp({ mailer: createSmtpMailer('smtp://127.0.0.1:9', 'no-reply@campus.edu') });
    try {
      const response = await post(offline, 'send-code', { email: 'offline@campus.edu' });
      expect(response.statusCode).toBe(503);
      expect(body(response)).toMatchObject({ success: false, msg: 'Failed to send OTP. Try again.' });
      const retry = await post(offline, 'send-code', { email: 'offline@campus.edu' });
      expect(retry.statusCode).toBe(503);
    } finally {
      await offline.close();
    }
  });
});
