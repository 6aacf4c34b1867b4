import { describe, expect, it } from 'vitest';
import { discountPercent, formatPrice, truncateDescription } from './pricing.ts';

describe('discount badge', () => {
  it('is the rounded percent of (original - price) / original', () => {
    expect(discountPercent(750, 1000)).toBe(25);
    expect(discountPercent(999, 1500)).toBe(33);
    expect(discountPercent(1, 3)).toBe(67);
  });

  it('is absent when the price is not below the original, or the original is 0 or missing', () => {
    expect(discountPercent(1000, 1000)).toBeNull();
    expect(discountPercent(1200, 1000)).toBeNull();
    expect(discountPercent(0, 0)).toBeNull();
    expect(discountPercent(500, null)).toBeNull();
  });
});

describe('card description', () => {
  it('is cut to 70 characters with an ellipsis', () => {
    const text = 'x'.repeat(71);
    expect(truncateDescription(text)).toBe(`${'x'.repeat(70)}...`);
  });

  it('is left alone at 70 characters or fewer', () => {
    expect(truncateDescription('x'.repeat(70))).toBe('x'.repeat(70));
  });
});

describe('price', () => {
  it('shows the rupee sign and Indian digit grouping', () => {
    expect(formatPrice(125000)).toBe('₹1,25,000');
    expect(formatPrice(49.5)).toBe('₹49.5');
  });
});
