/**
 * Builds the web app when dist/web is missing or older than its sources (the browser tests and
 * Lighthouse scripts call it). The logic lives in ensure-build.mjs, beside the server's build,
 * in plain JavaScript for `npm start`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './ensure-build.mjs';

export { ensureServerBuild, ensureWebBuild, serverBuildIsFresh, webBuildIsFresh } from './ensure-build.mjs';

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) ensureWebBuild();
