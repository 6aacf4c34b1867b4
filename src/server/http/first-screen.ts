import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  GALLERY_SIZES,
  GRID_CARD_SIZES,
  ONE_COLUMN_MEDIA,
  cardPhotoSources,
  galleryPhotoSources,
} from '#domain/products/photo-sources.ts';
import { browseViewFromSearch, productListSearchOf } from '#domain/products/browse.ts';
import type { ProductImage } from '#domain/products/product.wire.ts';
import { FIRST_SCREEN_ANSWERS_ID, OWN_FILE_PATHS, SITE_URL_META } from '#domain/first-screen.ts';
import { shareCardFor, shareTagsHtml, siteShareCard } from './share-tags.ts';

/**
 * The page a phone opens, with what its first screen needs written into it (issue 10): on slow
 * 4G every round trip is ~150 ms, and an SPA's first screen is a chain of them (page → scripts →
 * session → data → photo). The server shortens it:
 *  - `modulepreload` links for the screen's own code, so it downloads beside the entry script
 *    instead of after it has run;
 *  - for a signed-in visitor, the answers of the calls the first screen makes (the same GETs, made
 *    here with the visitor's own cookie through the API itself), which the web app takes instead
 *    of asking again (api-client.ts), and a preload of the screen's largest photo;
 *  - for everyone, crawlers included, the page's Open Graph and Twitter tags (share-tags.ts).
 * The list of calls repeats what the web app asks for at start (app/first-screen-data.ts); a call
 * missing here is simply made by the browser, an answer it does not use is dropped.
 */

interface ViteManifestChunk {
  file: string;
  imports?: string[];
}
type ViteManifest = Record<string, ViteManifestChunk>;

/** The code of the frames and screens people land on, by the web app's source files (vite's manifest keys). */
/**
 * The shop's frame, and the live stream's code: the app shell opens the stream as soon as the
 * first screen is drawn, and asking for its code only then would put a round trip after the
 * page's own scripts (issue 10).
 */
const SHOP_FRAME = [
  'components/layout/shop-layout.tsx',
  'features/notifications/live-stream.ts',
  // The signed-in part of the first screen's calls (app/signed-in-first-screen.ts).
  'app/signed-in-first-screen.ts',
];
/** Who is shown the screen at that address: a visitor signed out, or a student (an admin is sent elsewhere). */
type Audience = 'visitor' | 'student';
const LANDING_SCREENS: { pattern: RegExp; audience: Audience; modules: string[] }[] = [
  { pattern: /^\/auth\/register$/, audience: 'visitor', modules: ['features/auth/register-page.tsx'] },
  { pattern: /^\/shop$/, audience: 'student', modules: [...SHOP_FRAME, 'features/home/home-page.tsx'] },
  { pattern: /^\/shop\/products$/, audience: 'student', modules: [...SHOP_FRAME, 'features/products/products-page.tsx'] },
  {
    pattern: /^\/shop\/products\/[^/]+$/,
    audience: 'student',
    modules: [...SHOP_FRAME, 'features/products/product-detail-page.tsx'],
  },
];

/** Every web module a landing page names; each must be a key of the built manifest (tests/e2e/first-load.spec.ts). */
export const LANDING_SCREEN_MODULES = [...new Set(LANDING_SCREENS.flatMap((screen) => screen.modules))];

const PRODUCT_PAGE = /^\/shop\/products\/([^/]+)$/;
/** index.html's preload of the session check (src/web/index.html). */
const CHECK_AUTH_PRELOAD = /<link rel="preload" href="\/api\/v1\/auth\/check-auth"[^>]*>/;

interface SessionAnswer {
  user?: { _id: string; isAdmin: boolean };
}

/** The files a module needs, its static imports first, without those the entry already loads. */
function chunkFiles(manifest: ViteManifest, key: string, entryFiles: Set<string>, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  const files = (chunk.imports ?? []).flatMap((imported) => chunkFiles(manifest, imported, entryFiles, seen));
  return [...files, chunk.file].filter((file) => !entryFiles.has(file));
}

function staticImportsOf(manifest: ViteManifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => staticImportsOf(manifest, imported, seen))];
}

