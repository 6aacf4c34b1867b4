/**
 * Where the browser reports a failure nobody is shown (spec 8: the wishlist toggle on My
 * Listings' cards only logs). The one place the web app writes to the console.
 */
export function reportError(context: string, error: unknown): void {
  console.error(`[campus-market] ${context}`, error);
}
