// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wishlistMessages } from '#domain/wishlist/wishlist.messages.ts';
import type { Product } from '#domain/products/product.wire.ts';
import type { SessionUser } from '#domain/users/user.wire.ts';
import { paths } from '#web/config/paths.ts';
import { sessionQueryKey } from '#web/features/auth/api/session.ts';
import { wishlistKeys } from '#web/features/wishlist/api/query-keys.ts';
import { ProductCardList } from './components/product-grid.tsx';

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

function productNamed(title: string, sellerId = 'u-seller'): Product {
  return {
    _id: `p-${title.toLowerCase().replaceAll(' ', '-')}`,
    title,
    description: 'In good shape',
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
    seller: { _id: sellerId, userName: 'ravi', profilePicture: { url: '/images/user-avatar.png' } },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    renewedAt: '2026-01-01T00:00:00.000Z',
    expiresAt: '2026-03-02T00:00:00.000Z',
    expired: false,
  };
}

const lamp = productNamed('Study lamp');
const kettle = productNamed('Kettle');
const ownBike = productNamed('Cycle', student._id);

/** A fetch whose answers the test hands out one by one, recording what was asked. */
function controlledFetch() {
  const calls: { url: string; method: string; answer: (status: number, body: unknown) => void }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string, init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          calls.push({
            url,
            method: init?.method ?? 'GET',
            answer: (status, body) => resolve(new Response(JSON.stringify(body), { status })),
          });
        }),
    ),
  );
  return calls;
}

function renderList(
  products: Product[],
  options: { user?: SessionUser | null; wishlist?: Product[]; firstScreen?: boolean } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(sessionQueryKey, options.user === undefined ? student : options.user);
  queryClient.setQueryData(wishlistKeys.list, options.wishlist ?? []);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ProductCardList products={products} label="Products" firstScreen={options.firstScreen} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

const cardOf = (title: string) => screen.getByRole('link', { name: title }).closest('article') as HTMLElement;
const heartOf = (title: string) => within(cardOf(title)).queryByRole('button');

beforeEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the product card grid', () => {
  it('gives a student a heart on other sellers\u2019 cards, filled for wishlisted ones, and none on their own listing', () => {
    controlledFetch();
    renderList([lamp, kettle, ownBike], { wishlist: [kettle] });
    expect(heartOf(lamp.title)?.getAttribute('aria-pressed')).toBe('false');
    expect(heartOf(lamp.title)?.getAttribute('aria-label')).toBe(wishlistMessages.addLabel(lamp.title));
    expect(heartOf(kettle.title)?.getAttribute('aria-pressed')).toBe('true');
    expect(heartOf(kettle.title)?.getAttribute('aria-label')).toBe(wishlistMessages.removeLabel(kettle.title));
    expect(heartOf(ownBike.title)).toBeNull();
    expect(screen.getByRole('link', { name: lamp.title }).getAttribute('href')).toBe(paths.shop.product(lamp._id));
  });

  it('shows no hearts when signed out or to an admin, whose cards link to the admin product page', () => {
    controlledFetch();
    renderList([lamp], { user: null });
    expect(heartOf(lamp.title)).toBeNull();
    cleanup();
    renderList([lamp], { user: { ...student, isAdmin: true } });
    expect(heartOf(lamp.title)).toBeNull();
    expect(screen.getByRole('link', { name: lamp.title }).getAttribute('href')).toBe(paths.admin.product(lamp._id));
  });

  it('adds the clicked card\u2019s product, busy only on that card, and removes it on the next click', async () => {
    const calls = controlledFetch();
    renderList([lamp, kettle]);

    fireEvent.click(heartOf(lamp.title)!);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ url: '/api/v1/wishlist/add/p-study-lamp', method: 'POST' });
    expect(heartOf(lamp.title)?.getAttribute('aria-pressed')).toBe('true');
    expect((heartOf(lamp.title) as HTMLButtonElement).disabled).toBe(true);
    expect((heartOf(kettle.title) as HTMLButtonElement).disabled).toBe(false);
    expect(heartOf(kettle.title)?.getAttribute('aria-pressed')).toBe('false');

    calls[0]!.answer(200, { success: true, msg: wishlistMessages.added });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(wishlistMessages.added));
    await waitFor(() => expect((heartOf(lamp.title) as HTMLButtonElement).disabled).toBe(false));
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/v1/wishlist/get-wishlist'));
    calls[1]!.answer(200, { success: true, wishlistProducts: [lamp] });

    fireEvent.click(heartOf(lamp.title)!);
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toMatchObject({ url: '/api/v1/wishlist/delete/p-study-lamp', method: 'DELETE' });
    expect(heartOf(lamp.title)?.getAttribute('aria-pressed')).toBe('false');
    calls[2]!.answer(200, { success: true, msg: wishlistMessages.removed });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(wishlistMessages.removed));
  });

  it("puts the heart back and shows the server's msg when a card's toggle is refused", async () => {
    const calls = controlledFetch();
    renderList([lamp, kettle]);
    fireEvent.click(heartOf(kettle.title)!);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ url: '/api/v1/wishlist/add/p-kettle', method: 'POST' });
    calls[0]!.answer(403, { success: false, msg: wishlistMessages.ownListing, code: 'FORBIDDEN' });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(wishlistMessages.ownListing));
    expect(heartOf(kettle.title)?.getAttribute('aria-pressed')).toBe('false');
  });

  it('reads the session and the wishlist as often for 24 cards as for one', () => {
    controlledFetch();
    const observersOf = (client: QueryClient) => ({
      session: client.getQueryCache().find({ queryKey: sessionQueryKey })?.getObserversCount(),
      wishlist: client.getQueryCache().find({ queryKey: wishlistKeys.list, exact: true })?.getObserversCount(),
    });
    const one = observersOf(renderList([lamp]));
    cleanup();
    const many = Array.from({ length: 24 }, (_, index) => productNamed(`Item ${index}`));
    const full = observersOf(renderList(many));
    expect(screen.getAllByRole('button')).toHaveLength(24);
    expect(full).toEqual(one);
  });
});
