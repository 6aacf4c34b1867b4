import { MONTH_NAMES, type MonthName } from '#domain/admin-stats/admin-stats.wire.ts';

/**
 * Calendar months as the campus lives them: in the site's time zone (SITE_TIME_ZONE), computed
 * with Intl from instants, so neither the server's TZ nor the database's time zone data matter.
 * A month becomes the two instants it starts and ends at; the database only compares instants.
 */

/** A wall-clock reading in some zone; month is 1–12. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export interface SiteMonth {
  name: MonthName;
  /** The first instant of the month in the site's zone. */
  start: Date;
  /** The first instant of the next month. */
  end: Date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function wallTimeAt(instant: Date, timeZone: string): WallTime {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The wall time read as if it were UTC; Date.UTC also carries month and day overflow over. */
function asUtc(wall: WallTime): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/** How far the zone's clocks are ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return asUtc(wallTimeAt(new Date(whole), timeZone)) - whole;
}

/**
 * The instant the zone's clocks show this wall time. Two passes settle a wall time near a
 * daylight-saving change; one that the change skips (02:30 on a spring-forward night) comes out
 * as the instant the clocks read an hour later.
 */
export function instantOfWallTime(wall: WallTime, timeZone: string): Date {
  const utc = asUtc(wall);
  const first = utc - offsetAt(utc, timeZone);
  return new Date(utc - offsetAt(first, timeZone));
}

function monthStart(year: number, month: number, timeZone: string): Date {
  return instantOfWallTime({ year, month, day: 1, hour: 0, minute: 0, second: 0 }, timeZone);
}

/**
 * The last `count` calendar months up to and including the current one in the zone, oldest
 * first, each with its name and bounds.
 */
export function recentMonths(now: Date, timeZone: string, count: number): SiteMonth[] {
  const today = wallTimeAt(now, timeZone);
  return Array.from({ length: count }, (_, index) => {
    // Month numbers below 1 roll back into the previous year.
    const first = new Date(Date.UTC(today.year, today.month - 1 - (count - 1 - index), 1));
    const year = first.getUTCFullYear();
    const month = first.getUTCMonth() + 1;
    return {
      name: MONTH_NAMES[month - 1]!,
      start: monthStart(year, month, timeZone),
      end: monthStart(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, timeZone),
    };
  });
}

/** The same wall time one calendar month earlier (31 March → 28 or 29 February), as an instant. */
export function oneMonthBefore(now: Date, timeZone: string): Date {
  const wall = wallTimeAt(now, timeZone);
  const previous = new Date(Date.UTC(wall.year, wall.month - 2, 1));
  const daysInPrevious = new Date(Date.UTC(previous.getUTCFullYear(), previous.getUTCMonth() + 1, 0)).getUTCDate();
  return instantOfWallTime(
    {
      ...wall,
      year: previous.getUTCFullYear(),
      month: previous.getUTCMonth() + 1,
      day: Math.min(wall.day, daysInPrevious),
    },
    timeZone,
  );
}
