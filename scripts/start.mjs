/**
 * `npm start`: builds the web app and the server when missing or stale (ensure-build.mjs, each
 * build in a child process), then runs the compiled server, dist/server/main.js, in this same
 * process: no TypeScript loader, and a signal sent to `npm start` (SIGTERM, Ctrl-C) reaches the
 * server itself, which shuts down gracefully instead of being left running without its parent.
 * With WEB_CONCURRENCY > 1 this process is the cluster's primary and forks main.js as workers.
 */
import { ensureServerBuild, ensureWebBuild } from './ensure-build.mjs';

ensureWebBuild();
ensureServerBuild();
await import('../dist/server/main.js');
