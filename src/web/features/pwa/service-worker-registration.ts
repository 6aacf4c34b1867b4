import { OFFLINE_CACHES } from '#domain/offline.ts';

/** Where the built worker is served (vite.config.ts writes it; the server serves dist/web). */
export const SERVICE_WORKER_URL = '/sw.js';

function supported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/**
 * Registers the service worker, once the page has loaded: it is fetched after the first screen,
 * so neither the sign-in page's first load nor its Lighthouse score pays for it. Only a built app
 * has one (the dev server serves sources).
 */
export function registerServiceWorker(): void {
  if (!supported() || !import.meta.env.PROD) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => {
      // No worker: the app still works online, only offline and push are missing.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** The worker ready to use (for push), or null when this browser has none. */
export async function readyServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return null;
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (!existing) return null;
  return navigator.serviceWorker.ready;
}

/** On sign-out: the saved answers were the account's, so they go (the app's own files stay). */
export async function clearOfflineAnswers(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(OFFLINE_CACHES.api);
}