function readManifest(webDir: string): ViteManifest {
  const file = path.join(webDir, '.vite/manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ViteManifest) : {};
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** JSON inside <script>: no `</script>`, comment or line-separator can end or break it. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

function imagePreload(attributes: { href: string; srcset?: string; sizes: string; media?: string }) {
  const parts = [`rel="preload"`, `as="image"`, `fetchpriority="high"`, `href="${escapeAttribute(attributes.href)}"`];
  if (attributes.srcset) parts.push(`imagesrcset="${escapeAttribute(attributes.srcset)}"`);
  parts.push(`imagesizes="${escapeAttribute(attributes.sizes)}"`);
  if (attributes.media) parts.push(`media="${escapeAttribute(attributes.media)}"`);
  return `<link ${parts.join(' ')} />`;
}

/**
 * A photo as the web app addresses it (web/api/own-files.ts): the site's own files from the
 * page's origin, whatever name the page was opened by; other addresses (a bucket) as they are.
 */
function asOwnPageSees(image: ProductImage, siteOrigin: string): ProductImage {
  const local = (url: string) =>
    OWN_FILE_PATHS.some((prefix) => url.startsWith(`${siteOrigin}${prefix}`)) ? url.slice(siteOrigin.length) : url;
  return { ...image, url: local(image.url), secure_url: local(image.secure_url), cardUrl: local(image.cardUrl) };
}

/** The largest photo of the first screen, as the <img> will pick it (domain/products/photo-sources.ts). */
function photoPreloads(
  answers: Map<string, unknown>,
  productPath: string | undefined,
  listPath: string,
  siteOrigin: string,
): string[] {
  if (productPath) {
    const first = (answers.get(productPath) as { product?: { images?: ProductImage[] } } | undefined)?.product?.images?.[0];
    const image = first && asOwnPageSees(first, siteOrigin);
    if (!image) return [];
    const { src, srcSet } = galleryPhotoSources(image);
    return [imagePreload({ href: src, srcset: srcSet, sizes: GALLERY_SIZES })];
  }
  const list = answers.get(listPath) as { products?: { images?: ProductImage[] }[] } | undefined;
  const first = list?.products?.[0]?.images?.[0];
  if (!first) return [];
  const { card, srcSet } = cardPhotoSources(asOwnPageSees(first, siteOrigin));
  return [
    imagePreload({ href: card, sizes: GRID_CARD_SIZES, media: ONE_COLUMN_MEDIA }),
    imagePreload({ href: card, srcset: srcSet, sizes: GRID_CARD_SIZES, media: `not all and ${ONE_COLUMN_MEDIA}` }),
  ];
}

/**
 * The list call of a Products address (issue 22): the view its query names, asked exactly as the
 * web app asks it (domain/products/browse.ts), so the answer written into the page is the one used.
 */
function productListPath(search: string): string {
  const query = productListSearchOf(browseViewFromSearch(search));
  return query ? `/api/v1/products?${query}` : '/api/v1/products';
}

/** The GETs the web app makes at start for this user on this page (app/first-screen-data.ts). */
function firstScreenCalls(pathname: string, search: string, user: NonNullable<SessionAnswer['user']>): string[] {
  const calls = ['/api/v1/notifications/unread-count', '/api/v1/site'];
  if (!user.isAdmin) {
    calls.push(
      '/api/v1/conversations/unread-count',
      '/api/v1/wishlist/get-wishlist',
      `/api/v1/wishlist/get-buy-requests/${encodeURIComponent(user._id)}`,
    );
  }
  if (pathname === '/shop/products') calls.push(productListPath(search));
  const product = PRODUCT_PAGE.exec(pathname)?.[1];
  if (product) calls.push(`/api/v1/products/${product}`);
  return calls;
}

export interface FirstScreenPage {
  html: string;
  /** The page carries the visitor's own answers. */
  personal: boolean;
  /** Any cookie the session check renewed, to pass on to the browser. */
  setCookie: string[];
}

export function createFirstScreen(app: FastifyInstance, options: { webDir: string; sessionCookie: string; siteUrl: string }) {
  const template = fs.readFileSync(path.join(options.webDir, 'index.html'), 'utf8');
  const manifest = readManifest(options.webDir);
  const entryKey = Object.keys(manifest).find((key) => (manifest[key] as { isEntry?: boolean }).isEntry);
  const entryFiles = new Set(entryKey ? staticImportsOf(manifest, entryKey) : []);
  const siteOrigin = new URL(options.siteUrl).origin;
  const siteMeta = `<meta name="${SITE_URL_META}" content="${escapeAttribute(siteOrigin)}" />`;

  const modulePreloads = (pathname: string, audience: Audience | undefined) => {
    const screen = LANDING_SCREENS.find((candidate) => candidate.pattern.test(pathname) && candidate.audience === audience);
    const files = new Set(screen?.modules.flatMap((key) => chunkFiles(manifest, key, entryFiles)) ?? []);
    return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}" />`);
  };

  /** One GET through the API with the visitor's cookie; only a successful JSON answer is kept. */
  const answerOf = async (url: string, request: FastifyRequest) => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { cookie: request.headers.cookie ?? '', accept: 'application/json' },
      remoteAddress: request.ip,
    });
    return { response, body: response.statusCode === 200 ? (response.json() as unknown) : undefined };
  };

  /** The first screen's answers for this visitor; none when there is no session or a call fails. */
  const gatherAnswers = async (request: FastifyRequest, pathname: string, search: string) => {
    const answers = new Map<string, unknown>();
    if (!request.cookies[options.sessionCookie]) return { answers, setCookie: [] };
    try {
      const session = await answerOf('/api/v1/auth/check-auth', request);
      const renewed = session.response.headers['set-cookie'];
      const setCookie = renewed === undefined ? [] : ([] as string[]).concat(renewed);
      const user = (session.body as SessionAnswer | undefined)?.user;
      if (!user) return { answers, setCookie };
      answers.set('/api/v1/auth/check-auth', session.body);
      const calls = firstScreenCalls(pathname, search, user);
      const results = await Promise.all(calls.map((url) => answerOf(url, request)));
      calls.forEach((url, index) => {
        const body = results[index]?.body;
        if (body !== undefined) answers.set(url, body);
      });
      return { user, answers, setCookie };
    } catch (error) {
      // The page works without them: the browser makes the calls itself.
      request.log.warn({ err: error }, 'the first screen answers could not be written into the page');
      return { answers: new Map<string, unknown>(), setCookie: [] };
    }
  };

  return async function firstScreenPage(request: FastifyRequest): Promise<FirstScreenPage> {
    const [pathname = '/', search = ''] = request.url.split(/\?(.*)/s);
    const [{ user, answers, setCookie }, shareCard] = await Promise.all([
      gatherAnswers(request, pathname, search),
      shareCardFor(app, options.siteUrl, pathname).catch((error: unknown) => {
        // A preview of the site is better than no page.
        request.log.warn({ err: error }, "the listing's share tags could not be written into the page");
        return siteShareCard(options.siteUrl);
      }),
    ]);
    const productId = PRODUCT_PAGE.exec(pathname)?.[1];
    const audience = user ? (user.isAdmin ? undefined : 'student') : 'visitor';
    const head = [
      shareTagsHtml(shareCard),
      ...modulePreloads(pathname, audience),
      siteMeta,
      ...(user
        ? photoPreloads(answers, productId ? `/api/v1/products/${productId}` : undefined, productListPath(search), siteOrigin)
        : []),
    ];
    const body =
      answers.size > 0
        ? `<script type="application/json" id="${FIRST_SCREEN_ANSWERS_ID}">${scriptSafeJson(Object.fromEntries(answers))}</script>`
        : '';
    // The page's own preload of the session check is only for a page without its answer.
    const page = user ? template.replace(CHECK_AUTH_PRELOAD, '') : template;
    const html = page
      .replace('</head>', `${head.join('')}</head>`)
      .replace('<div id="root"></div>', `<div id="root"></div>${body}`);
    return { html, personal: answers.size > 0, setCookie };
  };
}
