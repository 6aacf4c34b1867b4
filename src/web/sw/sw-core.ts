import { OFFLINE_API_CACHE_ENTRIES, OFFLINE_CACHES } from '#domain/offline.ts';

/**
 * The service worker's decisions, apart from its event wiring (service-worker.ts) so they are
 * tested with plain Request/Response objects and an in-memory Cache Storage:
 *
 * - the app's own files (this build's list, precached at install) come from the cache first;
 * - a page (navigation) comes from the network, and offline from the cached app shell;
 * - the API calls that show listings come from the network, and offline from the last answer
 *   seen, bounded; photos likewise, cache first;
 * - everything else, and every write, goes to the network untouched: nothing is queued.
 */
export interface WorkerEnv {
  caches: CacheStorage;
  fetch: (request: Request) => Promise<Response>;
  /** The site's origin (self.location.origin). */
  origin: string;
  /** This build's id: its files live in their own cache, dropped when a newer build activates. */
  version: string;
  /** This build's files, by path: the app shell (/index.html), scripts, styles, icons, manifest. */
  precache: readonly string[];
}

/** The page every offline navigation is answered with: the plain app, which routes itself. */
export const SHELL_PATH = '/index.html';
/** Photos of the listings seen (the oldest go first). */
export const IMAGES_CACHE = 'cm-images';
export const IMAGES_CACHE_ENTRIES = 150;
/** Marks an answer given from the cache, so the app can tell it is showing saved data. */
export const FROM_CACHE_HEADER = 'x-campus-market-offline';

export const shellCacheName = (version: string) => `${OFFLINE_CACHES.shellPrefix}${version}`;

/** The API answers kept for offline: the session check and what shows listings. */
const CACHED_API = [
  /^\/api\/v1\/auth\/check-auth$/,
  /^\/api\/v1\/products$/,
  /^\/api\/v1\/products\/(?!delete\/|sold-out)[^/]+$/,
  /^\/api\/v1\/products\/my-listings\/[^/]+$/,
  /^\/api\/v1\/wishlist\/get-wishlist$/,
  /^\/api\/v1\/wishlist\/get-buy-requests\/[^/]+$/,
];

export type Strategy = 'precached' | 'page' | 'api' | 'image' | 'network';

/** What the worker does with a request. Writes, other origins and the live stream: the network, untouched. */
export function strategyFor(request: Request, env: Pick<WorkerEnv, 'origin' | 'precache'>): Strategy {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== env.origin) return 'network';
  if (request.mode === 'navigate') return 'page';
  if (env.precache.includes(url.pathname)) return 'precached';
  if (url.pathname.startsWith('/api/')) return CACHED_API.some((pattern) => pattern.test(url.pathname)) ? 'api' : 'network';
  if (url.pathname.startsWith('/uploads/') || url.pathname.startsWith('/images/')) return 'image';
  return 'network';
}

/** Install: this build's files, all or nothing (a failed install keeps the previous worker). */
export async function precache(env: WorkerEnv): Promise<void> {
  const cache = await env.caches.open(shellCacheName(env.version));
  await cache.addAll([...env.precache]);
}

/** Activate: drop the files of older builds. */
export async function dropOldBuilds(env: WorkerEnv): Promise<void> {
  const current = shellCacheName(env.version);
  for (const name of await env.caches.keys()) {
    if (name.startsWith(OFFLINE_CACHES.shellPrefix) && name !== current) await env.caches.delete(name);
  }
}

/** Keeps the newest `max` entries of a cache (Cache Storage keeps insertion order). */
async function trim(cache: Cache, max: number): Promise<void> {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(key);
}

/**
 * Stores a good answer as the newest entry of a bounded cache. `put` alone replaces an entry and
 * moves it to the end (the Cache spec's batch operation); deleting first would leave a moment in
 * which a listing already saved is missing, and going offline then would lose it.
 */
async function remember(cache: Cache, request: Request, response: Response, max: number): Promise<void> {
  await cache.put(request, response);
  await trim(cache, max);
}

/**
 * Saves an answer the page already holds (the server wrote it into the page, so it never passed
 * through the worker) as if the worker had fetched it: a listing opened by a shared link opens
 * offline too. Only the answers the worker itself would keep.
 */
