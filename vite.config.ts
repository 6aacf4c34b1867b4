import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { webChunkGroups } from './scripts/web-chunks.ts';

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

const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
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
