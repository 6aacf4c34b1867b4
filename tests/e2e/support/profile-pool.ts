import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * Browser profiles recycled between tests. Opening a context and loading the app in its first
 * page costs about 4 s of CPU on these 2-core VMs, three quarters of it starting renderer
 * processes; a load in a page that stays open on the same site costs about 1 s, because Chromium
 * keeps the renderer. So a test's `context.close()` does not close a recycled profile: it clears
 * what a test can leave behind (cookies, local and session storage of every origin the page
 * visited, permissions, routes, listeners, extra pages, the mouse position, the viewport), parks
 * the page on the same site, and puts the profile back for the next test at the same address and
 * width. A test that changed something a reset cannot undo (init scripts, exposed functions, a
 * CDP session, a fake clock, offline mode, extra headers, emulated media, geolocation) gets its
 * profile closed for real instead.
 */
export interface RecycledProfile {
  context: BrowserContext;
  /** The page a test's first `context.newPage()` gets. */
  page: Page;
  viewport: { width: number; height: number };
  /** Origins the page has shown since the profile was lent: their storage is cleared on return. */
  origins: Set<string>;
  /** Set when the test used something a reset cannot undo. */
  spoiled: boolean;
  closeForReal: () => Promise<void>;
  newPageForReal: () => Promise<Page>;
}

const pools = new WeakMap<Browser, Map<string, RecycledProfile[]>>();

/** The idle profiles of `browser` for one key (address, width, touch). */
export function idleProfiles(browser: Browser, key: string): RecycledProfile[] {
  let byKey = pools.get(browser);
  if (!byKey) pools.set(browser, (byKey = new Map()));
  let idle = byKey.get(key);
  if (!idle) byKey.set(key, (idle = []));
  return idle;
}

/** Calls `onUse` whenever one of `methods` of `target` is called, then does what it did. */
function watch<T extends object>(target: T, methods: (keyof T & string)[], onUse: () => void) {
  for (const name of methods) {
    const original = (target[name] as (...args: unknown[]) => unknown).bind(target);
    Object.assign(target, { [name]: (...args: unknown[]) => (onUse(), original(...args)) });
  }
}

const trackOrigin = (profile: RecycledProfile) =>
  profile.page.on('framenavigated', (frame) => {
    if (frame === profile.page.mainFrame() && frame.url().startsWith('http')) profile.origins.add(new URL(frame.url()).origin);
  });

export async function openProfile(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number },
  hasTouch: boolean,
) {
  const context = await browser.newContext({ baseURL, viewport, hasTouch, reducedMotion: 'reduce', serviceWorkers: 'block' });
  const closeForReal = context.close.bind(context);
  const newPageForReal = context.newPage.bind(context);
  const page = await newPageForReal();
  const profile: RecycledProfile = {
    context,
    page,
    viewport,
    origins: new Set(),
    spoiled: false,
    closeForReal: () => closeForReal(),
    newPageForReal,
  };
  const spoil = () => (profile.spoiled = true);
  watch(
    context,
    ['addInitScript', 'exposeBinding', 'exposeFunction', 'newCDPSession', 'setOffline', 'setExtraHTTPHeaders', 'setGeolocation'],
    spoil,
  );
  watch(page, ['addInitScript', 'exposeBinding', 'exposeFunction', 'setExtraHTTPHeaders', 'emulateMedia'], spoil);
  watch(page.clock, ['install', 'setFixedTime', 'setSystemTime', 'pauseAt'], spoil);
  trackOrigin(profile);
  return profile;
}

/**
 * Hands `profile` to a test: its first `newPage()` is the kept page, later ones open pages that
 * the return closes; `close()` resets the profile into `idle`, or closes it when it cannot be reset.
 */
export function lendProfile(profile: RecycledProfile, idle: RecycledProfile[]) {
  let pageLent = false;
  let returned = false;
  Object.assign(profile.context, {
    newPage: async () => {
      if (pageLent) return profile.newPageForReal();
      pageLent = true;
      return profile.page;
    },
    close: async () => {
      // A second close (in the test and again in afterEach) must not put the profile back twice.
      if (returned) return;
      returned = true;
      // A reset that fails (its server already stopped, say) closes the profile instead.
      if (await resetProfile(profile).catch(() => false)) idle.push(profile);
      else await profile.closeForReal();
    },
  });
}

const CONTEXT_EVENTS = ['page', 'console', 'dialog', 'request', 'requestfailed', 'requestfinished', 'response', 'weberror'];
const PAGE_EVENTS = [
  'console',
  'dialog',
  'download',
  'filechooser',
  'frameattached',
  'framedetached',
  'framenavigated',
  'load',
  'domcontentloaded',
  'pageerror',
  'popup',
  'request',
  'requestfailed',
  'requestfinished',
  'response',
  'websocket',
  'worker',
];

/** Clears what a test left in `profile`; false when it cannot be reused. */
async function resetProfile(profile: RecycledProfile): Promise<boolean> {
  const { context, page } = profile;
  if (profile.spoiled || page.isClosed()) return false;
  for (const other of context.pages()) if (other !== page) await other.close();
  // Only the events a test listens to: Playwright itself waits on 'close' and 'crash'.
  for (const event of CONTEXT_EVENTS) context.removeAllListeners(event);
  for (const event of PAGE_EVENTS) page.removeAllListeners(event);
  trackOrigin(profile);
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  // A plain-text page of each origin: storage can be cleared there, and the next test's load on
  // the same site keeps the renderer process (about:blank would swap it).
  for (const origin of profile.origins) {
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate(() => {
      window.localStorage.clear();
      window.sessionStorage.clear();
    });
  }
  profile.origins.clear();
  await context.clearCookies();
  await context.clearPermissions();
  await page.mouse.move(0, 0);
  await page.setViewportSize(profile.viewport);
  return true;
}
