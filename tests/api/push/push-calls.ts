import { eq } from 'drizzle-orm';
import { pushSubscriptions } from '#server/db/schema/index.ts';
import type { TestApp } from '../../support/test-app.ts';

/** The push calls as the web app makes them. */
export function pushCalls(t: TestApp) {
  return {
    publicKey: (cookie: string) => t.app.inject({ method: 'GET', url: '/api/v1/push/public-key', headers: { cookie } }),
    list: (cookie: string) => t.app.inject({ method: 'GET', url: '/api/v1/push/subscriptions', headers: { cookie } }),
    subscribe: (cookie: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/v1/push/subscriptions', headers: { cookie }, payload: payload as object }),
    unsubscribe: (cookie: string, id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/push/subscriptions/${id}`, headers: { cookie } }),
    setPreference: (cookie: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: '/api/v1/notifications/preferences', headers: { cookie }, payload }),
  };
}

/** The stored subscriptions of a user, as the database holds them. */
export function storedSubscriptions(t: TestApp, userId: string) {
  return t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}
