import { eq } from 'drizzle-orm';
import { auditLog, notifications, products, reports } from '#server/db/schema/index.ts';
import type { TestApp } from '../../support/test-app.ts';

/** The moderation calls as the web app makes them. */
export function moderationCalls(t: TestApp) {
  return {
    report: (cookie: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/v1/reports', headers: { cookie }, payload }),
    queue: (cookie: string) => t.app.inject({ method: 'GET', url: '/api/v1/admin/reports', headers: { cookie } }),
    act: (cookie: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/v1/admin/moderation/actions', headers: { cookie }, payload }),
    summary: (cookie: string) => t.app.inject({ method: 'GET', url: '/api/v1/admin/moderation/summary', headers: { cookie } }),
    audit: (cookie: string, query: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/api/v1/admin/audit', headers: { cookie }, query }),
    words: (cookie: string) => t.app.inject({ method: 'GET', url: '/api/v1/admin/prohibited-words', headers: { cookie } }),
    addWord: (cookie: string, word: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/admin/prohibited-words', headers: { cookie }, payload: { word } }),
    removeWord: (cookie: string, word: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/admin/prohibited-words/remove', headers: { cookie }, payload: { word } }),
    products: (cookie: string, query: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/api/v1/products', headers: { cookie }, query }),
  };
}

export async function storedReports(t: TestApp, targetId: string) {
  return t.app.db.select().from(reports).where(eq(reports.targetId, targetId));
}

export async function listingRow(t: TestApp, id: string) {
  const [row] = await t.app.db.select().from(products).where(eq(products.id, id));
  return row;
}

export async function notificationsOf(t: TestApp, userId: string) {
  return t.app.db.select().from(notifications).where(eq(notifications.userId, userId));
}

export async function auditRows(t: TestApp) {
  return t.app.db.select().from(auditLog);
}
