import { Heart } from 'lucide-react';
import { wishlistMessages } from '#domain/wishlist/wishlist.messages.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';

export interface WishlistHeartProps {
  /** The product's title, for the button's accessible name. */
  title: string;
  inWishlist: boolean;
  /** A toggle of this product is running: spinner, disabled. */
  busy: boolean;
  /** Called with what the click asks for: true adds, false removes. */
  onToggle: (add: boolean) => void;
  size?: 'sm' | 'lg';
  className?: string;
}

/** The wishlist heart (spec 2 and 4) as drawn: filled when wishlisted, a spinner while its call runs. */
export function WishlistHeart({ title, inWishlist, busy, onToggle, size = 'sm', className }: WishlistHeartProps) {
  const icon = size === 'lg' ? 'h-6 w-6' : 'h-5 w-5';
  return (
    <button
      type="button"
      onClick={() => onToggle(!inWishlist)}
      disabled={busy}
      aria-pressed={inWishlist}
      aria-busy={busy || undefined}
      aria-label={inWishlist ? wishlistMessages.removeLabel(title) : wishlistMessages.addLabel(title)}
      title={inWishlist ? wishlistMessages.removeTitle : wishlistMessages.addTitle}
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
