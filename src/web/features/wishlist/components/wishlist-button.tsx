import { useIsMutating } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { toast } from '#web/lib/toast.ts';
import { wishlistMessages } from '#domain/messages.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { failureMessage } from '#web/api/failure-message.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useSession } from '#web/features/auth/api/session.ts';
import { cn } from '#web/lib/cn.ts';
import { reportError } from '#web/lib/report-error.ts';
import { useWishlist } from '../api/get-wishlist.ts';
import { wishlistKeys } from '../api/query-keys.ts';
import { useToggleWishlist } from '../api/toggle-wishlist.ts';

export interface WishlistButtonProps {
  product: Product;
  /**
   * 'toast' tells the user how it went; 'log' only logs failures and shows nothing (spec 8: the
   * listing-card toggle on My Listings).
   */
  feedback?: 'toast' | 'log';
  size?: 'sm' | 'lg';
  className?: string;
}

/**
 * The wishlist heart (spec 2 and 4): adds the product if absent, else removes it; spinner and
 * disabled while the call runs; hidden on your own listing and for admins.
 */
export function WishlistButton({ product, feedback = 'toast', size = 'sm', className }: WishlistButtonProps) {
  const { data: user } = useSession();
  const wishlist = useWishlist();
  const toggle = useToggleWishlist(product._id, {
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
  });
  // Any heart of this product (card and detail page) is busy while one call for it runs.
  const busy = useIsMutating({ mutationKey: wishlistKeys.toggle(product._id) }) > 0;

  if (!user || user.isAdmin || product.seller._id === user._id) return null;

  const inWishlist = wishlist.ids.has(product._id);
  const add = !inWishlist;

  const onClick = () => toggle.mutate({ product, add });

  const icon = size === 'lg' ? 'h-6 w-6' : 'h-5 w-5';
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-pressed={inWishlist}
      aria-busy={busy || undefined}
      aria-label={inWishlist ? wishlistMessages.removeLabel(product.title) : wishlistMessages.addLabel(product.title)}
      title={inWishlist ? 'Remove from wishlist' : 'Add to wishlist'}
      className={cn(
        'flex items-center justify-center rounded-full bg-white/95 text-rose-600 shadow-md ring-1 ring-slate-200 transition',
        'hover:scale-105 hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        'disabled:cursor-wait disabled:hover:scale-100',
        size === 'lg' ? 'h-12 w-12' : 'h-10 w-10',
        className,
      )}
    >
      {busy ? (
        <Spinner className={cn(icon, 'text-slate-600')} />
      ) : (
        <Heart className={cn(icon, inWishlist && 'fill-current')} aria-hidden="true" />
      )}
    </button>
  );
}
