import { and, asc, eq } from 'drizzle-orm';
import type { CreateSavedSearchInput, UpdateSavedSearchInput } from '#domain/alerts/saved-search.schemas.ts';
import type { NotificationKind } from '#domain/notifications/notification-kinds.ts';
import { runListingExpiry } from '#server/alerts/listing-lifecycle.ts';
import { notifications } from '#server/db/schema/index.ts';
import type { TestApp } from '../../support/test-app.ts';

/** The lifecycle and saved-search calls as the web app makes them. */
export function alertCalls(t: TestApp) {
  return {
    renew: (cookie: string, productId: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/products/renew/${productId}`, headers: { cookie } }),
    renewByLink: (token: string) => t.app.inject({ method: 'POST', url: `/api/v1/products/renew-link/${token}` }),
    myListings: (cookie: string, userId: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/products/my-listings/${userId}`, headers: { cookie } }),
    products: (cookie: string, query: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/api/v1/products', headers: { cookie }, query }),
    edit: (cookie: string, productId: string, form: FormData) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/products/edit/${productId}`, headers: { cookie }, payload: form }),
    saveSearch: (cookie: string, payload: CreateSavedSearchInput) =>
      t.app.inject({ method: 'POST', url: '/api/v1/saved-searches', headers: { cookie }, payload }),
    savedSearches: (cookie: string) => t.app.inject({ method: 'GET', url: '/api/v1/saved-searches', headers: { cookie } }),
    updateSavedSearch: (cookie: string, id: string, payload: UpdateSavedSearchInput) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/saved-searches/${id}`, headers: { cookie }, payload }),
    deleteSavedSearch: (cookie: string, id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/saved-searches/${id}`, headers: { cookie } }),
    wishlist: (cookie: string, productId: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/wishlist/add/${productId}`, headers: { cookie } }),
    lifecycleStats: (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/admin-stats/products/lifecycle', headers: { cookie } }),
  };
}

/**
 * The scheduled expiry, run now (the scheduler would at its next tick), then every job it queued,
 * once the caches have heard of what it changed: it writes past the routes, and a Products page
 * read before it (Newest) is cached.
 */
export async function runExpiry(t: TestApp) {
  const result = await runListingExpiry(t.app.lifecycle);
  await t.drainJobs();
  await t.settled();
  return result;
}

/** A user's notifications of one kind, oldest first, as stored. */
export async function notificationsOf(t: TestApp, userId: string, kind?: NotificationKind) {
  return t.app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), kind ? eq(notifications.kind, kind) : undefined))
    .orderBy(asc(notifications.seq));
}

/** The renew link in a warning mail's text, as the token the page posts. */
export function renewTokenIn(text: string): string {
  const match = /\/renew\/([^\s)>\]]+)/.exec(text);
  if (!match) throw new Error('no renew link in the mail');
  return match[1]!;
}
