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
import type { MyBuyRequestsResponse, InterestedBuyersResponse } from '#domain/buy-requests/buy-request.wire.ts';
import type { ConversationPage } from '#domain/conversations/conversation.wire.ts';
import type { NotificationPage } from '#domain/notifications/notification.wire.ts';
import type { WishlistResponse } from '#domain/wishlist/wishlist.wire.ts';
import { DEMO_ACTIVE_STUDENTS, seedDemoActivity } from '#server/seed/demo-activity.ts';
import { mailOutbox, sessions } from '#server/db/schema/index.ts';
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
  await seedDemoActivity(t.app, () => {});
}, 240_000);
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
    // Every sale to a buyer says what it sold for (the asking price in the catalogue's past, an offer in the demo's).
    expect(answer.products.filter((product) => product.soldOut && product.buyer).every((product) => product.soldPrice! > 0)).toBe(
      true,
    );
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

/** Issue 22: a newcomer who signs in as a printed demo student finds every screen in use. */
describe("the demo students' activity", () => {
  const activeLogins = () => logins.filter((login) => login.role === 'student').slice(0, DEMO_ACTIVE_STUDENTS);
  const as = async (email: string) => {
    const [user] = await t.app.db.select().from(users).where(eq(users.email, email));
    const cookie = await sessionCookieFor(t, user!.id);
    const get = async <T>(url: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie } });
      expect(response.statusCode).toBe(200);
      return body<T>(response);
    };
    return { user: user!, get };
  };

  it('covers every login printed at start, and a few more', () => {
    expect(DEMO_ACTIVE_STUDENTS).toBeGreaterThanOrEqual(3);
    expect(formatDemoLogins(logins)).toContain(activeLogins()[2]!.email);
  });

  it('gives each of them conversations with unread messages', async () => {
    for (const login of activeLogins()) {
      const { get } = await as(login.email);
      const inbox = await get<ConversationPage>('/conversations');
      expect(inbox.conversations, login.email).toHaveLength(7);
      expect(inbox.unreadCount, login.email).toBeGreaterThanOrEqual(4);
      expect(
        inbox.conversations.filter((conversation) => conversation.unreadCount > 0).length,
        login.email,
      ).toBeGreaterThanOrEqual(4);
    }
  });

  it('gives each of them the requests they sent: one waiting, one accepted, one rejected', async () => {
    for (const login of activeLogins()) {
      const { get } = await as(login.email);
      const { requests } = await get<MyBuyRequestsResponse>('/interested/my-requests');
      const statuses = requests.map((request) => request.status);
      // Besides a purchase from the catalogue's past for some of them.
      expect(
        statuses.filter((status) => status === 'active'),
        login.email,
      ).toHaveLength(1);
      expect(
        statuses.filter((status) => status === 'rejected'),
        login.email,
      ).toHaveLength(1);
      expect(statuses.filter((status) => status === 'accepted').length, login.email).toBeGreaterThanOrEqual(1);
      expect(requests.find((request) => request.status === 'accepted')!.seller, login.email).toBeDefined();
    }
  });

  it('gives each of them two interested buyers on a listing of their own', async () => {
    for (const login of activeLogins()) {
      const { user, get } = await as(login.email);
      const own = await t.app.db.select({ id: products.id }).from(products).where(eq(products.sellerId, user.id));
      const counts = await Promise.all(
        own.map(async (listing) => {
          const answer = await get<InterestedBuyersResponse>(
            `/interested/get-buy-requests?productId=${listing.id}&sellerId=${user.id}`,
          );
          return answer.buyRequests.length;
        }),
      );
      expect(Math.max(...counts), login.email).toBe(2);
    }
  });

  it('gives each of them unread notifications of every kind a sale makes', async () => {
    for (const login of activeLogins()) {
      const { get } = await as(login.email);
      const page = await get<NotificationPage>('/notifications?limit=50');
      const kinds = page.notifications.map((notification) => notification.kind);
      expect(page.unreadCount, login.email).toBe(7);
      expect(
        kinds.filter((kind) => kind === 'buy-request.received'),
        login.email,
      ).toHaveLength(2);
      expect(
        kinds.filter((kind) => kind === 'buy-request.accepted'),
        login.email,
      ).toHaveLength(1);
      expect(
        kinds.filter((kind) => kind === 'buy-request.rejected'),
        login.email,
      ).toHaveLength(1);
      expect(
        kinds.filter((kind) => kind === 'message.received'),
        login.email,
      ).toHaveLength(3);
    }
  });

  it('gives each of them a wishlist', async () => {
    for (const login of activeLogins()) {
      const { get } = await as(login.email);
      const { wishlistProducts } = await get<WishlistResponse>('/wishlist/get-wishlist');
      expect(wishlistProducts, login.email).toHaveLength(3);
    }
  });

  it('leaves no session of its own behind, and queues the mails the events make like any others', async () => {
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userAgent, 'campus-market demo seed'))).toEqual([]);
    const mails = await t.app.db.select({ to: mailOutbox.toAddress }).from(mailOutbox);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.every((mail) => mail.to.endsWith(`@${DEMO_EMAIL_DOMAIN}`))).toBe(true);
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
