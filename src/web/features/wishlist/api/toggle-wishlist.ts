import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Product } from '#domain/products/product.wire.ts';
import type { WishlistChangeResponse } from '#domain/wishlist/wishlist.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { wishlistKeys } from './query-keys.ts';

/**
 * How the caller reports the outcome. These run with the mutation, not with the component: on
 * the Wishlist tab the card (and its heart) goes away the moment it is removed.
 */
export interface WishlistToggleCallbacks {
  onSuccess?: (answer: WishlistChangeResponse, toggle: WishlistToggle) => void;
  onError?: (error: unknown, toggle: WishlistToggle) => void;
}

export interface WishlistToggle {
  product: Product;
  /** true: add it; false: remove it. */
  add: boolean;
}

function sendToggle({ product, add }: WishlistToggle) {
  const id = encodeURIComponent(product._id);
  return add
    ? apiRequest<WishlistChangeResponse>(`/wishlist/add/${id}`, { method: 'POST' })
    : apiRequest<WishlistChangeResponse>(`/wishlist/delete/${id}`, { method: 'DELETE' });
}

/**
 * Adds or removes a product, the one given to `mutate`: one hook serves every heart of a grid.
 * The heart changes at once (the cached wishlist is edited before the call), goes back if the
 * call fails, and the wishlist is fetched again after a success.
 */
export function useToggleWishlist(callbacks: WishlistToggleCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: wishlistKeys.toggle,
    mutationFn: sendToggle,
    onMutate: async ({ product, add }) => {
      await queryClient.cancelQueries({ queryKey: wishlistKeys.list });
      const previous = queryClient.getQueryData<Product[]>(wishlistKeys.list);
      queryClient.setQueryData<Product[]>(wishlistKeys.list, (current = []) => {
        const without = current.filter((item) => item._id !== product._id);
        return add ? [product, ...without] : without;
      });
      return { previous };
    },
    onSuccess: (answer, toggle) => callbacks.onSuccess?.(answer, toggle),
    onError: (error, toggle, context) => {
      if (context?.previous) queryClient.setQueryData(wishlistKeys.list, context.previous);
      callbacks.onError?.(error, toggle);
    },
    // After a success the server's list is the truth; after a failure it corrects a lost snapshot.
    // Not awaited: the heart is already right, and its spinner is about this call only.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: wishlistKeys.list });
    },
  });
}

function productIdOf(variables: unknown): string | undefined {
  return (variables as WishlistToggle | undefined)?.product._id;
}

/**
 * The products whose toggle call is running, wherever it was started: any heart of such a
 * product (card or detail page) is busy. One cache subscription for a whole grid.
 */
export function useWishlistBusyIds(): ReadonlySet<string> {
  const ids = useMutationState({
    filters: { mutationKey: wishlistKeys.toggle, status: 'pending' },
    select: (mutation) => productIdOf(mutation.state.variables),
  });
  // useMutationState keeps the same array while the answer is unchanged, so this rarely rebuilds.
  return useMemo(() => new Set(ids.filter((id) => id !== undefined)), [ids]);
}
