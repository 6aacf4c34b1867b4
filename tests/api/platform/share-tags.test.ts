import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_SHARE_CARD } from '#domain/products/share.ts';
import { productImages, products } from '#server/db/schema/index.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, createTestApp, sessionCookieFor } from '../../support/test-app.ts';

const SITE = 'https://market.campus.example';

/** The built page as vite writes it, reduced to what the server fills in. */
function standInWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-web-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Campus Market</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

const entities: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };
const decode = (value: string) => value.replace(/&(amp|quot|#39|lt|gt);/g, (entity) => entities[entity]!);

/** The page's meta tags by property or name, as a crawler that runs no JavaScript reads them. */
function shareTagsIn(html: string): Record<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  const tags: Record<string, string> = {};
  for (const match of head.matchAll(/<meta (?:property|name)="((?:og|twitter):[^"]+)" content="([^"]*)" \/>/g)) {
    tags[match[1]!] = decode(match[2]!);
  }
  const canonical = /<link rel="canonical" href="([^"]*)" \/>/.exec(head);
  if (canonical) tags.canonical = decode(canonical[1]!);
  return tags;
}

const siteTags = {
  'og:site_name': 'Campus Market',
  'og:type': 'website',
  'og:title': SITE_SHARE_CARD.title,
  'og:description': SITE_SHARE_CARD.description,
  'og:url': `${SITE}/`,
  'og:image': `${SITE}/images/banners/campus-essentials.webp`,
  'og:image:alt': SITE_SHARE_CARD.imageAlt,
  'twitter:card': 'summary_large_image',
  'twitter:title': SITE_SHARE_CARD.title,
  'twitter:description': SITE_SHARE_CARD.description,
  'twitter:image': `${SITE}/images/banners/campus-essentials.webp`,
  'twitter:image:alt': SITE_SHARE_CARD.imageAlt,
};

