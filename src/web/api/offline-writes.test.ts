import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineMessages } from '#domain/offline.ts';
import { ApiError, apiRequest } from './api-client.ts';
import { failureMessage, messageOf } from './failure-message.ts';

let fetchSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchSpy = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
  vi.stubGlobal('fetch', fetchSpy);
  vi.stubGlobal('navigator', { onLine: false });
});
afterEach(() => vi.unstubAllGlobals());

describe('changes while offline', () => {
  it('refuses a write at once with a clear message, without sending or queueing it', async () => {
    const failure = await apiRequest('/interested/mark-interested', { method: 'POST', body: { productId: 'p1' } }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).msg).toBe(offlineMessages.writeRefused);
    expect(fetchSpy).not.toHaveBeenCalled();
    // Every kind of failure toast shows it.
    expect(messageOf(failure, 'Failed!')).toBe(offlineMessages.writeRefused);
    expect(failureMessage(failure, { unsuccessful: 'No', threw: 'Threw' })).toBe(offlineMessages.writeRefused);
  });

  it('still asks for reads (the service worker answers them from what was saved)', async () => {
    await apiRequest('/products').catch(() => undefined);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('says the same when the network drops during a write', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    fetchSpy.mockImplementation(() => {
      vi.stubGlobal('navigator', { onLine: false });
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    const failure = await apiRequest('/wishlist/add/p1', { method: 'POST' }).catch((error: unknown) => error);
    expect((failure as ApiError).msg).toBe(offlineMessages.writeRefused);
  });
});
