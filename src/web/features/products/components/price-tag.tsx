import { discountPercent, formatPrice } from '#domain/products/pricing.ts';
import { cn } from '#web/lib/cn.ts';

/**
 * ₹ price, the struck-through original and the '% OFF' badge (spec 2 and 9). Cards strike the
 * original whenever it differs from the price, an original of ₹0 included (spec 2: "when
 * different"); the detail page only beside its badge, i.e. when the original is not 0 and is
 * higher than the price. See docs/decisions/0004-listing-screens.md.
 */
export function PriceTag({
  price,
  originalPrice,
  size = 'md',
  showBadge = true,
  strike = 'when-different',
}: {
  price: number;
  originalPrice: number | null;
  size?: 'md' | 'lg';
  showBadge?: boolean;
  strike?: 'when-different' | 'when-discounted';
}) {
  const discount = discountPercent(price, originalPrice);
  const differs = originalPrice !== null && originalPrice !== price;
  const original = differs && (strike === 'when-different' || discount !== null) ? originalPrice : null;
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span className={cn('font-bold text-slate-900', size === 'lg' ? 'text-3xl' : 'text-lg')}>{formatPrice(price)}</span>
      {original !== null && (
        <s className={cn('text-slate-600', size === 'lg' ? 'text-lg' : 'text-sm')}>
          <span className="sr-only">Original price </span>
          {formatPrice(original)}
        </s>
      )}
      {showBadge && discount !== null && <DiscountBadge percent={discount} />}
    </div>
  );
}

export function DiscountBadge({ percent, className }: { percent: number; className?: string }) {
  return (
    <span
      className={cn('rounded-md bg-emerald-100 px-1.5 py-0.5 text-xs font-bold text-emerald-800', className)}
    >{`${percent}% OFF`}</span>
  );
}
