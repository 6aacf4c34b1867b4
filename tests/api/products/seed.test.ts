import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '#domain/catalog.ts';
import type { ProductListResponse } from '#domain/products/product.wire.ts';
import { verifyPassword } from '#server/auth/passwords.ts';
import { productImages, products, users } from '#server/db/schema/index.ts';
import {
  DEMO_EMAIL_DOMAIN,
  DEMO_PASSWORD,
  type DemoLogin,
  type SeedContext,
  formatDemoLogins,
  hasDemoCatalogue,
  isDatabaseEmpty,
  seedDemoCatalogue,
  seedScaleCatalogue,
} from '#server/seed/seed-catalogue.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';

let t: TestApp;
let ctx: SeedContext;
let logins: DemoLogin[];

async function productCount() {
  const [row] = await t.app.db.select({ count: sql<number>`count(*)::int` }).from(products);
  return Number(row!.count);
}

beforeAll(async () => {
  // An institute install: only iitk.ac.in may register.
  t = await createTestApp({ config: { allowedEmailDomains: ['iitk.ac.in'] } });
  ctx = { db: t.app.db, storage: t.app.storage, progress: () => {} };
  expect(await isDatabaseEmpty(t.app.db)).toBe(true);
  logins = await seedDemoCatalogue(ctx);
});
afterAll(() => t.close());

describe('the demo catalogue', () => {
  it("creates an admin and a few dozen students on a reserved domain, never the institute's, all with the demo password", async () => {
    expect(DEMO_EMAIL_DOMAIN).toBe('campus.example');
    expect(logins[0]).toEqual({ role: 'admin', email: 'admin@campus.example', password: DEMO_PASSWORD });
    expect(logins.filter((login) => login.role === 'student').length).toBeGreaterThanOrEqual(24);
    expect(logins.every((login) => login.email.endsWith('@campus.example'))).toBe(true);
    const stored = await t.app.db.select({ email: users.email }).from(users);
    expect(stored.filter((row) => row.email.endsWith('iitk.ac.in'))).toEqual([]);
    const [student] = await t.app.db.select().from(users).where(eq(users.email, logins[1]!.email));
    expect(student).toMatchObject({ isAdmin: false, userName: logins[1]!.email.split('@')[0] });
    expect(await verifyPassword(student!.passwordHash, DEMO_PASSWORD)).toBe(true);
    expect(await hasDemoCatalogue(ctx)).toBe(true);
  });

  it('lists products in all seven categories, some sold, with rupee prices', async () => {
    const [admin] = await t.app.db.select().from(users).where(eq(users.isAdmin, true));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/products?limit=100',
      headers: { cookie: await sessionCookieFor(t, admin!.id) },
    });
    const answer = body<ProductListResponse>(response);
    expect(answer.categories.map((category) => category.name)).toEqual([...CATEGORIES].sort());
    expect(answer.total).toBeGreaterThanOrEqual(50);
    expect(answer.products.some((product) => product.soldOut && product.buyer)).toBe(true);
    expect(answer.products.every((product) => product.price > 0 && product.images.length >= 1)).toBe(true);
  });

  it('stores every photo through the storage module, one file set per listing', async () => {
    const rows = await t.app.db.select().from(productImages);
    const keys = rows.flatMap((row) => [row.storageKey, row.cardStorageKey]);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(fs.existsSync(path.join(t.uploadsDir, key))).toBe(true);
  });

  it('lets the demo accounts sign in although ALLOWED_EMAIL_DOMAINS names only the institute', async () => {
    for (const login of [logins[0]!, logins[1]!]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: login.email, password: login.password },
      });
      expect(response.statusCode).toBe(200);
      expect(body(response)).toMatchObject({ success: true, user: { email: login.email, isAdmin: login.role === 'admin' } });
    }
  });

  it('prints the logins with the password', () => {
    const text = formatDemoLogins(logins);
    expect(text).toContain(`admin@campus.example / ${DEMO_PASSWORD}`);
    expect(text).toContain(`${logins[1]!.email} / ${DEMO_PASSWORD}`);
  });
});

describe('the scale catalogue', () => {
  it('tops the catalogue up to the asked number of listings, and only once', async () => {
    const before = await productCount();
    expect(await seedScaleCatalogue(ctx, before + 120)).toBe(120);
    expect(await productCount()).toBe(before + 120);
    expect(await seedScaleCatalogue(ctx, before + 120)).toBe(0);
    expect(await productCount()).toBe(before + 120);
  });
});
