import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { MailMessage } from '#server/mail/mailer.ts';
import type { TestApp } from '../../support/test-app.ts';

/** A strong, uncommon password that passes every rule. */
export const STRONG_PASSWORD = 'maple-Desk-42!';

export function post(
  t: TestApp,
  path: string,
  payload?: Record<string, unknown>,
  options: { cookie?: string; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/auth/${path}`,
    ...(payload ? { payload } : {}),
    headers: options.cookie ? { cookie: options.cookie } : {},
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** The 6-digit code of a mail, read from its plain-text part. */
export function codeIn(mail: MailMessage | undefined): string {
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('no code in the mail');
  return code;
}

/** The latest mail to an address, once every queued mail has been delivered. */
export async function lastMailTo(t: TestApp, email: string): Promise<MailMessage | undefined> {
  await t.drainJobs();
  return t.mailer.sent.filter((mail) => mail.to === email.toLowerCase()).at(-1);
}

/** Sends a registration code and enters it, so the address may register. */
export async function verifyAddress(t: TestApp, email: string): Promise<void> {
  const sent = await post(t, 'send-code', { email });
  expect(sent.statusCode).toBe(200);
  const verified = await post(t, 'verify-code', { email, code: codeIn(await lastMailTo(t, email)) });
  expect(verified.statusCode).toBe(200);
}

export interface Photo {
  data: Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart body as a browser's FormData would send it. */
export async function multipart(fields: Record<string, string>, photo?: Photo) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (photo) {
    form.append(
      'images',
      new Blob([new Uint8Array(photo.data)], { type: photo.contentType ?? 'image/jpeg' }),
      photo.filename ?? 'me.jpg',
    );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

export async function postRegister(
  t: TestApp,
  fields: Record<string, string>,
  photo?: Photo,
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  const { payload, headers } = await multipart(fields, photo);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload,
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** Verifies the address and registers it with the given fields (email and a strong password by default). */
export async function registerAccount(t: TestApp, email: string, fields: Record<string, string> = {}, photo?: Photo) {
  await verifyAddress(t, email);
  return postRegister(t, { email, password: STRONG_PASSWORD, phoneNumber: '9876543210', ...fields }, photo);
}

/** The session cookie a response set, as a request header value. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const header = [response.headers['set-cookie'] ?? []].flat().find((cookie) => cookie.includes('cm_session='));
  if (!header) throw new Error('no session cookie was set');
  return header.split(';')[0]!;
}

export function jpegPhoto(width = 900, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#4f46e5' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'Secret Camera Owner', Artist: 'GPS Tracker' } } })
    .toBuffer();
}