export async function saveAnswerForOffline(storage: CacheStorage, origin: string, path: string, answer: unknown): Promise<void> {
  const request = new Request(new URL(path, origin));
  if (strategyFor(request, { origin, precache: [] }) !== 'api') return;
  const response = new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json; charset=utf-8' } });
  await remember(await storage.open(OFFLINE_CACHES.api), request, response, OFFLINE_API_CACHE_ENTRIES);
}

/** What a page asks of the worker by postMessage. */
export type WorkerMessage =
  /** Keep the answers the server wrote into the page (saveAnswerForOffline), as [address, answer] pairs. */
  | { type: 'save-answers'; answers: ReadonlyArray<readonly [string, unknown]> }
  /** Signing out: the saved answers were that account's. */
  | { type: 'clear-user-data' };

/**
 * Does what a page's message asks. The worker holds the work (waitUntil) rather than the page:
 * a page that navigates away or reloads right after opening (a shared link, then back) would cut
 * its own cache writes short, and the listing it showed would not open offline.
 */
export async function handleMessage(data: unknown, env: Pick<WorkerEnv, 'caches' | 'origin'>): Promise<void> {
  if (typeof data !== 'object' || data === null) return;
  const message = data as Partial<WorkerMessage>;
  if (message.type === 'clear-user-data') {
    await env.caches.delete(OFFLINE_CACHES.api);
    return;
  }
  if (message.type !== 'save-answers' || !Array.isArray(message.answers)) return;
  for (const entry of message.answers as unknown[]) {
    if (Array.isArray(entry) && typeof entry[0] === 'string')
      await saveAnswerForOffline(env.caches, env.origin, entry[0], entry[1]);
  }
}

function markedFromCache(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set(FROM_CACHE_HEADER, '1');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Answers one request by its strategy; `keep` lets the caller hold the worker alive while a cache write finishes. */
export async function respond(
  request: Request,
  env: WorkerEnv,
  keep: (work: Promise<unknown>) => void = () => {},
): Promise<Response> {
  switch (strategyFor(request, env)) {
    case 'precached': {
      const hit = await env.caches.match(request, { cacheName: shellCacheName(env.version) });
      return hit ?? env.fetch(request);
    }
    case 'page':
      try {
        return await env.fetch(request);
      } catch (error) {
        const shell = await env.caches.match(SHELL_PATH, { cacheName: shellCacheName(env.version) });
        if (shell) return markedFromCache(shell);
        throw error;
      }
    case 'api': {
      try {
        const response = await env.fetch(request);
        // Only a good answer replaces the saved one; a 401 after sign-out must not be served offline later.
        if (response.ok) {
          const copy = response.clone();
          keep(env.caches.open(OFFLINE_CACHES.api).then((cache) => remember(cache, request, copy, OFFLINE_API_CACHE_ENTRIES)));
        }
        return response;
      } catch (error) {
        const saved = await env.caches.match(request, { cacheName: OFFLINE_CACHES.api });
        if (saved) return markedFromCache(saved);
        throw error;
      }
    }
    case 'image': {
      const saved = await env.caches.match(request, { cacheName: IMAGES_CACHE });
      if (saved) return saved;
      const response = await env.fetch(request);
      if (response.ok) {
        const copy = response.clone();
        keep(env.caches.open(IMAGES_CACHE).then((cache) => remember(cache, request, copy, IMAGES_CACHE_ENTRIES)));
      }
      return response;
    }
    case 'network':
      return env.fetch(request);
  }
}

/** What a push carries (domain/push/push.ts): shown as a notification that opens its link. */
export function notificationFromPush(data: unknown, origin: string): { title: string; url: string } | null {
  if (typeof data !== 'object' || data === null) return null;
  const { title, link } = data as { title?: unknown; link?: unknown };
  if (typeof title !== 'string' || !title.trim()) return null;
  // Only this site's own pages: a link is a path, never somewhere else.
  let url = `${origin}/`;
  if (typeof link === 'string') {
    const target = new URL(link, origin);
    if (target.origin === origin) url = target.href;
  }
  return { title: title.slice(0, 120), url };
}
