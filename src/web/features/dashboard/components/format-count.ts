const counts = new Intl.NumberFormat('en-IN');

/** Counts grouped as on the rest of the site (prices use en-IN too): 1,00,000. */
export function formatCount(value: number): string {
  return counts.format(value);
}
