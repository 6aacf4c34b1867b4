import type { TestApp } from '../../support/test-app.ts';

/** The meet-up and safe-spot calls as the web app makes them. */
export function meetupCalls(t: TestApp) {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
  return {
    spots: (cookie: string) => call('GET', '/meetup-spots', cookie),
    adminSpots: (cookie: string) => call('GET', '/admin/meetup-spots', cookie),
    addSpot: (cookie: string, payload: Record<string, unknown>) => call('POST', '/admin/meetup-spots', cookie, payload),
    editSpot: (cookie: string, id: string, payload: Record<string, unknown>) =>
      call('PATCH', `/admin/meetup-spots/${id}`, cookie, payload),
    removeSpot: (cookie: string, id: string) => call('DELETE', `/admin/meetup-spots/${id}`, cookie),
    meetup: (cookie: string, conversationId: string) => call('GET', `/conversations/${conversationId}/meetup`, cookie),
    propose: (cookie: string, conversationId: string, payload: Record<string, unknown>) =>
      call('POST', `/conversations/${conversationId}/meetup`, cookie, payload),
    accept: (cookie: string, conversationId: string, proposalId: string) =>
      call('POST', `/conversations/${conversationId}/meetup/${proposalId}/accept`, cookie),
    startConversation: (cookie: string, productId: string, body: string) =>
      call('POST', '/conversations', cookie, { productId, body }),
  };
}
