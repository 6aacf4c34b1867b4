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

/**
 * The features Playwright 1.65 switches off in Chromium (its chromiumSwitches.ts). Chromium honours
 * only the last `--disable-features`, and Playwright puts ours after its own, so ours must carry its
 * list too. tests/e2e/browser-launch.spec.ts fails when Playwright's list changes.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Headless Chromium 156 preloads the address bar's two suggestion popups for every window, each a
 * WebUI page in a renderer that keeps drawing while idle: with six contexts open, 6.4 of the
 * browser's 10.9 CPU-seconds over 8 s went to them, and the browser tests keep contexts open
 * (tests/e2e/support/profile-pool.ts). No test has an address bar to type in.
 */
const UNUSED_BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** CHROMIUM_FLAGS for a browser Playwright launches (the tests, the browser benches). */
export const PLAYWRIGHT_CHROMIUM_FLAGS = [
  ...CHROMIUM_FLAGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_UI_FEATURES].join(',')}`,
];
