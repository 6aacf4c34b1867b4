import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, fakeApi } from '#web/testing/fake-api.ts';
import { apiRequest, requestAhead } from './api-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const firstPage = () => apiRequest<{ products: string[] }>('/products', { query: { page: 1 } });

describe('a call made ahead of its screen', () => {
  it("answers the screen's identical call once, without asking the server again", async () => {
    const api = fakeApi({ 'GET /api/v1/products': () => answer(200, { success: true, products: ['lamp'] }) });
    const ahead = requestAhead(firstPage);
    expect((await firstPage()).products).toEqual(['lamp']);
    await ahead;
    expect(api.callsTo('GET /api/v1/products')).toHaveLength(1);

    // Only once: a later visit asks the server.
    await firstPage();
    expect(api.callsTo('GET /api/v1/products')).toHaveLength(2);
  });

  it('is not used for another address, nor after 10 seconds', async () => {
    const api = fakeApi({ 'GET /api/v1/products': () => answer(200, { success: true, products: [] }) });
    vi.useFakeTimers({ toFake: ['Date'] });
    void requestAhead(firstPage);
    await apiRequest('/products', { query: { page: 2 } });
    expect(api.callsTo('GET /api/v1/products')).toHaveLength(2);

    vi.advanceTimersByTime(10_001);
    await firstPage();
    expect(api.callsTo('GET /api/v1/products')).toHaveLength(3);
  });
});
