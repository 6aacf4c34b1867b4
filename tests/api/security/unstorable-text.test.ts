import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteMessages } from '#domain/site.messages.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import { buyRequests, products, users } from '#server/db/schema/index.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { bicycleFields, jpegPhoto, listingForm } from '../../support/photos.ts';
import { type TestApp, body, createTestApp, listFiles, sessionCookieFor } from '../../support/test-app.ts';

let t: TestApp;
let student: UserRow;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  student = await insertUser(t.app.db, { userName: 'bob', email: 'bob@campus.edu' });
  cookie = await sessionCookieFor(t, student.id);
});
afterAll(() => t.close());

const refusedAsNul = { success: false, msg: siteMessages.nulCharacter, code: 'VALIDATION' };

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL character in a search with 400, not a 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/products?q=a%00b', headers: { cookie } });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual(refusedAsNul);
  });

  it('refuses a NUL character in a JSON body, and stores nothing', async () => {
    const seller = await insertUser(t.app.db);
    const productId = await insertListing(t.app.db, { sellerId: seller.id });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/interested/mark-interested',
      headers: { cookie },
      payload: { productId, buyerMessage: 'hello\u0000world' },
    });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual(refusedAsNul);
    expect(await t.app.db.select().from(buyRequests)).toEqual([]);
  });

  it('refuses a NUL character in a signed-out login', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'a\u0000@campus.edu', password: 'campus-pass-1!' },
    });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual(refusedAsNul);
  });

  it('refuses a NUL character in a name on the profile, leaving it unchanged', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/editProfile/${student.id}`,
      headers: { cookie },
      payload: { userName: 'b\u0000ob' },
    });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual(refusedAsNul);
    const [stored] = await t.app.db
      .select({ userName: users.userName })
      .from(users)
      .where(sql`${users.id} = ${student.id}`);
    expect(stored?.userName).toBe('bob');
  });

  it('refuses a NUL character in a multipart field before any photo is stored', async () => {
    const before = (await t.app.db.select({ id: products.id }).from(products)).length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products/createProduct',
      headers: { cookie },
      payload: listingForm({ ...bicycleFields, title: 'Hero\u0000 cycle' }, [await jpegPhoto()]),
    });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual(refusedAsNul);
    expect((await t.app.db.select({ id: products.id }).from(products)).length).toBe(before);
    expect(listFiles(t.uploadsDir).filter((file) => file.includes('products'))).toEqual([]);
  });
});

describe('over-long login e-mail', () => {
  it('answers 400 with the e-mail message instead of failing on the rate-limit key', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: `${'a'.repeat(3000)}@campus.edu`, password: 'campus-pass-1!' },
    });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ success: false, msg: validationMessages.emailInvalid });
  });
});
