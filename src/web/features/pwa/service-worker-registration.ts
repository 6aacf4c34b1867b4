import { OFFLINE_CACHES } from '#domain/offline.ts';
import { pageAnswers } from '#web/api/api-client.ts';
import type { WorkerMessage } from '#web/sw/sw-core.ts';

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
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => savePageAnswers(registration))
      .catch(() => {
        // No worker: the app still works online, only offline and push are missing.
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * The answers the server wrote into this page go into the offline cache, as fetched ones do. The
 * worker writes them (handleMessage): a write from the page would be cut short if it reloads.
 */
function savePageAnswers(registration: ServiceWorkerRegistration): void {
  const answers = pageAnswers();
  if (answers.length > 0) registration.active?.postMessage({ type: 'save-answers', answers } satisfies WorkerMessage);
}

/** How long a screen waits for the worker being registered on this page load (push needs it). */
const READY_WAIT_MS = 10_000;

/** The worker ready to use (for push), or null when this browser has none (or the dev server runs). */
export async function readyServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!supported() || !import.meta.env.PROD) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** On sign-out: the saved answers were the account's, so they go (the app's own files stay). */
export async function clearOfflineAnswers(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(OFFLINE_CACHES.api);
}
