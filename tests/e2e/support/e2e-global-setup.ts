import fs from 'node:fs';
import { ensureWebBuild } from '../../../scripts/ensure-web-build.ts';
import { CHROMIUM_PATH } from './browser.ts';

/** Before any browser test: the browser must exist (a missing one fails, never skips) and the SPA is built. */
export default function setup() {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `End-to-end tests need Debian's Chromium at ${CHROMIUM_PATH} (apt-get install chromium); .ci/run installs it.`,
    );
  }
  ensureWebBuild();
}
