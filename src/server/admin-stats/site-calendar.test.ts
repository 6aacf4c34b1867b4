import { afterEach, describe, expect, it } from 'vitest';
import { instantOfWallTime, oneMonthBefore, recentMonths } from './site-calendar.ts';

const at = (iso: string) => new Date(iso);
const bounds = (months: ReturnType<typeof recentMonths>) =>
  months.map(({ name, start, end }) => [name, start.toISOString(), end.toISOString()]);

describe('recent calendar months in the site time zone', () => {
  it('gives the current month and the ones before it, oldest first, starting at local midnight', () => {
    expect(bounds(recentMonths(at('2026-04-10T06:00:00Z'), 'Asia/Kolkata', 4))).toEqual([
      ['Jan', '2025-12-31T18:30:00.000Z', '2026-01-31T18:30:00.000Z'],
      ['Feb', '2026-01-31T18:30:00.000Z', '2026-02-28T18:30:00.000Z'],
      ['Mar', '2026-02-28T18:30:00.000Z', '2026-03-31T18:30:00.000Z'],
      ['Apr', '2026-03-31T18:30:00.000Z', '2026-04-30T18:30:00.000Z'],
    ]);
  });

  it('is already April in Kolkata at 20:00 UTC on 31 March, and still March in UTC', () => {
    const evening = at('2026-03-31T20:00:00Z');
    expect(recentMonths(evening, 'Asia/Kolkata', 1).map((month) => month.name)).toEqual(['Apr']);
    expect(recentMonths(evening, 'UTC', 1).map((month) => month.name)).toEqual(['Mar']);
  });

  it('reaches back across the new year', () => {
    expect(recentMonths(at('2026-02-15T00:00:00Z'), 'Asia/Kolkata', 4).map((month) => month.name)).toEqual([
      'Nov',
      'Dec',
      'Jan',
      'Feb',
    ]);
    expect(recentMonths(at('2026-02-15T00:00:00Z'), 'Asia/Kolkata', 4)[0]!.start.toISOString()).toBe('2025-10-31T18:30:00.000Z');
  });

  it('follows daylight saving time where the zone has it', () => {
    expect(bounds(recentMonths(at('2026-04-02T12:00:00Z'), 'Europe/Berlin', 2))).toEqual([
      ['Mar', '2026-02-28T23:00:00.000Z', '2026-03-31T22:00:00.000Z'],
      ['Apr', '2026-03-31T22:00:00.000Z', '2026-04-30T22:00:00.000Z'],
    ]);
  });

  describe('whatever the process TZ is', () => {
    const original = process.env.TZ;
    afterEach(() => {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    });

    it('gives the same months', () => {
      const now = at('2026-03-31T20:00:00Z');
      const expected = bounds(recentMonths(now, 'Asia/Kolkata', 3));
      for (const tz of ['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC']) {
        process.env.TZ = tz;
        expect(bounds(recentMonths(now, 'Asia/Kolkata', 3))).toEqual(expected);
      }
    });
  });
});

describe('wall times', () => {
  it('maps a wall time to its instant, and a skipped one to an hour later', () => {
    const wall = { year: 2026, month: 3, day: 29, minute: 30, second: 0 };
    expect(instantOfWallTime({ ...wall, hour: 1 }, 'Europe/Berlin').toISOString()).toBe('2026-03-29T00:30:00.000Z');
    // 02:30 does not exist in Berlin that night: the clocks jump from 02:00 to 03:00.
    expect(instantOfWallTime({ ...wall, hour: 2 }, 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('goes back one calendar month, to the month’s last day when it is shorter', () => {
    expect(oneMonthBefore(at('2026-03-31T06:30:00Z'), 'Asia/Kolkata').toISOString()).toBe('2026-02-28T06:30:00.000Z');
    expect(oneMonthBefore(at('2026-01-15T00:00:00Z'), 'Asia/Kolkata').toISOString()).toBe('2025-12-15T00:00:00.000Z');
  });
});
