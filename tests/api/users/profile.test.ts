import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#domain/users/auth.messages.ts';
import { profileMessages } from '#domain/users/profile.messages.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import { users } from '#server/db/schema/index.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, listFiles, sessionCookieFor, storageKeyOf } from '../../support/test-app.ts';
import { jpegPhoto, pngPhoto } from '../../support/photos.ts';
import { photoForm } from './fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function storedUser(id: string) {
  const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function profileOf(id: string, viewerId: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/users/userProfile/${id}`,
    headers: { cookie: await sessionCookieFor(t, viewerId) },
  });
}

describe('GET /users/userProfile/{id}', () => {
  it("shows a seller's public profile to a signed-in user, with their contact and without secrets", async () => {
    const seller = await insertUser(t.app.db, {
      email: 'kavya@campus.edu',
      userName: 'kavya',
      phoneNumber: '9123456780',
      gender: 'Female',
    });
    await insertListing(t.app.db, { sellerId: seller.id });
    const viewer = await insertUser(t.app.db);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/userProfile/${seller.id}`,
      headers: { cookie: await sessionCookieFor(t, viewer.id) },
    });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({
      success: true,
      user: {
        _id: seller.id,
        userName: 'kavya',
        email: 'kavya@campus.edu',
        phoneNumber: '9123456780',
        gender: 'Female',
        profilePicture: { url: 'http://localhost:3000/images/user-avatar.png' },
        createdAt: seller.createdAt.toISOString(),
      },
    });
    expect(response.body).not.toMatch(/password|isAdmin|session|token/i);
  });

  it.each([
    ['a buyer who never listed anything', 'quiet-buyer@campus.edu', false],
    ['an admin', 'quiet-admin@campus.edu', true],
  ])('keeps the e-mail and phone of %s private', async (_who, email, isAdmin) => {
    const quiet = await insertUser(t.app.db, { email, phoneNumber: '9000000001', isAdmin });
    const viewer = await insertUser(t.app.db);
    const response = await profileOf(quiet.id, viewer.id);
    expect(response.statusCode).toBe(200);
    expect(body(response).user).toMatchObject({ _id: quiet.id, userName: quiet.userName, email: null, phoneNumber: null });
    expect(response.body).not.toContain(email);
    expect(response.body).not.toContain('9000000001');
  });

  it('shows the contact of a seller whose every listing is sold', async () => {
    const seller = await insertUser(t.app.db, { email: 'sold-out@campus.edu', phoneNumber: '9000000002' });
    await insertListing(t.app.db, { sellerId: seller.id, soldOut: true });
    const response = await profileOf(seller.id, (await insertUser(t.app.db)).id);
    expect(body(response).user).toMatchObject({ email: 'sold-out@campus.edu', phoneNumber: '9000000002' });
  });

  it('shows callers their own contact', async () => {
    const me = await insertUser(t.app.db, { email: 'just-me@campus.edu', phoneNumber: '9000000003' });
    const response = await profileOf(me.id, me.id);
    expect(body(response).user).toMatchObject({ email: 'just-me@campus.edu', phoneNumber: '9000000003' });
  });

  it("answers 404 'User not found' for an unknown or malformed id", async () => {
    const viewer = await insertUser(t.app.db);
    const cookie = await sessionCookieFor(t, viewer.id);
    for (const id of ['6f1c1b1e-1111-4111-8111-111111111111', 'not-a-uuid']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/users/userProfile/${id}`, headers: { cookie } });
      expect(response.statusCode).toBe(404);
      expect(body(response)).toEqual({ success: false, msg: profileMessages.notFound, code: 'NOT_FOUND' });
    }
  });

  it('is for signed-in users only', async () => {
    const seller = await insertUser(t.app.db);
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/users/userProfile/${seller.id}` });
    expect(response.statusCode).toBe(401);
    expect(body(response).msg).toBe(authMessages.notLoggedIn);
  });
});