/** Issue 22: a link to a listing pasted into a chat app previews with its photo, title and price. */
describe('the share tags of a product page, fetched without JavaScript or a session', () => {
  let t: TestApp;
  let webDir: string;
  let sellerId: string;
  let lampId: string;
  let lampPhotoKey: string;

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    return response.body;
  };
  const firstPhotoKey = async (id: string) => {
    const [photo] = await t.app.db
      .select({ key: productImages.storageKey })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(productImages.position)
      .limit(1);
    return photo!.key;
  };

  beforeAll(async () => {
    webDir = standInWebBuild();
    t = await createTestApp({ webDir, config: { publicUrl: SITE } });
    sellerId = (await insertUser(t.app.db, { userName: 'ravi' })).id;
    lampId = await insertListing(t.app.db, {
      sellerId,
      title: 'Study lamp with warm LED',
      description: 'Three brightness levels.\nCollect from hostel B.',
      price: 1250,
      condition: 'Like New',
      category: 'Electronics',
    });
    lampPhotoKey = await firstPhotoKey(lampId);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it("carries the listing's title, its price in the description, its first photo and its canonical address", async () => {
    const tags = shareTagsIn(await page(`/shop/products/${lampId}`));
    const photo = `${SITE}/uploads/${lampPhotoKey}`;
    const description = '₹1,250 · Like New · Electronics. Three brightness levels. Collect from hostel B.';
    expect(tags).toEqual({
      'og:site_name': 'Campus Market',
      'og:type': 'product',
      'og:title': 'Study lamp with warm LED',
      'og:description': description,
      'og:url': `${SITE}/shop/products/${lampId}`,
      'og:image': photo,
      'og:image:alt': 'Study lamp with warm LED',
      'og:image:width': '1200',
      'og:image:height': '900',
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Study lamp with warm LED',
      'twitter:description': description,
      'twitter:image': photo,
      'twitter:image:alt': 'Study lamp with warm LED',
      canonical: `${SITE}/shop/products/${lampId}`,
    });
  });

  it('gives a signed-in student the same tags, and ignores the query string in the canonical address', async () => {
    const student = await insertUser(t.app.db, { userName: 'meera' });
    const cookie = await sessionCookieFor(t, student.id);
    const signedIn = shareTagsIn(await page(`/shop/products/${lampId}?from=whatsapp`, { cookie }));
    expect(signedIn).toEqual(shareTagsIn(await page(`/shop/products/${lampId}`)));
  });

  it('says a sold listing is sold, in its title and its description', async () => {
    const soldId = await insertListing(t.app.db, {
      sellerId,
      title: 'Mini drafter',
      description: 'Barely used.',
      price: 300,
      condition: 'Good',
      category: 'Stationery',
      soldOut: true,
    });
    const tags = shareTagsIn(await page(`/shop/products/${soldId}`));
    expect(tags['og:title']).toBe('Sold: Mini drafter');
    expect(tags['og:description']).toBe('Sold · ₹300 · Good · Stationery. Barely used.');
    expect(tags['twitter:title']).toBe('Sold: Mini drafter');
    expect(tags['og:image']).toBe(`${SITE}/uploads/${await firstPhotoKey(soldId)}`);
    expect(tags.canonical).toBe(`${SITE}/shop/products/${soldId}`);
  });

  it('escapes every value, so a title cannot end the tag or the head', async () => {
    const title = `"/><script>alert('x')</script> & <b>lamp</b>`;
    const id = await insertListing(t.app.db, { sellerId, title, description: '<img src=x onerror=alert(1)>' });
    const html = await page(`/shop/products/${id}`);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>lamp');
    const tags = shareTagsIn(html);
    expect(tags['og:title']).toBe(title);
    expect(tags['og:description']).toBe('₹500 · Good · Others. <img src=x onerror=alert(1)>');
  });

  it('cuts a long description at a word, after the price', async () => {
    const words = 'Sturdy steel frame, new brake pads and a fresh chain; ridden for one semester only. '.repeat(5);
    const id = await insertListing(t.app.db, {
      sellerId,
      title: 'Hero cycle',
      description: words,
      price: 4200,
      category: 'Cycle',
    });
    const description = shareTagsIn(await page(`/shop/products/${id}`))['og:description']!;
    expect(description.startsWith('₹4,200 · Good · Cycle. Sturdy steel frame')).toBe(true);
    expect(description.endsWith('…')).toBe(true);
    expect(description.length).toBeLessThanOrEqual('₹4,200 · Good · Cycle. '.length + 160);
  });

  it('shows the site card for a listing hidden pending review, never a word of the listing', async () => {
    const id = await insertListing(t.app.db, { sellerId, title: 'Reported gadget', description: 'Hidden words' });
    await t.app.db.update(products).set({ underReview: true }).where(eq(products.id, id));
    const html = await page(`/shop/products/${id}`);
    expect(shareTagsIn(html)).toEqual(siteTags);
    expect(html).not.toContain('Reported gadget');
    expect(html).not.toContain('Hidden words');
  });

  it('shows the site card for a listing whose seller is suspended', async () => {
    const id = await insertListing(t.app.db, { sellerId, title: 'Held listing' });
    await t.app.db.update(products).set({ sellerHeld: true }).where(eq(products.id, id));
    expect(shareTagsIn(await page(`/shop/products/${id}`))).toEqual(siteTags);
  });

  it('shows the site card for a removed listing, a missing one and an address that is no id', async () => {
    const id = await insertListing(t.app.db, { sellerId, title: 'Removed chair' });
    await t.app.db.delete(products).where(eq(products.id, id));
    expect(shareTagsIn(await page(`/shop/products/${id}`))).toEqual(siteTags);
    expect(shareTagsIn(await page('/shop/products/00000000-0000-4000-8000-000000000000'))).toEqual(siteTags);
    expect(shareTagsIn(await page('/shop/products/not-an-id'))).toEqual(siteTags);
  });

  it('shows the site card on every other page', async () => {
    expect(shareTagsIn(await page('/auth/login'))).toEqual(siteTags);
    expect(shareTagsIn(await page('/shop/products?category=Books'))).toEqual(siteTags);
  });

  it('uses a listing without photos with the site picture', async () => {
    const id = await insertListing(t.app.db, { sellerId, title: 'Photo-less desk' });
    await t.app.db.delete(productImages).where(eq(productImages.productId, id));
    const tags = shareTagsIn(await page(`/shop/products/${id}`));
    expect(tags['og:title']).toBe('Photo-less desk');
    expect(tags['og:image']).toBe(`${SITE}/images/banners/campus-essentials.webp`);
    expect(tags['og:image:width']).toBeUndefined();
  });
});
