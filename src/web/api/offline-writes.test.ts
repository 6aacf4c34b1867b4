import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineMessages } from '#domain/offline.ts';
import { ApiError, apiRequest } from './api-client.ts';
import { failureMessage, messageOf } from './failure-message.ts';
import { createQueryClient } from './query-client.ts';

let fetchSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchSpy = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
  vi.stubGlobal('fetch', fetchSpy);
  vi.stubGlobal('navigator', { onLine: false });
});
afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

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

describe("the app's queries and changes once the browser said it went offline", () => {
  it('still asks for a listing, so the service worker can answer with the saved one', async () => {
    onlineManager.setOnline(false);
    const queryFn = vi.fn(async () => ({ title: 'Study lamp' }));
    const answer = await createQueryClient().fetchQuery({ queryKey: ['product', 'lamp'], queryFn });
    expect(answer).toEqual({ title: 'Study lamp' });
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('says at once that a listing was never saved, instead of waiting to ask again', async () => {
    onlineManager.setOnline(false);
    const queryFn = vi.fn(() => apiRequest('/products/never-seen'));
    const failure = await createQueryClient()
      .fetchQuery({ queryKey: ['product', 'never-seen'], queryFn })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('refuses a change now instead of holding it to send when the network is back', async () => {
    onlineManager.setOnline(false);
    const mutationFn = vi.fn(() => apiRequest('/wishlist/add/p1', { method: 'POST' }));
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, { mutationFn });
    const failure = await mutation.execute(undefined).catch((error: unknown) => error);
    expect((failure as ApiError).msg).toBe(offlineMessages.writeRefused);
    onlineManager.setOnline(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(mutationFn).toHaveBeenCalledTimes(1);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
