import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('what the screens load at start', () => {
  it('asks for no locale data in the domain texts and rules (its first use costs a phone 50-100 ms)', async () => {
    const numberToLocale = vi.spyOn(Number.prototype, 'toLocaleString');
    const dateToLocale = vi.spyOn(Date.prototype, 'toLocaleString');
    const formatters = (['NumberFormat', 'DateTimeFormat', 'RelativeTimeFormat', 'PluralRules', 'Collator'] as const).map(
      (name) => vi.spyOn(Intl, name),
    );
    vi.resetModules();
    const modules = import.meta.glob(['../../domain/**/*.ts', '!../../domain/**/*.test.ts']);
    await Promise.all(Object.values(modules).map((load) => load()));
    expect(Object.keys(modules).length).toBeGreaterThan(20);
    expect(numberToLocale).not.toHaveBeenCalled();
    expect(dateToLocale).not.toHaveBeenCalled();
    for (const formatter of formatters) expect(formatter).not.toHaveBeenCalled();
  });
});
