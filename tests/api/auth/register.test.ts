import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#domain/users/auth.messages.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import { verifyPassword } from '#server/auth/passwords.ts';
import { emailVerifications, sessions, users } from '#server/db/schema/index.ts';
import { insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, listFiles, storageKeyOf } from '../../support/test-app.ts';
import { STRONG_PASSWORD, jpegPhoto, postRegister, registerAccount, sessionCookieOf, verifyAddress } from './auth-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { adminEmails: ['dean@campus.edu'] } });
});
afterAll(() => t.close());

async function userRow(email: string) {
  const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('register', () => {
  it('creates the account, signs it in and answers as the spec reads it', async () => {
    const response = await registerAccount(t, 'Kavya.Rao@campus.edu', { phoneNumber: '+91 98765-43210' });
    expect(response.statusCode).toBe(201);
    const answer = body(response);
    expect(answer).toMatchObject({
      success: true,
      msg: 'Registration successful',
      user: {
        userName: 'kavya.rao',
        email: 'kavya.rao@campus.edu',
        phoneNumber: '9876543210',
        isAdmin: false,
        profilePicture: { url: 'http://localhost:3000/images/user-avatar.png' },
      },
    });
    const row = await userRow('kavya.rao@campus.edu');
    expect(row).toBeDefined();
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(row!.passwordHash, STRONG_PASSWORD)).toBe(true);

    const cookie = sessionCookieOf(response);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/check-auth', headers: { cookie } });
    expect(body(me)).toMatchObject({ success: true, user: { _id: row!.id, userId: row!.id, email: 'kavya.rao@campus.edu' } });
  });

  it('uses up the verification: the address has to be proven again for another try', async () => {
    await registerAccount(t, 'used-up@campus.edu');
    const [left] = await t.app.db.select().from(emailVerifications).where(eq(emailVerifications.email, 'used-up@campus.edu'));
    expect(left).toBeUndefined();
  });

  it('keeps a userName that was sent, and allows no phone', async () => {
    const response = await registerAccount(t, 'named@campus.edu', { userName: '  Named Person ', phoneNumber: '' });
    expect(body(response)).toMatchObject({ success: true, user: { userName: 'Named Person', phoneNumber: null } });
  });

  it('refuses an address that was not verified', async () => {
    const response = await postRegister(t, { email: 'unproven@campus.edu', password: STRONG_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ success: false, msg: 'Please verify your email first.' });
    expect(await userRow('unproven@campus.edu')).toBeUndefined();
  });

  it('refuses a weak password with the spec message', async () => {
    await verifyAddress(t, 'weak@campus.edu');
    for (const password of ['short1!', 'nodigits!!', 'nosymbol123', 'ALLCAPS123!']) {
      const response = await postRegister(t, { email: 'weak@campus.edu', password });
      expect(response.statusCode).toBe(400);
      expect(body(response)).toMatchObject({ success: false, msg: validationMessages.passwordWeak });
    }
    expect(await userRow('weak@campus.edu')).toBeUndefined();
  });

  it('refuses one of the most common passwords even when it passes the rules', async () => {
    await verifyAddress(t, 'common@campus.edu');
    const response = await postRegister(t, { email: 'common@campus.edu', password: 'P@ssw0rd' });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ success: false, msg: validationMessages.passwordTooCommon });
  });

  it('accepts a long passphrase whole, never truncated', async () => {
    const passphrase = `${'correct horse battery staple '.repeat(3)}9!`;
    expect(passphrase.length).toBeGreaterThanOrEqual(64);
    const response = await registerAccount(t, 'passphrase@campus.edu', { password: passphrase });
    expect(response.statusCode).toBe(201);
    const row = await userRow('passphrase@campus.edu');
    expect(await verifyPassword(row!.passwordHash, passphrase)).toBe(true);
    expect(await verifyPassword(row!.passwordHash, passphrase.slice(0, 72))).toBe(false);
  });

  it('refuses a phone number that is not an Indian mobile', async () => {
    await verifyAddress(t, 'phone@campus.edu');
    for (const phoneNumber of ['12345', '5876543210', '+44 7911 123456', '98765432101']) {
      const response = await postRegister(t, { email: 'phone@campus.edu', password: STRONG_PASSWORD, phoneNumber });
      expect(response.statusCode).toBe(400);
      expect(body(response)).toMatchObject({ success: false, msg: validationMessages.phoneInvalid });
    }
  });

  it('refuses a missing or malformed e-mail', async () => {
    const missing = await postRegister(t, { password: STRONG_PASSWORD });
    expect(body(missing)).toMatchObject({ success: false, msg: validationMessages.emailRequired });
    const malformed = await postRegister(t, { email: 'nope', password: STRONG_PASSWORD });
    expect(body(malformed)).toMatchObject({ success: false, msg: validationMessages.emailInvalid });
  });

  it('refuses a second account for the same e-mail with 409', async () => {
    await insertUser(t.app.db, { email: 'twice@campus.edu' });
    const response = await postRegister(t, { email: 'twice@campus.edu', password: STRONG_PASSWORD });
    expect(response.statusCode).toBe(409);
    expect(body(response)).toMatchObject({ success: false, msg: 'User Already Exists' });
  });

  it('makes exactly one account out of two simultaneous registrations', async () => {
    await verifyAddress(t, 'racer@campus.edu');
    const fields = { email: 'racer@campus.edu', password: STRONG_PASSWORD };
    const answers = await Promise.all([postRegister(t, fields), postRegister(t, fields)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409)!;
    expect(body(loser)).toMatchObject({ success: false, msg: 'User Already Exists' });
    const rows = await t.app.db.select().from(users).where(eq(users.email, 'racer@campus.edu'));
    expect(rows).toHaveLength(1);
    const sessionRows = await t.app.db.select().from(sessions).where(eq(sessions.userId, rows[0]!.id));
    expect(sessionRows).toHaveLength(1);
  });

  it('ignores isAdmin sent by the client', async () => {
    const response = await registerAccount(t, 'sneaky@campus.edu', { isAdmin: 'true' });
    expect(body(response)).toMatchObject({ success: true, user: { isAdmin: false } });
    expect((await userRow('sneaky@campus.edu'))!.isAdmin).toBe(false);
  });

  it('makes an account in ADMIN_EMAILS an admin', async () => {
    const response = await registerAccount(t, 'Dean@campus.edu');
    expect(body(response)).toMatchObject({ success: true, user: { isAdmin: true } });
    expect((await userRow('dean@campus.edu'))!.isAdmin).toBe(true);
  });

  it('also takes the fields as JSON, for clients that send no photo', async () => {
    await verifyAddress(t, 'json@campus.edu');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email: 'json@campus.edu', password: STRONG_PASSWORD, isAdmin: true },
    });
    expect(response.statusCode).toBe(201);
    expect(body(response)).toMatchObject({ success: true, user: { email: 'json@campus.edu', isAdmin: false } });
  });
});

