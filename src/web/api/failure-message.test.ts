import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client.ts';
import { failureMessage, messageOf, serverOrNetworkMessageOf, withServerMsg } from './failure-message.ts';

/** What apiRequest throws when fetch answers (or fails) this way. */
async function failureOf(fetchMock: () => Promise<Response>): Promise<unknown> {
  vi.stubGlobal('fetch', vi.fn(fetchMock));
  return apiRequest('/products/delete/p-1', { method: 'DELETE' }).then(
    () => {
      throw new Error('the call should have failed');
    },
    (error: unknown) => error,
  );
}

const refusedWithMsg = () =>
  failureOf(async () => Response.json({ success: false, msg: 'Product not found', code: 'NOT_FOUND' }, { status: 404 }));
const gatewayPage = () =>
  failureOf(async () => new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
const offline = () =>
  failureOf(async () => {
    throw new TypeError('Failed to fetch');
  });

afterEach(() => vi.unstubAllGlobals());

describe('ApiError', () => {
  it("carries the server's msg when the answer had one", async () => {
    const error = await refusedWithMsg();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ msg: 'Product not found', status: 404, code: 'NOT_FOUND', isNetworkError: false });
  });

  it('carries no msg for an answer without one, and never the status text', async () => {
    const error = await gatewayPage();
    expect(error).toMatchObject({ msg: undefined, status: 502, code: 'INTERNAL', isNetworkError: false });
    expect((error as Error).message).not.toContain('Bad Gateway');
  });

  it('treats a blank msg as none', async () => {
    const error = await failureOf(async () => Response.json({ success: false, msg: '  ' }, { status: 400 }));
    expect(error).toMatchObject({ msg: undefined, code: 'VALIDATION' });
  });

  it('is a network error with the browser’s message when no answer came', async () => {
    const error = await offline();
    expect(error).toMatchObject({ msg: undefined, status: 0, code: 'NETWORK', isNetworkError: true, message: 'Failed to fetch' });
  });
});

describe('messageOf (spec 8: server msg, else the fallback)', () => {
  it("shows the server's msg", async () => {
    expect(messageOf(await refusedWithMsg(), 'Failed to delete product')).toBe('Product not found');
  });

  it('shows the fallback instead of a status text or a network error', async () => {
    expect(messageOf(await gatewayPage(), 'Failed to delete product')).toBe('Failed to delete product');
    expect(messageOf(await offline(), 'Failed to delete product')).toBe('Failed to delete product');
    expect(messageOf(new Error('boom'), 'Failed to delete product')).toBe('Failed to delete product');
  });
});

describe('serverOrNetworkMessageOf (auth calls, sending a buy request, the buy-requests fetch)', () => {
  it("prefers the server's msg, then the network error's message", async () => {
    expect(serverOrNetworkMessageOf(await refusedWithMsg(), 'Failed to send')).toBe('Product not found');
    expect(serverOrNetworkMessageOf(await offline(), 'Failed to send')).toBe('Failed to fetch');
  });

  it('shows the fallback for a refusal without msg', async () => {
    expect(serverOrNetworkMessageOf(await gatewayPage(), 'Failed to send')).toBe('Failed to send');
  });

  it("uses a thrown error's own message, or the fallback when it has none", () => {
    expect(serverOrNetworkMessageOf(new Error('Quota exceeded'), 'Failed to send')).toBe('Quota exceeded');
    expect(serverOrNetworkMessageOf('nothing useful', 'Failed to send')).toBe('Failed to send');
  });
});

describe('failureMessage (one fallback for a refusal, another for no answer)', () => {
  const fallback = { unsuccessful: 'Failed to edit product', threw: 'Error Occured in modifying the product' };

  it("shows the server's msg, else the refusal's fallback", async () => {
    expect(failureMessage(await refusedWithMsg(), fallback)).toBe('Product not found');
    expect(failureMessage(await gatewayPage(), fallback)).toBe('Failed to edit product');
  });

  it('shows the other fallback when the call threw', async () => {
    expect(failureMessage(await offline(), fallback)).toBe('Error Occured in modifying the product');
    expect(failureMessage(new TypeError('x is undefined'), fallback)).toBe('Error Occured in modifying the product');
  });
});

describe('withServerMsg (the spec’s words followed by the server msg)', () => {
  it('appends the msg when there is one and stays alone otherwise', async () => {
    expect(withServerMsg('Failed to upload!', await refusedWithMsg())).toBe('Failed to upload! Product not found');
    expect(withServerMsg('Failed to upload!', await gatewayPage())).toBe('Failed to upload!');
    expect(withServerMsg('Failed to upload!', await offline())).toBe('Failed to upload!');
  });
});
