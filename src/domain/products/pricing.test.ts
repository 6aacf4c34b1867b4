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

  it('reads exactly as the en-IN number format does, for every kind of amount', () => {
    const amounts = [
      0, 1, 9, 10, 99.99, 100, 999, 1000, 1234.5, 12345.678, 99999.995, 100000, 1234567, 10_000_000, 0.005, 0.125, 1.005, 2.675,
    ];
    for (let step = 0; step < 2000; step += 1) amounts.push(Math.round(((step * 7919.37) % 10_000_000) * 1000) / 1000);
    for (const whole of [0, 7, 999, 99_999, 1_234_567]) {
      for (let thousandths = 0; thousandths < 1000; thousandths += 1) amounts.push(whole + thousandths / 1000);
    }
    for (const amount of amounts) {
      expect(formatPrice(amount)).toBe(`₹${amount.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`);
    }
  });
});
