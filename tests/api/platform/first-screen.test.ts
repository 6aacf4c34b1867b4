import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_ANSWERS_ID } from '#domain/first-screen.ts';
import { createFirstScreen } from '#server/http/first-screen.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';

const CHECK_AUTH_PRELOAD = '<link rel="preload" href="/api/v1/auth/check-auth" as="fetch" crossorigin="use-credentials" />';

/** A web build as vite writes it: index.html and the manifest the server reads the screens' files from. */
function standInWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-web-'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><title>Campus Market</title>${CHECK_AUTH_PRELOAD}<script type="module" crossorigin src="/assets/index-e1.js"></script></head><body><div id="root"></div></body></html>`,
  );
  const chunk = (file: string, imports: string[] = []) => ({ file, imports });
  fs.writeFileSync(
    path.join(dir, '.vite/manifest.json'),
    JSON.stringify({
      'main.tsx': { ...chunk('assets/index-e1.js'), isEntry: true },
      '_screens-s1.js': chunk('assets/screens-s1.js', ['main.tsx']),
      'features/auth/register-page.tsx': chunk('assets/register-page-r1.js', ['main.tsx']),
      'components/layout/shop-layout.tsx': chunk('assets/shop-layout-y1.js', ['main.tsx', '_screens-s1.js']),
      'features/notifications/live-stream.ts': chunk('assets/live-stream-v1.js', ['main.tsx', '_screens-s1.js']),
      'features/products/products-page.tsx': chunk('assets/products-page-p1.js', ['main.tsx', '_screens-s1.js']),
      'features/products/product-detail-page.tsx': chunk('assets/product-detail-page-q1.js', ['main.tsx', '_screens-s1.js']),
    }),
  );
  return dir;
}

function answersIn(html: string): Record<string, unknown> | undefined {
  const match = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ANSWERS_ID}">(.*?)</script>`, 's').exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : undefined;
}

const modulePreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

