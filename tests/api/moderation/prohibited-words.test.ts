import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationMessages } from '#domain/moderation/moderation.messages.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { bicycleFields, jpegPhoto, listingForm } from '../../support/photos.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { auditRows, moderationCalls } from './moderation-calls.ts';

let t: TestApp;
let calls: ReturnType<typeof moderationCalls>;
let seller: UserRow;
let sellerCookie: string;
let buyerCookie: string;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  calls = moderationCalls(t);
  seller = await insertUser(t.app.db, { userName: 'ravi', email: 'ravi@campus.edu' });
  sellerCookie = await sessionCookieFor(t, seller.id);
  const buyer = await insertUser(t.app.db, { userName: 'meera', email: 'meera@campus.edu' });
  buyerCookie = await sessionCookieFor(t, buyer.id);
  const admin = await insertUser(t.app.db, { userName: 'admin', email: 'admin@campus.edu', isAdmin: true });
  adminCookie = await sessionCookieFor(t, admin.id);
  await calls.addWord(adminCookie, 'Crédit');
  await calls.addWord(adminCookie, 'ganja');
});
afterAll(() => t.close());

const sell = async (fields: Record<string, string | number>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/products/createProduct',
    headers: { cookie: sellerCookie },
    payload: listingForm({ ...bicycleFields, ...fields }, [await jpegPhoto()]),
  });

describe('the prohibited words list', () => {
  it('is managed by admins, stored without case or accents, and audited', async () => {
    const list = body<{ words: { word: string }[] }>(await calls.words(adminCookie));
    expect(list.words.map((w) => w.word)).toEqual(['credit', 'ganja']);
    expect((await calls.addWord(adminCookie, 'CREDIT')).statusCode).toBe(409);
    expect((await calls.addWord(adminCookie, 'two words')).statusCode).toBe(400);
    expect((await calls.addWord(adminCookie, 'temp')).statusCode).toBe(201);
    expect((await calls.removeWord(adminCookie, 'temp')).statusCode).toBe(200);
    expect((await calls.removeWord(adminCookie, 'temp')).statusCode).toBe(404);
    const actions = (await auditRows(t)).map((row) => `${row.action}:${row.targetId}`);
    expect(actions).toEqual(expect.arrayContaining(['prohibited-word.add:temp', 'prohibited-word.remove:temp']));
  });
});

describe('checking texts', () => {
  it('refuses a word at once after an admin adds it, and allows it again at once after they remove it, though the list was just read', async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id, title: 'Mini fridge' });
    const ask = (buyerMessage: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/interested/mark-interested',
        headers: { cookie: buyerCookie },
        payload: { productId, buyerMessage },
      });
    expect((await ask('Can I pay in zorblax?')).statusCode).toBe(200);
    expect((await calls.addWord(adminCookie, 'zorblax')).statusCode).toBe(201);
    const refused = await ask('Zorblax then?');
    expect(refused.statusCode).toBe(400);
    expect(body(refused).msg).toBe(moderationMessages.prohibitedWord);
    expect((await calls.removeWord(adminCookie, 'zorblax')).statusCode).toBe(200);
    expect((await ask('Zorblax after all?')).statusCode).toBe(200);
  });

  it("refuses a listing whose title holds a prohibited word, whatever its case and accents: 'This text contains a word that is not allowed here.'", async () => {
    const response = await sell({ title: 'Easy CREDIT for students' });
    expect(response.statusCode).toBe(400);
    expect(body(response).msg).toBe('This text contains a word that is not allowed here.');
    expect((await sell({ title: 'Easy crédit' })).statusCode).toBe(400);
  });

  it('refuses one in the description', async () => {
    const response = await sell({ description: 'Also selling some Ganja, ask me.' });
    expect(response.statusCode).toBe(400);
    expect(body(response).msg).toBe(moderationMessages.prohibitedWord);
  });

  it('matches whole words only', async () => {
    expect((await sell({ title: 'Creditable lamp', description: 'A creditworthy deal' })).statusCode).toBe(201);
  });

  it('refuses an edit that adds one', async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id, title: 'Lamp' });
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/edit/${productId}`,
      headers: { cookie: sellerCookie },
      payload: listingForm({ ...bicycleFields, title: 'Lamp on credit' }),
    });
    expect(response.statusCode).toBe(400);
    expect(body(response).msg).toBe(moderationMessages.prohibitedWord);
  });

  it("refuses a buy request's message holding one", async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id, title: 'Kettle' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/interested/mark-interested',
      headers: { cookie: buyerCookie },
      payload: { productId, buyerMessage: 'Can I pay with ganja?' },
    });
    expect(response.statusCode).toBe(400);
    expect(body(response).msg).toBe(moderationMessages.prohibitedWord);
  });

  it('refuses a message holding one, the first of a conversation and a later one alike, and stores neither', async () => {
    const productId = await insertListing(t.app.db, { sellerId: seller.id, title: 'Desk lamp' });
    const send = (url: string, payload: Record<string, string>) =>
      t.app.inject({ method: 'POST', url, headers: { cookie: buyerCookie }, payload });

    const opening = await send('/api/v1/conversations', { productId, body: 'Will you take CREDIT?' });
    expect(opening.statusCode).toBe(400);
    expect(body(opening).msg).toBe(moderationMessages.prohibitedWord);

    const started = await send('/api/v1/conversations', { productId, body: 'Is it still available?' });
    expect(started.statusCode).toBe(201);
    const conversationId = (started.json() as { conversation: { _id: string } }).conversation._id;
    const later = await send(`/api/v1/conversations/${conversationId}/messages`, { body: 'or some Ganja' });
    expect(later.statusCode).toBe(400);
    expect(body(later).msg).toBe(moderationMessages.prohibitedWord);

    const page = await t.app.inject({
      method: 'GET',
      url: `/api/v1/conversations/${conversationId}/messages`,
      headers: { cookie: buyerCookie },
    });
    expect((page.json() as { messages: { body: string }[] }).messages.map((message) => message.body)).toEqual([
      'Is it still available?',
    ]);
  });
});

describe('new listings per day', () => {
  it('allows 20 new listings a day and refuses the 21st with a clear 429', async () => {
    const student = await insertUser(t.app.db, { userName: 'busy', email: 'busy@campus.edu' });
    const cookie = await sessionCookieFor(t, student.id);
    const photo = await jpegPhoto();
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/products/createProduct',
        headers: { cookie },
        payload: listingForm(bicycleFields, [photo]),
      });
    for (let index = 0; index < 20; index++) expect((await post()).statusCode).toBe(201);
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(body(refused).msg).toMatch(/^You can post at most 20 listings a day\. Try again in \d+ hour\(s\)\.$/);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
