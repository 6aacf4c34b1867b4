// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wishlistMessages } from '#domain/wishlist/wishlist.messages.ts';
import type { Product } from '#domain/products/product.wire.ts';
import type { SessionUser } from '#domain/users/user.wire.ts';
import { sessionQueryKey } from '#web/features/auth/api/session.ts';
import { wishlistKeys } from './api/query-keys.ts';
import { WishlistTab } from './wishlist-tab.tsx';
import { WishlistButton } from './components/wishlist-button.tsx';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const student: SessionUser = {
  _id: 'u-student',
  userId: 'u-student',
  userName: 'meera',
  email: 'meera@campus.edu',
  phoneNumber: null,
  gender: null,
  isAdmin: false,
  profilePicture: { url: '/images/user-avatar.png' },
  createdAt: '2026-01-01T00:00:00.000Z',
};

const lamp: Product = {
  _id: 'p-lamp',
  title: 'Study lamp',
  description: 'Warm light',
  price: 300,
  originalPrice: null,
  category: 'Electronics',
  condition: 'Good',
  images: [],
  rating: 0,
  numReviews: 0,
  soldOut: false,
  buyer: null,
  soldPrice: null,
  reserved: false,
  reservedFor: null,
  seller: { _id: 'u-seller', userName: 'ravi', profilePicture: { url: '/images/user-avatar.png' } },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  renewedAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-03-02T00:00:00.000Z',
  expired: false,
};

/** A fetch whose answers the test hands out one by one, recording what was asked. */
function controlledFetch() {
  const calls: { url: string; method: string; answer: (status: number, body: unknown) => void; fail: () => void }[] = [];
  const fetchMock = vi.fn(
    (url: string, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        calls.push({
          url,
          method: init?.method ?? 'GET',
          answer: (status, body) => resolve(new Response(JSON.stringify(body), { status })),
          fail: () => reject(new TypeError('Failed to fetch')),
        });
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderButton(options: { user?: SessionUser; wishlist?: Product[]; feedback?: 'toast' | 'log'; product?: Product } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(sessionQueryKey, options.user ?? student);
  queryClient.setQueryData(wishlistKeys.list, options.wishlist ?? []);
  render(
    <QueryClientProvider client={queryClient}>
      <WishlistButton product={options.product ?? lamp} feedback={options.feedback} />
    </QueryClientProvider>,
  );
  return queryClient;
}

const heart = () => screen.getByRole('button');

beforeEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the wishlist heart', () => {
  it('fills at once, is disabled while the call runs, then refetches the wishlist', async () => {
    const calls = controlledFetch();
    renderButton();
    expect(heart().getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(heart());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ url: '/api/v1/wishlist/add/p-lamp', method: 'POST' });
    expect(heart().getAttribute('aria-pressed')).toBe('true');
    expect((heart() as HTMLButtonElement).disabled).toBe(true);

    calls[0]!.answer(200, { success: true, msg: wishlistMessages.added });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(wishlistMessages.added));
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/v1/wishlist/get-wishlist'));
    expect((heart() as HTMLButtonElement).disabled).toBe(false);
    calls[1]!.answer(200, { success: true, wishlistProducts: [lamp] });
    await waitFor(() => expect(heart().getAttribute('aria-label')).toBe(wishlistMessages.removeLabel(lamp.title)));
  });

  it("goes back and shows the server's msg when adding is refused", async () => {
    const calls = controlledFetch();
    renderButton();
    fireEvent.click(heart());
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.answer(403, { success: false, msg: wishlistMessages.ownListing, code: 'FORBIDDEN' });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(wishlistMessages.ownListing));
    expect(heart().getAttribute('aria-pressed')).toBe('false');
  });

  it("says 'Server error' when adding gets no answer, and 'Error removing from wishlist' when removing gets none", async () => {
    const calls = controlledFetch();
    renderButton();
    fireEvent.click(heart());
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.fail();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(wishlistMessages.addError));
    cleanup();

    const more = controlledFetch();
    renderButton({ wishlist: [lamp] });
    expect(heart().getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(heart());
    await waitFor(() => expect(more).toHaveLength(1));
    expect(more[0]).toMatchObject({ url: '/api/v1/wishlist/delete/p-lamp', method: 'DELETE' });
    expect(heart().getAttribute('aria-pressed')).toBe('false');
    more[0]!.fail();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(wishlistMessages.removeError));
    expect(heart().getAttribute('aria-pressed')).toBe('true');
  });

  it('only logs a failure when asked to (My Listings cards)', async () => {
    const calls = controlledFetch();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderButton({ feedback: 'log' });
    fireEvent.click(heart());
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.answer(500, { success: false, msg: 'Something went wrong. Please try again.', code: 'INTERNAL' });
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(toast.error).not.toHaveBeenCalled();
    expect(heart().getAttribute('aria-pressed')).toBe('false');
  });

  it('is hidden on your own listing and for an admin', () => {
    controlledFetch();
    renderButton({ product: { ...lamp, seller: { ...lamp.seller, _id: student._id } } });
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    renderButton({ user: { ...student, isAdmin: true } });
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('the Wishlist tab', () => {
  function renderTab(wishlist?: Product[], user: SessionUser = student) {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    queryClient.setQueryData(sessionQueryKey, user);
    if (wishlist) queryClient.setQueryData(wishlistKeys.list, wishlist);
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <WishlistTab />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it('shows 6 card skeletons while the wishlist loads, then the empty text', async () => {
    const calls = controlledFetch();
    renderTab();
    const loading = screen.getByRole('status', { name: 'Loading your wishlist' });
    expect(loading.querySelectorAll('.aspect-\\[4\\/3\\]')).toHaveLength(6);
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.answer(200, { success: true, wishlistProducts: [] });
    await screen.findByText(wishlistMessages.empty);
  });

  it('shows an admin the empty text, not skeletons, and asks the server for nothing', async () => {
    const calls = controlledFetch();
    renderTab(undefined, { ...student, isAdmin: true });
    await screen.findByText(wishlistMessages.empty);
    expect(screen.queryByRole('status', { name: 'Loading your wishlist' })).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('takes a card off at once and still confirms the removal after its heart is gone', async () => {
    const calls = controlledFetch();
    renderTab([lamp]);
    fireEvent.click(screen.getByRole('button', { name: wishlistMessages.removeLabel(lamp.title) }));
    await screen.findByText(wishlistMessages.empty);
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0]!.answer(200, { success: true, msg: wishlistMessages.removed });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(wishlistMessages.removed));
  });
});
