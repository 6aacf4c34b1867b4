/**
 * The Node.js flags the server runs with, wherever it runs: `npm start` (package.json), the image
 * (Dockerfile's CMD) and the tests' server processes; cluster workers inherit them. A 32 MB
 * young generation (V8's default is 16 MB on 64-bit) lets the short-lived objects of a request
 * die there instead of being promoted and collected by a full mark-compact: in four alternating
 * rounds of `npm run bench:mix -- --workers 1 --writes 0` (2 December 2026) it served 2,859–4,155
 * req/s at p99 82–98 ms against 2,221–3,557 req/s at p99 104–133 ms without.
 * tests/api/platform/server-node-flags.test.ts keeps the three places in step.
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=32'];
