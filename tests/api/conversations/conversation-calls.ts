import type { TestApp } from '../../support/test-app.ts';

/** The conversation and block calls as the web app makes them. */
export function conversationCalls(t: TestApp) {
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
  return {
    start: (cookie: string, productId: string, body: string) => call('POST', '/conversations', cookie, { productId, body }),
    send: (cookie: string, id: string, body: unknown) => call('POST', `/conversations/${id}/messages`, cookie, { body }),
    inbox: (cookie: string, query = '') => call('GET', `/conversations${query}`, cookie),
    unread: (cookie: string) => call('GET', '/conversations/unread-count', cookie),
    get: (cookie: string, id: string) => call('GET', `/conversations/${id}`, cookie),
    byProduct: (cookie: string, productId: string) => call('GET', `/conversations/by-product/${productId}`, cookie),
    messages: (cookie: string, id: string, query = '') => call('GET', `/conversations/${id}/messages${query}`, cookie),
    read: (cookie: string, id: string) => call('POST', `/conversations/${id}/read`, cookie),
    block: (cookie: string, userId: string) => call('POST', '/blocks', cookie, { userId }),
    unblock: (cookie: string, userId: string) => call('DELETE', `/blocks/${userId}`, cookie),
    blocks: (cookie: string) => call('GET', '/blocks', cookie),
  };
}
