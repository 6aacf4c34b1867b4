import { describe, expect, it } from 'vitest';
import { groupIndianDigits } from './number-format.ts';

describe('whole numbers the Indian way', () => {
  it('reads as toLocaleString("en-IN") writes them', () => {
    for (const value of [0, 7, 42, 999, 1000, 2000, 12_345, 99_999, 100_000, 125_000, 1_234_567, 98_76_54_321]) {
      expect(groupIndianDigits(value), String(value)).toBe(value.toLocaleString('en-IN'));
    }
  });
});
