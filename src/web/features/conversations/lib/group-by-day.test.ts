import { describe, expect, it } from 'vitest';
import { dayKind, groupByDay } from './group-by-day.ts';

/** A local time, as the reader's clock shows it. */
const at = (year: number, month: number, day: number, hour: number, minute = 0) =>
  new Date(year, month - 1, day, hour, minute).toISOString();

describe('grouping messages by day', () => {
  it('puts messages of one local calendar day together, in order, whatever the hour', () => {
    const messages = [
      { id: 'a', createdAt: at(2026, 11, 21, 0, 5) },
      { id: 'b', createdAt: at(2026, 11, 21, 23, 59) },
      { id: 'c', createdAt: at(2026, 11, 22, 0, 0) },
      { id: 'd', createdAt: at(2026, 11, 23, 9, 30) },
      { id: 'e', createdAt: at(2026, 11, 23, 18, 0) },
    ];
    const groups = groupByDay(messages);
    expect(groups.map((group) => [group.day, group.items.map((item) => item.id)])).toEqual([
      ['2026-11-21', ['a', 'b']],
      ['2026-11-22', ['c']],
      ['2026-11-23', ['d', 'e']],
    ]);
  });

  it('has no groups for no messages', () => {
    expect(groupByDay([])).toEqual([]);
  });

  it('names today and yesterday, across a month boundary too, and dates earlier days', () => {
    const now = new Date(2026, 11, 1, 10, 0);
    expect(dayKind('2026-12-01', now)).toBe('today');
    expect(dayKind('2026-11-30', now)).toBe('yesterday');
    expect(dayKind('2026-11-29', now)).toBe('earlier');
  });
});
