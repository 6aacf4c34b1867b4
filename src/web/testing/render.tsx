import { type QueryKey, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { Product } from '#domain/products/product.wire.ts';
import type { SessionUser } from '#domain/users/user.wire.ts';
import { sessionQueryKey } from '#web/features/auth/api/session.ts';

export const student: SessionUser = {
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

export const admin: SessionUser = { ...student, _id: 'u-admin', userId: 'u-admin', userName: 'dean', isAdmin: true };

export function productOf(overrides: Partial<Product> = {}): Product {
  return {
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
    ...overrides,
  };
}

/**
 * Renders a screen part with a fresh query cache (no retries, nothing goes stale by itself) and
 * a router. `user` is the session (undefined: none yet, so session-dependent queries wait);
 * `cache` primes other answers.
 */
export function renderWithApp(
  ui: ReactNode,
  options: { user?: SessionUser | null; cache?: [QueryKey, unknown][]; path?: string } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (options.user !== undefined) queryClient.setQueryData(sessionQueryKey, options.user);
  for (const [key, data] of options.cache ?? []) queryClient.setQueryData(key, data);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