describe('register with a profile photo', () => {
  it('stores the photo as a 512 px WebP without its metadata', async () => {
    const response = await registerAccount(t, 'photo@campus.edu', {}, { data: await jpegPhoto() });
    expect(response.statusCode).toBe(201);
    const url = body<{ user: { profilePicture: { url: string } } }>(response).user.profilePicture.url;
    expect(url).toMatch(/^http:\/\/localhost:3000\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);
    const file = path.join(t.uploadsDir, storageKeyOf(url));
    const stored = fs.readFileSync(file);
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('Secret Camera Owner'))).toBe(false);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
  });

  it('refuses a file that is not an image and leaves no account or file behind', async () => {
    const before = listFiles(t.uploadsDir);
    await verifyAddress(t, 'notimage@campus.edu');
    const response = await postRegister(
      t,
      { email: 'notimage@campus.edu', password: STRONG_PASSWORD },
      { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), filename: 'me.svg', contentType: 'image/svg+xml' },
    );
    expect(response.statusCode).toBe(415);
    expect(body(response)).toMatchObject({ success: false, msg: productMessages.imageUnreadable });
    expect(await userRow('notimage@campus.edu')).toBeUndefined();
    expect(listFiles(t.uploadsDir)).toEqual(before);
  });

  it('refuses a photo over 5 MB', async () => {
    await verifyAddress(t, 'huge@campus.edu');
    const response = await postRegister(
      t,
      { email: 'huge@campus.edu', password: STRONG_PASSWORD },
      { data: Buffer.alloc(5 * 1024 * 1024 + 1, 1) },
    );
    expect(response.statusCode).toBe(413);
    expect(body(response)).toMatchObject({ success: false, msg: authMessages.profilePhotoTooLarge });
    expect(await userRow('huge@campus.edu')).toBeUndefined();
  });

  it('removes the stored photo again when the account cannot be created', async () => {
    // A unique violation inside the transaction, after the photo was stored: what the losing
    // side of a registration race meets on PostgreSQL.
    await t.app.db.execute(sql`
      create function refuse_clash() returns trigger language plpgsql as $$
      begin
        if new.email = 'clash@campus.edu' then raise exception 'clash' using errcode = '23505'; end if;
        return new;
      end $$`);
    await t.app.db.execute(sql`create trigger refuse_clash before insert on users for each row execute function refuse_clash()`);
    await verifyAddress(t, 'clash@campus.edu');
    const before = listFiles(t.uploadsDir);
    const response = await postRegister(
      t,
      { email: 'clash@campus.edu', password: STRONG_PASSWORD },
      { data: await jpegPhoto(200, 200) },
    );
    expect(response.statusCode).toBe(409);
    expect(body(response)).toMatchObject({ success: false, msg: authMessages.userExists });
    expect(listFiles(t.uploadsDir)).toEqual(before);
    const [verification] = await t.app.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.email, 'clash@campus.edu'));
    expect(verification).toBeDefined();
  });

  it('keeps exactly one photo when two registrations with photos race', async () => {
    await verifyAddress(t, 'photo-race@campus.edu');
    const before = listFiles(t.uploadsDir).length;
    const fields = { email: 'photo-race@campus.edu', password: STRONG_PASSWORD };
    const photo = { data: await jpegPhoto(300, 300) };
    const answers = await Promise.all([postRegister(t, fields, photo), postRegister(t, fields, photo)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(listFiles(t.uploadsDir).length).toBe(before + 1);
  });

  it('treats an empty file part (no file chosen) as no photo', async () => {
    const response = await registerAccount(t, 'nofile@campus.edu', {}, { data: Buffer.alloc(0), filename: '' });
    expect(response.statusCode).toBe(201);
    expect(body(response)).toMatchObject({ user: { profilePicture: { url: 'http://localhost:3000/images/user-avatar.png' } } });
  });
});
