// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, fakeApi } from '#web/testing/fake-api.ts';
import { sessionQueryKey } from '#web/features/auth/api/session.ts';
import { productKeys } from '#web/features/products/api/query-keys.ts';
import { wishlistKeys } from '#web/features/wishlist/api/query-keys.ts';
import { requestFirstScreenData } from './first-screen-data.ts';

const student = { _id: 'u-1', userName: 'meera', isAdmin: false };
const lamp = { _id: 'p-1', title: 'Lamp', images: [{ _id: 'i-1', url: '/uploads/a.webp', cardUrl: '/uploads/a-card.webp' }] };

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

const studentRoutes = {
  'GET /api/v1/auth/check-auth': () => answer(200, { success: true, user: student }),
  'GET /api/v1/products': () => answer(200, { success: true, products: [lamp], nextCursor: null }),
  'GET /api/v1/wishlist/get-wishlist': () => answer(200, { success: true, wishlistProducts: [] }),
  'GET /api/v1/wishlist/get-buy-requests/u-1': () => answer(200, { success: true, buyRequests: [] }),
  'GET /api/v1/notifications/unread-count': () => answer(200, { success: true, unreadCount: 2 }),
  'GET /api/v1/conversations/unread-count': () => answer(200, { success: true, unreadCount: 0 }),
  'GET /api/v1/site': () => answer(200, { success: true, contactEmail: 'help@campus.test' }),
};

describe("the first screen's data", () => {
  it("is in the query cache before the first render: a student's Products page, frame and hearts", async () => {
    const api = fakeApi(studentRoutes);
    const queryClient = new QueryClient();
    await requestFirstScreenData('/shop/products', queryClient);
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(student);
    expect(queryClient.getQueryData(productKeys.browse(''))).toMatchObject({ pages: [{ products: [lamp] }] });
    expect(queryClient.getQueryData(wishlistKeys.list)).toEqual([]);
    expect(api.callsTo('GET /api/v1/notifications/unread-count')).toHaveLength(1);
    expect(api.callsTo('GET /api/v1/wishlist/get-buy-requests/u-1')).toHaveLength(1);
    // The first card's photo is asked for before the card is drawn.
    expect(document.head.querySelector('link[rel="preload"]')?.getAttribute('href')).toBe('/uploads/a-card.webp');
  });

  it('asks for nothing but the session for a visitor who is not signed in', async () => {
    const api = fakeApi({ 'GET /api/v1/auth/check-auth': () => answer(401, { success: false, msg: 'Unauthorized' }) });
    const queryClient = new QueryClient();
    await requestFirstScreenData('/shop/products', queryClient);
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
    expect(api.calls).toHaveLength(1);
  });

  it('settles when a call fails, leaving the failure to the screen', async () => {
    fakeApi({ ...studentRoutes, 'GET /api/v1/products': () => answer(500, { success: false, msg: 'Database down' }) });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await requestFirstScreenData('/shop/products', queryClient);
    expect(queryClient.getQueryData(productKeys.browse(''))).toBeUndefined();
    expect(queryClient.getQueryData(wishlistKeys.list)).toEqual([]);
  });
});
