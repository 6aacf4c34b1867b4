/** Limits of issue 23's reviews. One definition, imported by server and browser. */

/** The buyer and the seller may review each other this long after the sale. */
export const REVIEW_WINDOW_DAYS = 30;
/** Its author may change a review this long after posting it. */
export const REVIEW_EDIT_HOURS = 48;
/** Whoever has not reviewed a sale is reminded once, this long after it. */
export const REVIEW_REMINDER_DAYS = 3;
export const REVIEW_TEXT_MAX_CHARS = 1000;
export const REVIEW_MIN_STARS = 1;
export const REVIEW_MAX_STARS = 5;
/** Reviews on a public profile, per page. */
export const REVIEWS_PAGE_SIZE = 10;

/** Whom a review is about, in the sale: the seller (counts toward their rating) or the buyer. */
export const REVIEW_SUBJECT_ROLES = ['seller', 'buyer'] as const;
export type ReviewSubjectRole = (typeof REVIEW_SUBJECT_ROLES)[number];

export const DAY_MS = 24 * 3600_000;
export const HOUR_MS = 3600_000;

/** Until when a review of a sale may be posted. */
export function reviewDeadline(soldAt: Date): Date {
  return new Date(soldAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS);
}

/** Until when a review may be edited by its author. */
export function reviewEditableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + REVIEW_EDIT_HOURS * HOUR_MS);
}
