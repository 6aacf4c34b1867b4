import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { UPLOADS_URL_PREFIX } from '../storage/storage.ts';
import { apiNotFound } from './error-handler.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built SPA: hashed assets cached forever, everything else revalidated, brotli/gzip
 * files precompressed at build time, and index.html for every path the SPA routes itself.
 */
export async function registerWebApp(app: FastifyInstance, options: { webDir: string; uploadsDir: string }) {
  await app.register(fastifyStatic, {
    root: options.uploadsDir,
    prefix: UPLOADS_URL_PREFIX,
    decorateReply: false,
    index: false,
    // Upload keys are never reused, so a cached file is never stale.
    immutable: true,
    maxAge: YEAR_SECONDS * 1000,
    // Public photos under unguessable names: any origin may show them (another front end, an
    // e-mail, an app), which helmet's same-origin default would forbid.
    setHeaders(res) {
      res.header('cross-origin-resource-policy', 'cross-origin');
    },
  });

  const indexFile = path.join(options.webDir, 'index.html');
  const hasWebBuild = fs.existsSync(indexFile);
  if (hasWebBuild) {
    await app.register(fastifyStatic, {
      root: options.webDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') return apiNotFound(reply, app.registeredRoutes);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(request.url.split('?')[0] ?? '');
    if (hasWebBuild && wantsPage) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html', options.webDir);
    }
    return apiNotFound(reply);
  });
}
