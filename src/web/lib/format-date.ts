/**
 * Made on first use: building one loads the locale's data (tens of milliseconds on a phone),
 * which no page should pay for just by importing this module.
 */
let longDate: Intl.DateTimeFormat | undefined;
let relative: Intl.RelativeTimeFormat | undefined;
let shortDate: Intl.DateTimeFormat | undefined;

/** "12 March 2026": how member-since dates read. */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  longDate ??= new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });
  return longDate.format(date);
}

/** "just now", "5 minutes ago", "yesterday", then a date: how old a notification is. */
export function formatTimeAgo(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const ago = -seconds;
  if (ago < 45) return 'just now';
  relative ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  if (ago < 45 * 60) return relative.format(Math.round(seconds / 60), 'minute');
  if (ago < 22 * 3600) return relative.format(Math.round(seconds / 3600), 'hour');
  if (ago < 6 * 86_400) return relative.format(Math.round(seconds / 86_400), 'day');
  shortDate ??= new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
  return shortDate.format(date);
}
