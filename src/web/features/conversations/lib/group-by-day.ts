/** A run of items sent on one calendar day (the reader's local time), oldest first. */
export interface DayGroup<T> {
  /** YYYY-MM-DD, local. */
  day: string;
  items: T[];
}

function localDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** Groups items (already oldest first) by the local day of `createdAt`. */
export function groupByDay<T extends { createdAt: string }>(items: readonly T[]): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const day = localDay(new Date(item.createdAt));
    const current = groups.at(-1);
    if (current?.day === day) current.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}

/** How a day's heading reads relative to today: 'today', 'yesterday', or a date. */
export function dayKind(day: string, now: Date = new Date()): 'today' | 'yesterday' | 'earlier' {
  if (day === localDay(now)) return 'today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  return day === localDay(yesterday) ? 'yesterday' : 'earlier';
}

let dayFormat: Intl.DateTimeFormat | undefined;
let timeFormat: Intl.DateTimeFormat | undefined;

/** "Mon, 23 Nov 2026" for a YYYY-MM-DD day. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  dayFormat ??= new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
  return dayFormat.format(new Date(year!, month! - 1, date));
}

/** "5:07 pm": when a message was sent. */
export function formatTime(iso: string): string {
  timeFormat ??= new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' });
  return timeFormat.format(new Date(iso));
}
