import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteMessages } from '#domain/site.messages.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { bicycleFields, jpegPhoto, listingForm } from '../../support/photos.ts';
import { type TestApp, body, createTestApp, listFiles, sessionCookieFor } from '../../support/test-app.ts';

let t: TestApp;
let seller: UserRow;
let cookie: string;
let listingId: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await insertUser(t.app.db);
  cookie = await sessionCookieFor(t, seller.id);
  listingId = await insertListing(t.app.db, { sellerId: seller.id });
});
afterAll(() => t.close());

/** A real form cut off halfway, as a dropped connection or a hostile client leaves it. */
async function truncatedForm() {
  const request = new Request('http://localhost/', { method: 'POST', body: listingForm(bicycleFields, [await jpegPhoto()]) });
  const whole = Buffer.from(await request.arrayBuffer());
  return { payload: whole.subarray(0, Math.floor(whole.length / 2)), contentType: request.headers.get('content-type')! };
}

const GARBAGE = [
  ['a body that is not multipart at all', async () => ({ payload: 'hello', contentType: 'multipart/form-data; boundary=----x' })],
  [
    'a body whose boundary differs from the header',
    async () => ({
      payload: '------other\r\nContent-Disposition: form-data; name="title"\r\n\r\nbike\r\n------other--\r\n',
      contentType: 'multipart/form-data; boundary=----x',
    }),
  ],
  ['a content type without a boundary', async () => ({ payload: 'anything', contentType: 'multipart/form-data' })],
  ['a form cut off halfway', truncatedForm],
] as const;

/** The three multipart calls: the register form, the sell/edit form and the profile photo. */
const ROUTES = [
  { name: 'register', method: 'POST', url: () => '/api/v1/auth/register', signedIn: false },
  { name: 'createProduct', method: 'POST', url: () => '/api/v1/products/createProduct', signedIn: true },
  { name: 'edit', method: 'PATCH', url: () => `/api/v1/products/edit/${listingId}`, signedIn: true },
  { name: 'profilePicture', method: 'PATCH', url: () => `/api/v1/users/profilePicture/${seller.id}`, signedIn: true },
] as const;

function expectClearRefusal(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(400);
  expect(body(response)).toEqual({ success: false, msg: siteMessages.malformedUpload, code: 'VALIDATION' });
}

describe('malformed multipart bodies', () => {
  for (const route of ROUTES) {
    it.each(GARBAGE)(`answers ${route.name} with 400 for %s`, async (_what, make) => {
      const { payload, contentType } = await make();
      const response = await t.app.inject({
        method: route.method,
        url: route.url(),
        payload,
        headers: { 'content-type': contentType, ...(route.signedIn ? { cookie } : {}) },
      });
      expectClearRefusal(response);
    });
  }

  it.each(['register', 'profilePicture'])('answers %s with 413 rather than 500 when it brings a second photo', async (name) => {
    const route = ROUTES.find((candidate) => candidate.name === name)!;
    const response = await t.app.inject({
      method: route.method,
      url: route.url(),
      payload: listingForm({ email: 'two-faces@campus.edu' }, [await jpegPhoto(), await jpegPhoto()]),
      headers: route.signedIn ? { cookie } : {},
    });
    expect(response.statusCode).toBe(413);
    expect(body(response)).toEqual({ success: false, msg: siteMessages.payloadTooLarge, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('stores nothing for them', () => {
    expect(listFiles(t.uploadsDir)).toEqual([]);
  });
});
