import { CARD_DESCRIPTION_MAX_CHARS, CURRENCY_SYMBOL } from '../constants.ts';
import { groupIndianDigits } from '../number-format.ts';

/**
 * Rounded percent of (originalPrice - price) / originalPrice, shown only when the price is
 * below a non-zero original price (spec 9). Null means "show no badge".
 */
export function discountPercent(price: number, originalPrice: number | null | undefined): number | null {
  if (!originalPrice || originalPrice <= 0 || price >= originalPrice) return null;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}

/** The shortest decimal that reads back as `value` (as Intl starts from), rounded half up to two places. */
function toTwoPlaces(value: number): { whole: string; cents: string } | undefined {
  const decimal = String(value);
  if (!/^\d+(\.\d+)?$/.test(decimal)) return undefined;
  const [whole = '0', fraction = ''] = decimal.split('.');
  if (fraction.length <= 2 || fraction[2]! < '5') return { whole, cents: fraction.slice(0, 2) };
  const roundedUp = (BigInt(whole + fraction.slice(0, 2)) + 1n).toString().padStart(3, '0');
  return { whole: roundedUp.slice(0, -2), cents: roundedUp.slice(-2) };
}

/**
 * "₹1,25,000", "₹49.5": what `amount.toLocaleString('en-IN', { maximumFractionDigits: 2 })`
 * writes, done by hand because the first use of the en-IN locale data costs a phone about
 * 100 ms of main thread inside the render of the first grid of cards.
 */
export function formatPrice(amount: number): string {
  const parts = amount >= 0 ? toTwoPlaces(amount) : undefined;
  // Negative, huge or tiny amounts are not prices a listing can have; Intl writes them.
  if (!parts) return `${CURRENCY_SYMBOL}${amount.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
  const cents = parts.cents.replace(/0+$/, '');
  return `${CURRENCY_SYMBOL}${groupIndianDigits(parts.whole)}${cents ? `.${cents}` : ''}`;
}

/** Card descriptions are cut to 70 characters with an ellipsis (spec 2). */
export function truncateDescription(text: string, max = CARD_DESCRIPTION_MAX_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
