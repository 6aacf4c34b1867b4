import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteMessages } from '#domain/site.messages.ts';
import { ApiError, apiRequest } from './api-client.ts';
import { BUSY_RETRIES, busyRetryDelay, createQueryClient } from './query-client.ts';

const busyAnswer = () =>
  Response.json({ success: false, msg: siteMessages.busy, code: 'BUSY' }, { status: 503, headers: { 'retry-after': '3' } });

async function failureOf(method: 'GET' | 'POST'): Promise<ApiError> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => busyAnswer()),
  );
  return apiRequest('/conversations', method === 'POST' ? { method, body: { body: 'hi' } } : {}).then(
    () => {
      throw new Error('the call should have failed');
    },
    (error: unknown) => error as ApiError,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('a call the server shed (503 BUSY)', () => {
  it("is a busy error carrying Retry-After and the server's words, for a read", async () => {
    const error = await failureOf('GET');
    expect(error).toMatchObject({ status: 503, code: 'BUSY', isBusy: true, retryAfterSeconds: 3, msg: siteMessages.busy });
  });

  it('says a write was not sent and what was typed is kept', async () => {
    const error = await failureOf('POST');
    expect(error).toMatchObject({ code: 'BUSY', msg: siteMessages.busyNotSaved });
  });

  it('is asked again after at least Retry-After, doubling with each attempt, with at most a quarter of jitter', () => {
    const error = new ApiError('busy', 503, 'BUSY', siteMessages.busy, 3);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const expected = Math.min(15_000, Math.max(3000, 1000 * 2 ** (attempt - 1)));
      const delay = busyRetryDelay(attempt, error);
      expect(delay).toBeGreaterThanOrEqual(expected);
      expect(delay).toBeLessThanOrEqual(expected * 1.25 + 1);
    }
  });

  it('is retried for a read up to BUSY_RETRIES times, and never for a write', () => {
    const client = createQueryClient();
    const retry = client.getDefaultOptions().queries!.retry as (count: number, error: unknown) => boolean;
    const error = new ApiError('busy', 503, 'BUSY', siteMessages.busy, 3);
    expect(retry(BUSY_RETRIES - 1, error)).toBe(true);
    expect(retry(BUSY_RETRIES, error)).toBe(false);
    expect(retry(0, new ApiError('nope', 404, 'NOT_FOUND'))).toBe(false);
    expect(client.getDefaultOptions().mutations!.retry).toBe(false);
  });
});
