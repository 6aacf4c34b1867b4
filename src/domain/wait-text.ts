/** "45 seconds", "1 minute", "15 minutes": how long to wait, for the messages below. */
export function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 90) return whole === 1 ? '1 second' : `${whole} seconds`;
  const minutes = Math.ceil(whole / 60);
  return `${minutes} minutes`;
}