describe('PATCH /users/editProfile/{userId}', () => {
  it('updates name, phone and gender of the caller and answers the fresh session user', async () => {
    const user = await insertUser(t.app.db, { email: 'rohan@campus.edu', userName: 'rohan', phoneNumber: null });
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/editProfile/${user.id}`,
      headers: { cookie: await sessionCookieFor(t, user.id) },
      payload: { userName: '  Rohan Mehta ', phoneNumber: '+91 98765 43210', gender: 'Male', email: 'rohan@campus.edu' },
    });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toMatchObject({
      success: true,
      msg: profileMessages.updated,
      user: { _id: user.id, userName: 'Rohan Mehta', phoneNumber: '9876543210', gender: 'Male', email: 'rohan@campus.edu' },
    });
    const stored = await storedUser(user.id);
    expect(stored).toMatchObject({ userName: 'Rohan Mehta', phoneNumber: '9876543210', gender: 'Male' });
    expect(stored.updatedAt.getTime()).toBeGreaterThanOrEqual(user.updatedAt.getTime());
  });

  it('clears the phone when it is sent blank and leaves fields that are not sent alone', async () => {
    const user = await insertUser(t.app.db, { userName: 'ishita', phoneNumber: '9876543210', gender: 'Female' });
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/editProfile/${user.id}`,
      headers: { cookie: await sessionCookieFor(t, user.id) },
      payload: { phoneNumber: '' },
    });
    expect(response.statusCode).toBe(200);
    expect(await storedUser(user.id)).toMatchObject({ userName: 'ishita', phoneNumber: null, gender: 'Female' });
  });

  it("refuses a different e-mail with 'Email cannot be changed' and changes nothing", async () => {
    const user = await insertUser(t.app.db, { email: 'neha@campus.edu', userName: 'neha' });
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/editProfile/${user.id}`,
      headers: { cookie: await sessionCookieFor(t, user.id) },
      payload: { userName: 'Someone Else', email: 'other@campus.edu' },
    });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ success: false, msg: validationMessages.emailCannotChange, code: 'VALIDATION' });
    expect(await storedUser(user.id)).toMatchObject({ email: 'neha@campus.edu', userName: 'neha' });
  });

  it('accepts the same e-mail written in another case', async () => {
    const user = await insertUser(t.app.db, { email: 'arjun@campus.edu' });
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/editProfile/${user.id}`,
      headers: { cookie: await sessionCookieFor(t, user.id) },
      payload: { email: ' Arjun@Campus.edu ', gender: 'Male' },
    });
    expect(response.statusCode).toBe(200);
  });

  it("refuses another user's profile with 403 and leaves it untouched", async () => {
    const victim = await insertUser(t.app.db, { userName: 'victim' });
    const attacker = await insertUser(t.app.db);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/editProfile/${victim.id}`,
      headers: { cookie: await sessionCookieFor(t, attacker.id) },
      payload: { userName: 'pwned' },
    });
    expect(response.statusCode).toBe(403);
    expect(body(response)).toEqual({ success: false, msg: authMessages.onlyOwnAccount, code: 'FORBIDDEN' });
    expect((await storedUser(victim.id)).userName).toBe('victim');
  });

  it.each([
    [{ phoneNumber: '12345' }, validationMessages.phoneInvalid],
    [{ gender: 'Other' }, validationMessages.genderInvalid],
    [{ userName: '   ' }, validationMessages.userNameInvalid],
    [{ userName: 'x'.repeat(61) }, validationMessages.userNameInvalid],
  ])('validates %o with the spec message', async (payload, msg) => {
    const user = await insertUser(t.app.db);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/editProfile/${user.id}`,
      headers: { cookie: await sessionCookieFor(t, user.id) },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(body(response).msg).toBe(msg);
  });

  it('never writes fields the form does not own (isAdmin)', async () => {
    const user = await insertUser(t.app.db);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/editProfile/${user.id}`,
      headers: { cookie: await sessionCookieFor(t, user.id) },
      payload: { userName: 'climber', isAdmin: true, passwordHash: 'x' },
    });
    expect(response.statusCode).toBe(200);
    const stored = await storedUser(user.id);
    expect(stored.isAdmin).toBe(false);
    expect(stored.passwordHash).toBe(user.passwordHash);
  });
});

describe('PATCH /users/profilePicture/{userId}', () => {
  function uploadPhoto(userId: string, cookie: string, data: Buffer, type = 'image/png') {
    return t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/profilePicture/${userId}`,
      headers: { cookie },
      payload: photoForm({ data, name: 'me.png', type }),
    });
  }

  it('stores a new WebP photo under a new key and removes the old file', async () => {
    const user = await insertUser(t.app.db);
    const cookie = await sessionCookieFor(t, user.id);
    const filesBefore = listFiles(t.uploadsDir);
    const first = await uploadPhoto(user.id, cookie, await pngPhoto({ width: 900, height: 900 }));
    expect(first.statusCode).toBe(200);
    const firstUrl = body<{ user: { profilePicture: { url: string } } }>(first).user.profilePicture.url;
    expect(body(first)).toMatchObject({ success: true, msg: profileMessages.photoUpdated });
    expect(firstUrl).toMatch(/^http:\/\/localhost:3000\/uploads\/avatars\/[0-9a-f-]+\.webp$/);
    expect(listFiles(t.uploadsDir)).toEqual([...filesBefore, storageKeyOf(firstUrl)].sort());

    const second = await uploadPhoto(user.id, cookie, await jpegPhoto(), 'image/jpeg');
    expect(second.statusCode).toBe(200);
    const secondUrl = body<{ user: { profilePicture: { url: string } } }>(second).user.profilePicture.url;
    expect(secondUrl).not.toBe(firstUrl);
    const secondKey = storageKeyOf(secondUrl);
    expect(listFiles(t.uploadsDir)).toEqual([...filesBefore, secondKey].sort());
    expect((await storedUser(user.id)).profilePictureKey).toBe(secondKey);

    const served = await t.app.inject({ method: 'GET', url: new URL(secondUrl).pathname });
    expect(served.statusCode).toBe(200);
  });

  it('refuses something that is not a picture with 415 and stores nothing', async () => {
    const user = await insertUser(t.app.db);
    const filesBefore = listFiles(t.uploadsDir);
    const response = await uploadPhoto(user.id, await sessionCookieFor(t, user.id), Buffer.from('<svg onload=alert(1)>'));
    expect(response.statusCode).toBe(415);
    expect(listFiles(t.uploadsDir)).toEqual(filesBefore);
    expect((await storedUser(user.id)).profilePictureKey).toBeNull();
  });

  it('refuses a photo over 5 MB with 413', async () => {
    const user = await insertUser(t.app.db);
    const response = await uploadPhoto(user.id, await sessionCookieFor(t, user.id), Buffer.alloc(5 * 1024 * 1024 + 1));
    expect(response.statusCode).toBe(413);
    expect(body(response).msg).toBe(authMessages.profilePhotoTooLarge);
  });

  it('asks for a photo when none is sent', async () => {
    const user = await insertUser(t.app.db);
    const form = new FormData();
    form.append('note', 'no file');
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/profilePicture/${user.id}`,
      headers: { cookie: await sessionCookieFor(t, user.id) },
      payload: form,
    });
    expect(response.statusCode).toBe(400);
    expect(body(response).msg).toBe(profileMessages.photoRequired);
  });

  it("refuses to change another user's photo with 403", async () => {
    const victim = await insertUser(t.app.db);
    const attacker = await insertUser(t.app.db);
    const filesBefore = listFiles(t.uploadsDir);
    const response = await uploadPhoto(victim.id, await sessionCookieFor(t, attacker.id), await pngPhoto());
    expect(response.statusCode).toBe(403);
    expect((await storedUser(victim.id)).profilePictureKey).toBeNull();
    expect(listFiles(t.uploadsDir)).toEqual(filesBefore);
  });
});