/** Issue 10: the page a phone opens carries its first screen's code links and, signed in, its answers. */
describe('the page of a first screen', () => {
  let t: TestApp;
  let webDir: string;
  let student: UserRow;
  let cookie: string;
  let listingId: string;

  beforeAll(async () => {
    webDir = standInWebBuild();
    t = await createTestApp({ webDir });
    student = await insertUser(t.app.db, { userName: 'meera' });
    const seller = await insertUser(t.app.db, { userName: 'ravi' });
    cookie = await sessionCookieFor(t, student.id);
    listingId = await insertListing(t.app.db, { sellerId: seller.id, title: '</script><script>alert(1)</script> lamp' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it("names the register screen's own files for download beside the entry script, and nothing of the visitor", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/register' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(modulePreloads(response.body)).toEqual(['/assets/register-page-r1.js']);
    expect(answersIn(response.body)).toBeUndefined();
    expect(response.body).toContain(CHECK_AUTH_PRELOAD);
  });

  it('names no other file for the login screen, which comes with the entry script', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/login' });
    expect(modulePreloads(response.body)).toEqual([]);
    expect(answersIn(response.body)).toBeUndefined();
    expect(response.body).toContain(CHECK_AUTH_PRELOAD);
  });

  it("writes a signed-in student's first answers into the Products page, the same the API gives them", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/shop/products', headers: { cookie } });
    const answers = answersIn(response.body)!;
    expect(Object.keys(answers).sort()).toEqual(
      [
        '/api/v1/auth/check-auth',
        '/api/v1/conversations/unread-count',
        '/api/v1/notifications/unread-count',
        '/api/v1/products',
        '/api/v1/site',
        '/api/v1/wishlist/get-buy-requests/' + student.id,
        '/api/v1/wishlist/get-wishlist',
      ].sort(),
    );
    for (const [url, written] of Object.entries(answers)) {
      const asked = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(written, url).toEqual(asked.json());
    }
    expect((answers['/api/v1/auth/check-auth'] as { user: { _id: string } }).user._id).toBe(student.id);
    // Its answer is in the page: the browser need not ask for it too.
    expect(response.body).not.toContain(CHECK_AUTH_PRELOAD);
    expect(modulePreloads(response.body)).toEqual([
      '/assets/screens-s1.js',
      '/assets/shop-layout-y1.js',
      '/assets/live-stream-v1.js',
      '/assets/products-page-p1.js',
    ]);
  });

  it("preloads the first card photo the grid will show, with the same candidates and sizes, from the page's own origin", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/shop/products', headers: { cookie } });
    const products = (answersIn(response.body)!['/api/v1/products'] as { products: { images: { cardUrl: string }[] }[] })
      .products;
    const cardUrl = products[0]!.images[0]!.cardUrl;
    // The web app shows the site's own files from the page's origin (web/api/own-files.ts), so the preload names the same.
    expect(cardUrl).toMatch(/^http:\/\/localhost:3000\/uploads\//);
    expect(response.body).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${new URL(cardUrl).pathname}"`);
  });

  it("answers a filtered Products address with that view's own list call, as the page asks it (issue 22)", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/shop/products?q=lamp&condition=Good&minPrice=0&maxPrice=5000&sort=priceLowHigh&page=2',
      headers: { cookie },
    });
    const answers = answersIn(response.body)!;
    // The web app's first call (domain/products/browse.ts productListSearchOf): the view's filters, two pages at once.
    const listCall = '/api/v1/products?q=lamp&condition=Good&minPrice=0&maxPrice=5000&sort=priceLowHigh&limit=48';
    expect(Object.keys(answers)).toContain(listCall);
    expect(answers['/api/v1/products']).toBeUndefined();
    const asked = await t.app.inject({ method: 'GET', url: listCall, headers: { cookie } });
    expect(answers[listCall]).toEqual(asked.json());
    expect((answers[listCall] as { products: { title: string }[] }).products.map((p) => p.title)).toEqual([
      '</script><script>alert(1)</script> lamp',
    ]);
  });

  it("writes a product page's listing and preloads its gallery photo", async () => {
    const response = await t.app.inject({ method: 'GET', url: `/shop/products/${listingId}`, headers: { cookie } });
    const answers = answersIn(response.body)!;
    const written = answers[`/api/v1/products/${listingId}`] as { product: { _id: string; images: { url: string }[] } };
    expect(written.product._id).toBe(listingId);
    expect(response.body).toContain(`href="${new URL(written.product.images[0]!.url).pathname}"`);
    expect(modulePreloads(response.body)).toContain('/assets/product-detail-page-q1.js');
  });

  it('keeps a listing title that reads </script> inside the written answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/shop/products/${listingId}`, headers: { cookie } });
    expect(response.body).not.toContain('<script>alert(1)</script>');
    const written = answersIn(response.body)![`/api/v1/products/${listingId}`] as { product: { title: string } };
    expect(written.product.title).toBe('</script><script>alert(1)</script> lamp');
  });

  it('writes nothing for a cookie that is no longer a session, and names no signed-in code', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/shop/products',
      headers: { cookie: 'cm_session=not-a-session' },
    });
    expect(response.statusCode).toBe(200);
    expect(answersIn(response.body)).toBeUndefined();
    expect(modulePreloads(response.body)).toEqual([]);
  });

  it('names no shop code for an admin, whom the shop sends to the dashboard', async () => {
    const admin = await insertUser(t.app.db, { userName: 'warden', isAdmin: true });
    const response = await t.app.inject({
      method: 'GET',
      url: '/shop/products',
      headers: { cookie: await sessionCookieFor(t, admin.id) },
    });
    expect(modulePreloads(response.body)).toEqual([]);
    expect(Object.keys(answersIn(response.body)!)).toContain('/api/v1/auth/check-auth');
  });

  it('serves the page without answers when the API cannot give them', async () => {
    const broken = { inject: () => Promise.reject(new Error('the database is down')) } as unknown as FastifyInstance;
    const firstScreenPage = createFirstScreen(broken, { webDir, sessionCookie: 'cm_session', siteUrl: 'http://localhost:3000' });
    const warn = vi.fn();
    const request = {
      url: '/shop/products',
      cookies: { cm_session: 'token' },
      headers: { cookie: 'cm_session=token' },
      ip: '127.0.0.1',
      log: { warn },
    } as unknown as FastifyRequest;
    const page = await firstScreenPage(request);
    expect(answersIn(page.html)).toBeUndefined();
    expect(page.personal).toBe(false);
    expect(page.html).toContain('<div id="root"></div>');
    expect(warn).toHaveBeenCalledOnce();
  });

  it("serves the page at a mail's renew link, whose signed token has dots in it, and still 404s a missing file (issue 24)", async () => {
    const token = `${listingId}.1795938879077.pObfKMXFPsxbL3i8JcwxxS-4tjcfH7EPAJRFghOjJFw`;
    const page = await t.app.inject({ method: 'GET', url: `/renew/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<div id="root"></div>');
    for (const url of ['/assets/gone-z9.js', '/favicon.ico', '/manifest.webmanifest', '/icons/none.png?v=2']) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('is sent compressed', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/shop/products',
      headers: { cookie, 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(answersIn(zlib.gunzipSync(response.rawPayload).toString('utf8'))).toBeDefined();
  });

  it('is never stored with answers in it, nor served to another cookie', async () => {
    const personal = await t.app.inject({ method: 'GET', url: '/shop/products', headers: { cookie } });
    expect(personal.headers['cache-control']).toBe('private, no-store');
    expect(personal.headers.vary).toContain('Cookie');
    const anonymous = await t.app.inject({ method: 'GET', url: '/auth/login' });
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(anonymous.headers.vary).toContain('Cookie');
  });
});
