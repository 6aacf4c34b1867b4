// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '#domain/notifications/notification.wire.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { productKeys } from '#web/features/products/api/query-keys.ts';
import { answer, fakeApi } from '#web/testing/fake-api.ts';
import { productOf, renderWithApp, student } from '#web/testing/render.tsx';
import { NotificationBell } from './components/notification-bell.tsx';
import { UnreadAnnouncer } from './components/unread-announcer.tsx';
import { notificationKeys } from './api/query-keys.ts';
import { useLiveEvents } from './use-live-events.ts';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const received: Notification = {
  _id: 'n-new',
  kind: 'buy-request.received',
  read: false,
  createdAt: new Date().toISOString(),
  payload: { productId: 'p-lamp', productTitle: 'Study lamp', buyerName: 'meera', message: 'Still there?' },
};
const accepted: Notification = {
  _id: 'n-old',
  kind: 'buy-request.accepted',
  read: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  payload: { productId: 'p-cycle', productTitle: 'Hero cycle', sellerName: 'ravi' },
};

/** A stand-in for the browser's EventSource that the test speaks through. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  static readonly CLOSED = 2;
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown, id = '') {
    for (const listener of this.listeners.get(type) ?? []) {
      listener(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id }));
    }
  }
}

function LiveBell() {
  useLiveEvents();
  return (
    <>
      <NotificationBell />
      <UnreadAnnouncer />
    </>
  );
}

describe('the bell', () => {
  it('names the unread count, lists the latest notifications newest first, and marks one read when opened', async () => {
    const api = fakeApi({
      'GET /api/v1/notifications/unread-count': () => answer(200, { success: true, unreadCount: 1 }),
      'GET /api/v1/notifications': () =>
        answer(200, { success: true, notifications: [received, accepted], nextCursor: null, unreadCount: 1 }),
      'POST /api/v1/notifications/n-new/read': () => answer(200, { success: true, unreadCount: 0 }),
    });
    renderWithApp(<NotificationBell />, { user: student });

    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    fireEvent.click(bell);
    // The panel's code loads on first use (a cold import under the test runner takes a while).
    const panel = await screen.findByRole('dialog', { name: 'Notifications' }, { timeout: 5000 });
    const links = await waitFor(() => {
      const found = panel.querySelectorAll('a[href="/shop/listings"], a[href="/shop/products/p-cycle"]');
      expect(found).toHaveLength(2);
      return found;
    });
    expect(links[0]!.textContent).toContain('meera wants to buy "Study lamp"');
    expect(links[1]!.textContent).toContain('ravi accepted your request for "Hero cycle"');

    fireEvent.click(links[0]!);
    await waitFor(() => expect(api.callsTo('POST /api/v1/notifications/n-new/read')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
  });
});

describe('live updates', () => {
  it('raise the count and announce it when a notification arrives, and show a listing as sold', async () => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    fakeApi({
      'GET /api/v1/notifications/unread-count': () => answer(200, { success: true, unreadCount: 0 }),
      'GET /api/v1/notifications': () => answer(200, { success: true, notifications: [], nextCursor: null, unreadCount: 0 }),
    });
    const { queryClient } = renderWithApp(<LiveBell />, {
      user: student,
      cache: [[productKeys.detail('p-lamp'), productOf()]],
    });
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const stream = FakeEventSource.instances[0]!;
    expect(stream.url).toBe('/api/v1/events');

    stream.emit('notification', { notification: received, unreadCount: 3 }, '41');
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('You have 3 unread notifications');

    stream.emit('listing-sold', { productId: 'p-lamp' });
    expect(queryClient.getQueryData<Product>(productKeys.detail('p-lamp'))?.soldOut).toBe(true);

    stream.emit('notifications-read', { unreadCount: 0 });
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('open the stream after the newest notification the page was drawn with, so one sent meanwhile is replayed', async () => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const counted = { success: true, unreadCount: 2, latestSeq: 40 };
    fakeApi({ 'GET /api/v1/notifications/unread-count': () => answer(200, counted) });
    renderWithApp(<LiveBell />, { user: student, cache: [[notificationKeys.unread, counted]] });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(FakeEventSource.instances[0]!.url).toBe('/api/v1/events?lastEventId=40');
  });

  it('open the stream again after the server refused it, resuming after the last event', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      FakeEventSource.instances = [];
      vi.stubGlobal('EventSource', FakeEventSource);
      fakeApi({
        'GET /api/v1/notifications/unread-count': () => answer(200, { success: true, unreadCount: 0 }),
        'GET /api/v1/auth/check-auth': () => answer(200, { success: true, user: student }),
      });
      renderWithApp(<LiveBell />, { user: student });
      await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
      const first = FakeEventSource.instances[0]!;
      first.emit('notification', { notification: received, unreadCount: 1 }, '7');
      first.close();
      first.onerror?.();
      await vi.advanceTimersByTimeAsync(3500);
      expect(FakeEventSource.instances).toHaveLength(2);
      expect(FakeEventSource.instances[1]!.url).toBe('/api/v1/events?lastEventId=7');
    } finally {
      vi.useRealTimers();
    }
  });
});
