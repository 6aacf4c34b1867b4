import { vi } from 'vitest';

/** One request the page made, as the fake server saw it. */
export interface ApiCall {
  method: string;
  /** Path without the query string, e.g. /api/v1/products. */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** How the fake server answers a route: a Response, or throwing as fetch does when offline. */
export type ApiHandler = (call: ApiCall) => Response | Promise<Response>;

export const answer = (status: number, body: unknown) => Response.json(body, { status });

/** What fetch does when no answer comes at all. */
export const offline: ApiHandler = () => {
  throw new TypeError('Failed to fetch');
};

/** An answer the test releases itself, to look at the page while the call is running. */
export function held(): { handler: ApiHandler; release: (response: Response) => void } {
  let release: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { handler: () => promise, release };
}

/**
 * Replaces fetch with a server whose routes are keyed 'METHOD /api/v1/path'. A route it does
 * not know answers 404 with a msg, so a test notices a call it did not expect.
 */
export function fakeApi(routes: Record<string, ApiHandler>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://campus.test');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
      const call: ApiCall = { method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams, body };
      calls.push(call);
      const handler = routes[`${call.method} ${call.path}`];
      return handler ? handler(call) : answer(404, { success: false, msg: `No fake route for ${call.path}` });
    }),
  );
  return {
    calls,
    /** The calls made to one path ('GET /api/v1/…'). */
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
  };
}

/** How the fake answers an upload: a status and JSON body (or raw text), or no answer at all. */
export type UploadAnswer = { status: number; body: unknown } | 'offline';

/**
 * Replaces XMLHttpRequest (apiUpload's transport) with one that answers every upload through
 * `reply`, recording method and URL.
 */
export function fakeUploads(reply: (call: { method: string; url: string }) => UploadAnswer) {
  const calls: { method: string; url: string }[] = [];
  class FakeUpload {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private call = { method: '', url: '' };
    open(method: string, url: string) {
      this.call = { method, url };
    }
    abort() {}
    getResponseHeader(): string | null {
      return null;
    }
    send() {
      calls.push(this.call);
      const result = reply(this.call);
      setTimeout(() => {
        if (result === 'offline') return this.onerror?.();
        this.status = result.status;
        this.responseText = typeof result.body === 'string' ? result.body : JSON.stringify(result.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  return calls;
}
