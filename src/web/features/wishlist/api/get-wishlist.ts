import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { WishlistResponse } from '#domain/wishlist/wishlist.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { useSession } from '#web/features/auth/api/session.ts';
import { wishlistKeys } from './query-keys.ts';

export function fetchWishlist(signal?: AbortSignal) {
  return apiRequest<WishlistResponse>('/wishlist/get-wishlist', { signal }).then((answer) => answer.wishlistProducts);
}

export const wishlistQuery = queryOptions({
  queryKey: wishlistKeys.list,
  queryFn: ({ signal }) => fetchWishlist(signal),
});

/** Only students keep a wishlist (spec 6); an admin never asks for one. */
export function useCanWishlist(): boolean {
  const { data: user } = useSession();
  return Boolean(user && !user.isAdmin);
}

/**
 * The caller's wishlist: full product cards, and the set of their ids for the hearts. Loaded as
 * soon as the session is known (spec 4: "at start"), shared by every heart on the page.
 */
export function useWishlist() {
  const enabled = useCanWishlist();
  const query = useQuery({ ...wishlistQuery, enabled });
  const ids = useMemo(() => new Set((query.data ?? []).map((product) => product._id)), [query.data]);
  return { ...query, ids };
}
