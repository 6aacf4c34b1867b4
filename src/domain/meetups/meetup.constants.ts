/** Limits of issue 23's meet-ups. One definition, imported by server and browser. */

/** Both sides are reminded this long before an accepted meet-up. */
export const MEETUP_REMINDER_BEFORE_MS = 60 * 60_000;
/** A proposal is for a time at least this far ahead… */
export const MEETUP_MIN_LEAD_MS = 5 * 60_000;
/** …and at most this far ahead. */
export const MEETUP_MAX_AHEAD_DAYS = 60;
export const SPOT_NAME_MAX_CHARS = 80;
export const SPOT_MAP_URL_MAX_CHARS = 500;

/** proposed: waiting for the other side; accepted: agreed; replaced: a newer proposal took its place. */
export const MEETUP_STATUSES = ['proposed', 'accepted', 'replaced'] as const;
export type MeetupStatus = (typeof MEETUP_STATUSES)[number];
