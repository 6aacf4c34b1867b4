import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { gzipAsync } from '@gfx/zopfli';
import { build as esbuild } from 'esbuild';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { webChunkGroups } from './scripts/web-chunks.ts';
import {
  PWA_BACKGROUND_COLOUR,
  PWA_DESCRIPTION,
  PWA_NAME,
  PWA_SHORT_NAME,
  PWA_START_URL,
  PWA_THEME_COLOUR,
} from './src/domain/pwa.ts';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes .br and .gz beside every text asset so the server sends them without compressing per
 * request. The .gz files are made by zopfli: ordinary gzip that any client reads, 3-4% smaller
 * than zlib's best, worth the build's few extra seconds since they are made once.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'campus-market:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (fs.readdirSync(outDir, { recursive: true }) as string[])
        .map((entry) => path.join(outDir, entry))
        .filter((file) => COMPRESSIBLE.test(file) && fs.statSync(file).isFile() && fs.statSync(file).size >= 1024);
      await Promise.all(
        files.map(async (file) => {
          const data = fs.readFileSync(file);
          fs.writeFileSync(
            `${file}.br`,
            zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          fs.writeFileSync(`${file}.gz`, await gzipAsync(data, { numiterations: 15 }));
        }),
      );
    },
  };
}

/** The web app manifest (issue 22), from the domain's names and colours. */
function webAppManifest(): string {
  return JSON.stringify(
    {
      id: '/',
      name: PWA_NAME,
      short_name: PWA_SHORT_NAME,
      description: PWA_DESCRIPTION,
      start_url: PWA_START_URL,
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: PWA_THEME_COLOUR,
      background_color: PWA_BACKGROUND_COLOUR,
      categories: ['shopping', 'education'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    null,
    2,
  );
}

/** Admin-only screens stay out of the offline precache: a student's phone never needs them. */
const NOT_PRECACHED = /(dashboard|recharts|admin|\.map$)/i;

/**
 * Emits /manifest.webmanifest and /sw.js. The worker (src/web/sw/service-worker.ts) is bundled on
 * its own as a classic script, with this build's id and the list of files to keep for offline:
 * the plain page (/index.html), every script and style but the admin's, the icons and the manifest.
 */
function progressiveWebApp(): Plugin {
  let root = '';
  return {
    name: 'campus-market:pwa',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: webAppManifest() });
      const files = Object.keys(bundle)
        .filter((file) => /\.(js|css)$/.test(file) && !NOT_PRECACHED.test(file))
        .map((file) => `/${file}`)
        .sort();
      const icons = fs.readdirSync(path.join(root, 'public/icons')).map((file) => `/icons/${file}`);
      const precache = ['/index.html', '/manifest.webmanifest', '/favicon.svg', ...icons, ...files];
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
      const worker = await esbuild({
        entryPoints: [path.join(root, 'sw/service-worker.ts')],
        bundle: true,
        write: false,
        format: 'iife',
        target: 'es2022',
        minify: true,
        define: { __SW_VERSION__: JSON.stringify(version), __SW_PRECACHE__: JSON.stringify(precache) },
      });
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: worker.outputFiles[0]!.text });
    },
  };
}

const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), progressiveWebApp(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // The server reads it to name a landing screen's files in the page (src/server/http/first-screen.ts).
    manifest: true,
    chunkSizeWarningLimit: 600,
    // Every browser the app supports preloads modules itself; the polyfill only cost bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Fewer, larger files for the first screens (scripts/web-chunks.ts says which).
        codeSplitting: { groups: webChunkGroups(import.meta.dirname) },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
      '/healthz': apiTarget,
    },
  },
});
