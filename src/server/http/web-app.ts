import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { UPLOADS_URL_PREFIX } from '../storage/storage.ts';
import { apiNotFound } from './error-handler.ts';
import { createFirstScreen } from './first-screen.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * A missing file (/assets/gone-a1.js, /icon.png, /manifest.webmanifest) is a 404, anything else
 * the app's page. A page's address may hold dots too: the renew link's signed token
 * (`/renew/<id>.<expiry>.<signature>`, issue 24) would look like a file with a 43-letter
 * extension, so only a short extension of letters and digits counts.
 */
const FILE_EXTENSION = /\.[A-Za-z0-9]{1,11}$/;

function asksForFile(url: string): boolean {
  return FILE_EXTENSION.test(url.split('?')[0] ?? '');
}

/**
 * The page in the best encoding the browser takes: the not-found handler that serves it is
 * outside @fastify/compress's route hooks, and a page with its first answers is tens of KB.
 */
function compressedFor(acceptEncoding: string | undefined, reply: FastifyReply, html: string): Buffer | string {
  const accepted = acceptEncoding ?? '';
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    return zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    return zlib.gzipSync(html);
  }
  return html;
}

/**
 * Serves the built SPA: hashed assets cached forever, everything else revalidated, brotli/gzip
 * files precompressed at build time, and index.html for every path the SPA routes itself.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { webDir: string; uploadsDir: string; sessionCookie: string; siteUrl: string },
) {
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
  const imagesDir = path.join(path.resolve(options.webDir), 'images') + path.sep;
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
        // The default avatar and the other pictures under /images/ are named in API answers like
        // uploads are, so any origin may show them too (issue 22).
        if (filePath.startsWith(imagesDir)) res.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
  }

  const firstScreenPage = hasWebBuild ? createFirstScreen(app, options) : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') return apiNotFound(reply, app.registeredRoutes);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !asksForFile(request.url);
    if (firstScreenPage && wantsPage) {
      const page = await firstScreenPage(request);
      if (page.setCookie.length > 0) reply.header('set-cookie', page.setCookie);
      // A page with the visitor's own answers is never stored; any page differs by cookie.
      return reply
        .header('cache-control', page.personal ? 'private, no-store' : 'no-cache')
        .header('vary', 'Cookie, Accept-Encoding')
        .type('text/html; charset=utf-8')
        .send(compressedFor(request.headers['accept-encoding'], reply, page.html));
    }
    return apiNotFound(reply);
  });
}
