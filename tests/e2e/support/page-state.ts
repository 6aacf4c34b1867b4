import type { Page } from 'playwright-core';

/**
 * What a page showed when a wait on it failed: its address, visible text, whether a service
 * worker controlled it, and the addresses in each of its caches. Appended to the failure, so a
 * failure seen only in CI says what the page was doing instead of only "expected true".
 */
export async function pageState(page: Page): Promise<string> {
  try {
    const state = await page.evaluate(async () => {
      const caches = typeof window.caches === 'undefined' ? [] : await window.caches.keys();
      const entries = await Promise.all(
        caches.map(
          async (name) =>
            `${name}: ${(await (await window.caches.open(name)).keys()).map((request) => new URL(request.url).pathname).join(', ')}`,
        ),
      );
      return {
        url: location.href,
        online: navigator.onLine,
        controlled: navigator.serviceWorker?.controller !== null,
        text: document.body.innerText.slice(0, 1500),
        entries,
      };
    });
    return [
      `page ${state.url} (online: ${state.online}, controlled by the worker: ${state.controlled})`,
      `text: ${state.text}`,
      ...state.entries.map((line) => `cache ${line}`),
    ].join('\n');
  } catch (error) {
    return `the page could not be read: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Runs a wait on the page; if it fails, the failure carries the page's state (pageState). */
export async function explainingFailure<T>(page: Page, wait: () => Promise<T>): Promise<T> {
  try {
    return await wait();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}\n--- what the page showed ---\n${await pageState(page)}`, { cause: error });
  }
}
