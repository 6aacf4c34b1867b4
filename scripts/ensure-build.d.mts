/** Types of ensure-build.mjs (plain JavaScript, so that `npm start` needs no TypeScript loader). */
export function webBuildIsFresh(): boolean;
export function ensureWebBuild(): void;
export function serverBuildIsFresh(): boolean;
export function ensureServerBuild(): void;
