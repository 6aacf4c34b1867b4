/**
 * Whole numbers written as `toLocaleString('en-IN')` writes them ("2,000", "1,25,000"), by hand:
 * the first use of the en-IN locale data costs a phone 50-100 ms of main thread, and a text
 * built when its module loads would spend it before the first screen is drawn.
 */
export function groupIndianDigits(value: number | string): string {
  const digits = String(value);
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${head},${digits.slice(-3)}`;
}
