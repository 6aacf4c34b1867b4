/**
 * `npm start`: builds the web app if it is missing or stale, then runs the server in this same
 * process, so a signal sent to `npm start` (SIGTERM, Ctrl-C) reaches the server itself and it
 * shuts down gracefully instead of being left running without its parent.
 */
import { ensureWebBuild } from './ensure-web-build.ts';

ensureWebBuild();
await import('../src/server/main.ts');
