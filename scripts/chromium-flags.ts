/**
 * Debian's Chromium, headless, with nothing that reaches for the network on its own: this
 * machine's network is closed, and Chromium's background connections otherwise fail many at a
 * time. One list for the browser tests (tests/e2e/support/browser.ts) and the measuring scripts.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
