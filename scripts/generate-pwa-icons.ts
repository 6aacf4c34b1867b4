/**
 * Renders the app's icons for the web app manifest and the home screen from the favicon's
 * drawing (a white bag on the brand colour), into src/web/public/icons/:
 *   node --import tsx scripts/generate-pwa-icons.ts
 * - icon-192.png, icon-512.png: the rounded icon ("any" purpose);
 * - maskable-512.png: full-bleed background, the bag inside the 80 % safe zone, so a phone's
 *   circle or squircle mask never cuts it;
 * - apple-touch-icon.png (180 px, iOS adds its own corners);
 * - badge-96.png: the bag alone in white on transparent, for Android's status bar.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { PWA_BACKGROUND_COLOUR, PWA_THEME_COLOUR } from '#domain/pwa.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, 'src/web/public/icons');

/** The bag, drawn in a 64-unit box (as favicon.svg). */
const BAG =
  '<path d="M18 26h28l-3 22H21z" fill="#fff"/><path d="M25 26a7 7 0 0 1 14 0" stroke="#fff" stroke-width="4" fill="none"/>';

function icon({ rounded, scale }: { rounded: boolean; scale: number }): string {
  // The bag's box is centred and shrunk by `scale` around the middle of the 64-unit square.
  const offset = (64 * (1 - scale)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
    <rect width="64" height="64" ${rounded ? 'rx="14"' : ''} fill="${PWA_THEME_COLOUR}"/>
    <g transform="translate(${offset} ${offset - 1}) scale(${scale})">${BAG}</g></svg>`;
}

async function render(svg: string, size: number, file: string) {
  await sharp(Buffer.from(svg), { density: 72 * (size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(outDir, file));
}

fs.mkdirSync(outDir, { recursive: true });
await render(icon({ rounded: true, scale: 1.15 }), 192, 'icon-192.png');
await render(icon({ rounded: true, scale: 1.15 }), 512, 'icon-512.png');
await render(icon({ rounded: false, scale: 0.95 }), 512, 'maskable-512.png');
await render(icon({ rounded: false, scale: 1.15 }), 180, 'apple-touch-icon.png');
await render(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><g transform="translate(-9.6 -12.8) scale(1.3)">${BAG}</g></svg>`,
  96,
  'badge-96.png',
);
process.stdout.write(`icons written to ${path.relative(root, outDir)} (background ${PWA_BACKGROUND_COLOUR})\n`);
