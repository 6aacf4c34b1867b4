import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupIndianDigits } from './number-format.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('whole numbers the Indian way', () => {
  it('reads as toLocaleString("en-IN") writes them', () => {
    for (const value of [0, 7, 42, 999, 1000, 2000, 12_345, 99_999, 100_000, 125_000, 1_234_567, 98_76_54_321]) {
      expect(groupIndianDigits(value), String(value)).toBe(value.toLocaleString('en-IN'));
    }
  });
});

describe('the domain texts', () => {
  it('ask for no locale data when they are loaded (it costs a phone 50-100 ms before the first screen)', async () => {
    const numberToLocale = vi.spyOn(Number.prototype, 'toLocaleString');
    const dateToLocale = vi.spyOn(Date.prototype, 'toLocaleString');
    const formatters = (['NumberFormat', 'DateTimeFormat', 'RelativeTimeFormat', 'PluralRules', 'Collator'] as const).map(
      (name) => vi.spyOn(Intl, name),
    );
    vi.resetModules();
    const modules = import.meta.glob(['./**/*.ts', '!./**/*.test.ts']);
    await Promise.all(Object.values(modules).map((load) => load()));
    expect(Object.keys(modules).length).toBeGreaterThan(20);
    expect(numberToLocale).not.toHaveBeenCalled();
    expect(dateToLocale).not.toHaveBeenCalled();
    for (const formatter of formatters) expect(formatter).not.toHaveBeenCalled();
  });
});
