/**
 * The service worker (served as /sw.js, built by vite.config.ts's serviceWorker plugin, which
 * fills in this build's id and files). Registered by the app once someone has signed in
 * (features/pwa/register-service-worker.ts). Its decisions are in sw-core.ts.
 */
import { type WorkerEnv, dropOldBuilds, handleMessage, notificationFromPush, precache, respond } from './sw-core.ts';

declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: string[];

// The worker's own globals, typed here: the web project's types are the window's.
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  data: unknown;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification & { data?: { url?: string } };
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  location: Location;
  caches: CacheStorage;
  registration: { showNotification(title: string, options: NotificationOptions & { data?: unknown }): Promise<void> };
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

const worker = self as unknown as WorkerScope;

const env: WorkerEnv = {
  caches: worker.caches,
  fetch: (request) => fetch(request),
  origin: worker.location.origin,
  version: __SW_VERSION__,
  precache: __SW_PRECACHE__,
};

worker.addEventListener('install', (event) => {
  event.waitUntil(precache(env).then(() => worker.skipWaiting()));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(dropOldBuilds(env).then(() => worker.clients.claim()));
});

worker.addEventListener('fetch', (event) => {
  event.respondWith(respond(event.request, env, (work) => event.waitUntil(work)));
});

worker.addEventListener('push', (event) => {
  let data: unknown;
  try {
    data = event.data?.json();
  } catch {
    // Not JSON: not one of ours.
  }
  const shown = notificationFromPush(data, env.origin);
  if (!shown) return;
  event.waitUntil(
    worker.registration.showNotification(shown.title, {
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: shown.url },
      tag: shown.url,
    }),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data?.url ?? `${env.origin}/`;
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).origin === env.origin);
      if (open) {
        await open.focus();
        await open.navigate(url);
        return;
      }
      await worker.clients.openWindow(url);
    }),
  );
});

// The page's written answers to keep for offline, or signing out (sw-core.ts handleMessage).
worker.addEventListener('message', (event) => {
  event.waitUntil(handleMessage(event.data, env));
});
