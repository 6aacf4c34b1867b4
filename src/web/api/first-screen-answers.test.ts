// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_ANSWERS_ID } from '#domain/first-screen.ts';
import { answer, fakeApi } from '#web/testing/fake-api.ts';

/** The page as the server writes it for a signed-in visitor (server http/first-screen.ts). */
async function openPageWith(answers: Record<string, unknown>) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_SCREEN_ANSWERS_ID;
  script.textContent = JSON.stringify(answers);
  document.body.append(script);
  vi.resetModules();
  return import('./api-client.ts');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('answers written into the page', () => {
  it("answer the first screen's call once, without asking the server, then the server is asked", async () => {
    const api = fakeApi({
      'GET /api/v1/wishlist/get-wishlist': () => answer(200, { success: true, wishlistProducts: ['lamp'] }),
    });
    const { apiRequest } = await openPageWith({ '/api/v1/wishlist/get-wishlist': { success: true, wishlistProducts: [] } });
    expect(await apiRequest('/wishlist/get-wishlist')).toEqual({ success: true, wishlistProducts: [] });
    expect(api.callsTo('GET /api/v1/wishlist/get-wishlist')).toHaveLength(0);

    expect(await apiRequest('/wishlist/get-wishlist')).toEqual({ success: true, wishlistProducts: ['lamp'] });
    expect(api.callsTo('GET /api/v1/wishlist/get-wishlist')).toHaveLength(1);
  });

  it('leave the page once read, serve only the address they were written for, and no write', async () => {
    const api = fakeApi({
      'GET /api/v1/products': () => answer(200, { success: true, products: ['from the server'] }),
      'POST /api/v1/products': () => answer(200, { success: true }),
    });
    const { apiRequest } = await openPageWith({ '/api/v1/products': { success: true, products: ['written'] } });
    expect(document.getElementById(FIRST_SCREEN_ANSWERS_ID)).toBeNull();
    expect(await apiRequest('/products', { query: { q: 'lamp' } })).toEqual({ success: true, products: ['from the server'] });
    await apiRequest('/products', { method: 'POST', body: {} });
    expect(api.callsTo('POST /api/v1/products')).toHaveLength(1);
  });

  it('are not used once the page has been open for 10 seconds', async () => {
    const api = fakeApi({ 'GET /api/v1/site': () => answer(200, { success: true, contactEmail: 'new@campus.test' }) });
    vi.useFakeTimers({ toFake: ['Date'] });
    const { apiRequest } = await openPageWith({ '/api/v1/site': { success: true, contactEmail: 'old@campus.test' } });
    vi.advanceTimersByTime(10_001);
    expect(await apiRequest('/site')).toEqual({ success: true, contactEmail: 'new@campus.test' });
    expect(api.callsTo('GET /api/v1/site')).toHaveLength(1);
  });
});
