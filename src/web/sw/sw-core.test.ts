import { beforeEach, describe, expect, it } from 'vitest';
import { OFFLINE_API_CACHE_ENTRIES, OFFLINE_CACHES } from '#domain/offline.ts';
import {
  FROM_CACHE_HEADER,
  IMAGES_CACHE,
  type WorkerEnv,
  dropOldBuilds,
  handleMessage,
  notificationFromPush,
  precache,
  respond,
  saveAnswerForOffline,
  shellCacheName,
  strategyFor,
} from './sw-core.ts';

const ORIGIN = 'https://market.campus.edu';

/** Cache Storage in memory, keyed by URL, keeping insertion order as browsers do (a put replaces and moves to the end). */
class MemoryCache {
  readonly entries = new Map<string, Response>();
  /** While set, a put waits for it, as a browser's put waits for the answer's body. */
  storing: Promise<void> | null = null;
  constructor(private readonly load: (url: string) => Promise<Response>) {}
  private key(request: RequestInfo | URL) {
    return new URL(typeof request === 'string' || request instanceof URL ? String(request) : request.url, ORIGIN).href;
  }
  async match(request: RequestInfo | URL) {
    return this.entries.get(this.key(request))?.clone();
  }
  async put(request: RequestInfo | URL, response: Response) {
    if (this.storing) await this.storing;
    this.entries.delete(this.key(request));
    this.entries.set(this.key(request), response);
  }
  async delete(request: RequestInfo | URL) {
    return this.entries.delete(this.key(request));
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async addAll(urls: string[]) {
    const loaded = await Promise.all(urls.map(async (url) => [url, await this.load(url)] as const));
    for (const [url, response] of loaded) {
      if (!response.ok) throw new TypeError(`${url} answered ${response.status}`);
      await this.put(url, response);
    }
  }
}

class MemoryCaches {
  readonly stores = new Map<string, MemoryCache>();
  constructor(private readonly load: (url: string) => Promise<Response>) {}
  async open(name: string) {
    let cache = this.stores.get(name);
    if (!cache) this.stores.set(name, (cache = new MemoryCache(this.load)));
    return cache as unknown as Cache;
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
  async match(request: RequestInfo | URL, options?: { cacheName?: string }) {
    const names = options?.cacheName ? [options.cacheName] : [...this.stores.keys()];
    for (const name of names) {
      const hit = await this.stores.get(name)?.match(request);
      if (hit) return hit;
    }
    return undefined;
  }
}

let online: boolean;
let served: string[];
let env: WorkerEnv;
let caches: MemoryCaches;
let pending: Promise<unknown>[];

function network(url: string): Promise<Response> {
  served.push(url);
  if (!online) return Promise.reject(new TypeError('Failed to fetch'));
  const path = new URL(url, ORIGIN).pathname;
  if (path === '/api/v1/products/gone') return Promise.resolve(Response.json({ success: false }, { status: 404 }));
  return Promise.resolve(new Response(`fresh ${path}`, { status: 200, headers: { 'content-type': 'text/plain' } }));
}

const get = (path: string) => new Request(`${ORIGIN}${path}`);
const navigate = (path: string) => ({ method: 'GET', url: `${ORIGIN}${path}`, mode: 'navigate' }) as Request;
const keep = (work: Promise<unknown>) => pending.push(work);
const settle = () => Promise.all(pending);

beforeEach(() => {
  online = true;
  served = [];
  pending = [];
  caches = new MemoryCaches((url) => network(url));
  env = {
    caches: caches as unknown as CacheStorage,
    fetch: (request) => network(request.url),
    origin: ORIGIN,
    version: 'v2',
    precache: ['/index.html', '/assets/main-abc.js', '/icons/icon-192.png'],
  };
});

describe('what the service worker does with each request', () => {
  it('leaves writes, other sites and unlisted API calls to the network', () => {
    expect(strategyFor(new Request(`${ORIGIN}/api/v1/products`, { method: 'POST' }), env)).toBe('network');
    expect(strategyFor(new Request('https://fcm.googleapis.com/x'), env)).toBe('network');
    expect(strategyFor(get('/api/v1/conversations'), env)).toBe('network');
    expect(strategyFor(get('/api/v1/events'), env)).toBe('network');
    expect(strategyFor(get('/api/v1/products/delete/abc'), env)).toBe('network');
  });

  it('keeps the listings, product pages, the session check and photos for offline', () => {
    expect(strategyFor(get('/api/v1/products?category=Books&page=2'), env)).toBe('api');
    expect(strategyFor(get('/api/v1/products/6f1c'), env)).toBe('api');
    expect(strategyFor(get('/api/v1/auth/check-auth'), env)).toBe('api');
    expect(strategyFor(get('/uploads/products/a-card.webp'), env)).toBe('image');
    expect(strategyFor(get('/assets/main-abc.js'), env)).toBe('precached');
    expect(strategyFor(navigate('/shop/products/6f1c'), env)).toBe('page');
  });
});

describe('offline', () => {
  it('opens any page of the app from the saved shell, marked as saved', async () => {
    await precache(env);
    online = false;
    const page = await respond(navigate('/shop/products/6f1c'), env);
    expect(await page.text()).toBe('fresh /index.html');
    expect(page.headers.get(FROM_CACHE_HEADER)).toBe('1');
  });

  it('serves the last answer seen for a listing, and fails for one never seen', async () => {
    const lamp = get('/api/v1/products/lamp');
    expect(await (await respond(lamp, env, keep)).text()).toBe('fresh /api/v1/products/lamp');
    await settle();
    online = false;
    const saved = await respond(lamp, env, keep);
    expect(await saved.text()).toBe('fresh /api/v1/products/lamp');
    expect(saved.headers.get(FROM_CACHE_HEADER)).toBe('1');
    await expect(respond(get('/api/v1/products/never-seen'), env, keep)).rejects.toThrow('Failed to fetch');
  });

  it('asks the network first while online, and never saves a refusal', async () => {
    await respond(get('/api/v1/products/gone'), env, keep);
    await settle();
    expect(await caches.match(get('/api/v1/products/gone'), { cacheName: OFFLINE_CACHES.api })).toBeUndefined();
    await respond(get('/api/v1/products/lamp'), env, keep);
    await respond(get('/api/v1/products/lamp'), env, keep);
    expect(served.filter((url) => url.endsWith('/lamp'))).toHaveLength(2);
  });

  it(`keeps only the newest ${OFFLINE_API_CACHE_ENTRIES} answers`, async () => {
    for (let index = 0; index <= OFFLINE_API_CACHE_ENTRIES; index += 1) {
      await respond(get(`/api/v1/products/p${index}`), env, keep);
      await settle();
    }
    const kept = await (await caches.open(OFFLINE_CACHES.api)).keys();
    expect(kept).toHaveLength(OFFLINE_API_CACHE_ENTRIES);
    expect(kept.map((request) => new URL(request.url).pathname)).not.toContain('/api/v1/products/p0');
  });

  it('keeps the saved answer of a listing while a newer one is being stored', async () => {
    const lamp = get('/api/v1/products/lamp');
    await respond(lamp, env, keep);
    await settle();
    const saved = caches.stores.get(OFFLINE_CACHES.api)!;
    let stored!: () => void;
    saved.storing = new Promise((resolve) => (stored = resolve));
    await respond(lamp, env, keep);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Going offline at this moment must still find the listing.
    expect(await caches.match(lamp, { cacheName: OFFLINE_CACHES.api })).toBeDefined();
    stored();
    await settle();
  });

  it('keeps a listing seen again among the newest answers', async () => {
    for (let index = 0; index < OFFLINE_API_CACHE_ENTRIES; index += 1) {
      await respond(get(`/api/v1/products/p${index}`), env, keep);
      await settle();
    }
    await respond(get('/api/v1/products/p0'), env, keep);
    await respond(get('/api/v1/products/one-more'), env, keep);
    await settle();
    const kept = (await (await caches.open(OFFLINE_CACHES.api)).keys()).map((request) => new URL(request.url).pathname);
    expect(kept).toContain('/api/v1/products/p0');
    expect(kept).not.toContain('/api/v1/products/p1');
  });

  it('never queues a write: it goes to the network and fails there', async () => {
    online = false;
    await expect(respond(new Request(`${ORIGIN}/api/v1/interested/mark-interested`, { method: 'POST' }), env)).rejects.toThrow();
    expect(await caches.keys()).toEqual([]);
  });

  it('serves photos from the cache once seen', async () => {
    await respond(get('/uploads/products/a-card.webp'), env, keep);
    await settle();
    expect(await caches.match(get('/uploads/products/a-card.webp'), { cacheName: IMAGES_CACHE })).toBeDefined();
    online = false;
    expect(await (await respond(get('/uploads/products/a-card.webp'), env, keep)).text()).toBe(
      'fresh /uploads/products/a-card.webp',
    );
  });
});

describe('builds', () => {
  it('precaches this build and drops the files of older ones on activation', async () => {
    await caches.open(shellCacheName('v1'));
    await caches.open(OFFLINE_CACHES.api);
    await precache(env);
    await dropOldBuilds(env);
    expect((await caches.keys()).sort()).toEqual([OFFLINE_CACHES.api, shellCacheName('v2')].sort());
    online = false;
    expect(await (await respond(get('/assets/main-abc.js'), env)).text()).toBe('fresh /assets/main-abc.js');
  });
});

describe('a push message', () => {
  it('shows its title and opens its link on this site', () => {
    expect(notificationFromPush({ title: 'New message', link: '/user/messages/c1' }, ORIGIN)).toEqual({
      title: 'New message',
      url: `${ORIGIN}/user/messages/c1`,
    });
  });

  it('never opens another site, and ignores what is not ours', () => {
    expect(notificationFromPush({ title: 'Hi', link: 'https://evil.example/phish' }, ORIGIN)).toEqual({
      title: 'Hi',
      url: `${ORIGIN}/`,
    });
    expect(notificationFromPush({ link: '/x' }, ORIGIN)).toBeNull();
    expect(notificationFromPush('text', ORIGIN)).toBeNull();
    expect(notificationFromPush(undefined, ORIGIN)).toBeNull();
  });
});

describe('answers the server wrote into the page', () => {
  it('are saved for offline like fetched ones, when they show listings', async () => {
    await saveAnswerForOffline(env.caches, ORIGIN, '/api/v1/products/lamp', { success: true, product: { title: 'Lamp' } });
    await saveAnswerForOffline(env.caches, ORIGIN, '/api/v1/conversations', { success: true });
    online = false;
    const saved = await respond(get('/api/v1/products/lamp'), env, keep);
    expect(await saved.json()).toEqual({ success: true, product: { title: 'Lamp' } });
    expect(await caches.match(get('/api/v1/conversations'))).toBeUndefined();
  });

  it('are written by the worker when the page sends them, so a page that reloads at once does not lose them', async () => {
    await handleMessage(
      {
        type: 'save-answers',
        answers: [
          ['/api/v1/auth/check-auth', { success: true, user: { userName: 'meera' } }],
          ['/api/v1/products/lamp', { success: true, product: { title: 'Lamp' } }],
          ['/api/v1/conversations', { success: true }],
        ],
      },
      env,
    );
    online = false;
    expect(await (await respond(get('/api/v1/products/lamp'), env, keep)).json()).toEqual({
      success: true,
      product: { title: 'Lamp' },
    });
    expect(await (await respond(get('/api/v1/auth/check-auth'), env, keep)).json()).toMatchObject({ success: true });
    // Only what the worker itself would keep: a conversation is never saved for offline.
    expect(await caches.match(get('/api/v1/conversations'))).toBeUndefined();
  });

  it('ignores a message that is not one of ours, and forgets every saved answer on sign-out', async () => {
    for (const message of [
      null,
      'save-answers',
      { type: 'save-answers', answers: 'lamp' },
      { type: 'other' },
      { type: 'save-answers', answers: [[42, {}]] },
    ]) {
      await handleMessage(message, env);
    }
    expect(await caches.keys()).toEqual([]);
    await handleMessage({ type: 'save-answers', answers: [['/api/v1/products/lamp', { success: true }]] }, env);
    await handleMessage({ type: 'clear-user-data' }, env);
    expect(await caches.keys()).not.toContain(OFFLINE_CACHES.api);
  });
});
