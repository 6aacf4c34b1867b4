// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyBuyRequest } from '#domain/buy-requests/buy-request.wire.ts';
import { buyRequestMessages as m } from '#domain/buy-requests/buy-request.messages.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { AppShell } from '#web/app/app-shell.tsx';
import { ShopLayout } from '#web/components/layout/shop-layout.tsx';
import { type ApiHandler, answer, fakeApi, offline } from '#web/testing/fake-api.ts';
import { productOf, renderWithApp, student } from '#web/testing/render.tsx';
import { BuyRequestButton, BuyRequestStatusPanel } from './components/buy-request-panel.tsx';

/** The product page's two parts of a buy request: its status and the button. */
function BuyRequestPanel({ product }: { product: Product }) {
  return (
    <>
      <BuyRequestStatusPanel product={product} />
      <BuyRequestButton product={product} />
    </>
  );
}
import { useRequestStatusFooter } from './use-request-status-footer.tsx';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const REQUESTED = `GET /api/v1/wishlist/get-buy-requests/${student._id}`;
const MINE = 'GET /api/v1/interested/my-requests';

const lamp = productOf();
const drafter = productOf({ _id: 'p-drafter', title: 'Mini drafter' });
const kettle = productOf({ _id: 'p-kettle', title: 'Kettle' });

const pendingOnLamp: MyBuyRequest = {
  productId: lamp._id,
  status: 'active',
  buyerMessage: 'Tonight at the library?',
  createdAt: '2026-02-01T10:00:00.000Z',
  updatedAt: '2026-02-01T10:00:00.000Z',
  decidedAt: null,
};

const requestedIds =
  (ids: string[]): ApiHandler =>
  () =>
    answer(200, { success: true, buyRequests: ids });
const myRequests =
  (requests: MyBuyRequest[]): ApiHandler =>
  () =>
    answer(200, { success: true, requests });

beforeEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('at start', () => {
  /** A student's first page: the app shell, then the shop's frame (which only students are shown). */
  function renderShell(requested: ApiHandler, user = student) {
    // jsdom has no scrolling; the shell scrolls to top on each route.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const api = fakeApi({
      'GET /api/v1/auth/check-auth': () => answer(200, { success: true, user }),
      'GET /api/v1/wishlist/get-wishlist': () => answer(200, { success: true, wishlistProducts: [] }),
      [`GET /api/v1/wishlist/get-buy-requests/${user._id}`]: requested,
      // What the frame itself shows: the bell, the Messages badge and the footer.
      'GET /api/v1/notifications/unread-count': () => answer(200, { success: true, unreadCount: 0 }),
      'GET /api/v1/conversations/unread-count': () => answer(200, { success: true, unreadCount: 0 }),
      'GET /api/v1/site': () =>
        answer(200, { contactEmail: 'help@campus.test', contactPhone: '+91 00000 00000', campusMapEmbedUrl: null }),
    });
    renderWithApp(
      <Routes>
        <Route element={<AppShell />}>
          <Route element={<ShopLayout />}>
            <Route index element={<p>The home screen</p>} />
          </Route>
        </Route>
      </Routes>,
    );
    return api;
  }

  it('checks the session, then loads the listings the student has requested', async () => {
    const api = renderShell(requestedIds([lamp._id]));
    await screen.findByText('The home screen');
    await waitFor(() => expect(api.callsTo(REQUESTED)).toHaveLength(1));
    const order = api.calls.map((call) => call.path);
    expect(order.indexOf('/api/v1/auth/check-auth')).toBeLessThan(
      order.indexOf(`/api/v1/wishlist/get-buy-requests/${student._id}`),
    );
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says 'Error in getting the products' when the answer is a failure without msg", async () => {
    renderShell(() => answer(500, { success: false }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(m.fetchProductsFailed));
  });

  it("shows the server's msg, or the network error's message when no answer came", async () => {
    renderShell(() => answer(403, { success: false, msg: 'You are not allowed to do this.', code: 'FORBIDDEN' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('You are not allowed to do this.'));
    cleanup();
    renderShell(offline);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to fetch'));
  });
});

describe("the product page's request button", () => {
  it('offers to send at once for a listing the student never requested, without fetching statuses', async () => {
    const api = fakeApi({ [REQUESTED]: requestedIds([drafter._id]), [MINE]: myRequests([]) });
    renderWithApp(<BuyRequestPanel product={lamp} />, { user: student });
    await screen.findByRole('button', { name: m.sendButton });
    expect(api.callsTo(MINE)).toHaveLength(0);
  });

  it("shows a requested listing's status and offers to update the message", async () => {
    const api = fakeApi({ [REQUESTED]: requestedIds([lamp._id]), [MINE]: myRequests([pendingOnLamp]) });
    renderWithApp(<BuyRequestPanel product={lamp} />, { user: student });
    await screen.findByText(m.statusActive);
    expect(screen.getByRole('button', { name: m.updateButton })).toBeTruthy();
    expect(api.callsTo(MINE)).toHaveLength(1);
  });

  it('fetches statuses anyway when the requested set could not be loaded', async () => {
    const api = fakeApi({ [REQUESTED]: offline, [MINE]: myRequests([pendingOnLamp]) });
    renderWithApp(<BuyRequestPanel product={lamp} />, { user: student });
    await screen.findByText(m.statusActive);
    expect(api.callsTo(MINE)).toHaveLength(1);
  });
});

describe('the Show Buy Requests badges', () => {
  function Footers({ products }: { products: Product[] }) {
    const footer = useRequestStatusFooter(true);
    return (
      <ul>
        {products.map((product) => (
          <li key={product._id} aria-label={product.title}>
            {footer?.(product)}
          </li>
        ))}
      </ul>
    );
  }

  it('marks each requested listing, with its status when known', async () => {
    fakeApi({ [REQUESTED]: requestedIds([lamp._id, drafter._id]), [MINE]: myRequests([pendingOnLamp]) });
    renderWithApp(<Footers products={[lamp, drafter, kettle]} />, { user: student });
    await waitFor(() => expect(screen.getByRole('listitem', { name: lamp.title }).textContent).toBe(m.statusActive));
    await waitFor(() => expect(screen.getByRole('listitem', { name: drafter.title }).textContent).toBe(m.statusRequested));
    expect(screen.getByRole('listitem', { name: kettle.title }).textContent).toBe('');
  });
});
