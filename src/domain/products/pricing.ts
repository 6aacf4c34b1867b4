import { CARD_DESCRIPTION_MAX_CHARS, CURRENCY_SYMBOL } from '../constants.ts';

/**
 * Rounded percent of (originalPrice - price) / originalPrice, shown only when the price is
 * below a non-zero original price (spec 9). Null means "show no badge".
 */
export function discountPercent(price: number, originalPrice: number | null | undefined): number | null {
  if (!originalPrice || originalPrice <= 0 || price >= originalPrice) return null;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}

export function formatPrice(amount: number): string {
  return `${CURRENCY_SYMBOL}${amount.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
}

/** Card descriptions are cut to 70 characters with an ellipsis (spec 2). */
export function truncateDescription(text: string, max = CARD_DESCRIPTION_MAX_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
