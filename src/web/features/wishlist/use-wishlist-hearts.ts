import { useCallback } from 'react';
import { wishlistMessages } from '#domain/wishlist/wishlist.messages.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { failureMessage } from '#web/api/failure-message.ts';
import { useSession } from '#web/features/auth/api/session.ts';
import { reportError } from '#web/lib/report-error.ts';
import { toast } from '#web/lib/toast.ts';
import { useWishlist } from './api/get-wishlist.ts';
import { type WishlistToggleCallbacks, useWishlistBusyIds, useToggleWishlist } from './api/toggle-wishlist.ts';

/**
 * 'toast' tells the user how it went; 'log' only logs failures and shows nothing (spec 8: the
 * listing-card toggle on My Listings).
 */
export type WishlistFeedback = 'toast' | 'log';

export interface WishlistHearts {
  /** The signed-in student's id; null when signed out or an admin (no hearts at all). */
  studentId: string | null;
  /** Products in the wishlist (the hearts shown filled). */
  ids: ReadonlySet<string>;
  /** Products whose toggle call is running (their hearts spin and are disabled). */
  busyIds: ReadonlySet<string>;
  /** Adds (add: true) or removes the product; stable across renders. */
  toggle: (product: Product, add: boolean) => void;
}

function feedbackCallbacks(feedback: WishlistFeedback): WishlistToggleCallbacks {
  return {
    onSuccess: (answer, { add }) => {
      if (feedback === 'toast') toast.success(answer.msg || (add ? wishlistMessages.added : wishlistMessages.removed));
    },
    onError: (error, { add }) => {
      if (feedback === 'log') return reportError(add ? 'wishlist add failed' : 'wishlist remove failed', error);
      const fallback = add
        ? { unsuccessful: wishlistMessages.addFailed, threw: wishlistMessages.addError }
        : { unsuccessful: wishlistMessages.removeFailed, threw: wishlistMessages.removeError };
      toast.error(failureMessage(error, fallback));
    },
  };
}

/**
 * Everything the wishlist hearts of a grid (or one page) need, read once: who is looking, the
 * wishlist's ids, the running toggles, and one toggle to call with the clicked product. Cards
 * then take plain values, so a page of 24 cards subscribes to the cache a handful of times, not
 * five times per card.
 */
export function useWishlistHearts(feedback: WishlistFeedback = 'toast'): WishlistHearts {
  const { data: user } = useSession();
  const { ids } = useWishlist();
  const busyIds = useWishlistBusyIds();
  const { mutate } = useToggleWishlist(feedbackCallbacks(feedback));
  const toggle = useCallback((product: Product, add: boolean) => mutate({ product, add }), [mutate]);
  const studentId = user && !user.isAdmin ? user._id : null;
  return { studentId, ids, busyIds, toggle };
}

/** Whether this viewer gets a heart on this product: students only, never on their own listing. */
export function getsHeart(studentId: string | null, product: Product): boolean {
  return studentId !== null && product.seller._id !== studentId;
}
