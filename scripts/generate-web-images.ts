/**
 * Draws the Home page's banner and category pictures as SVG and renders them to WebP under
 * src/web/public/images/, so they are ours, small, and can be regenerated after a design change:
 *   node --import tsx scripts/generate-web-images.ts
 * The pictures carry no text: headings are real text over them (readable, translatable, sharp).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { CATEGORIES, type Category } from '#domain/catalog.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, 'src/web/public/images');

const BANNER = { width: 1600, height: 640 };
const TILE = { width: 400, height: 400 };

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

function gradient(id: string, from: string, to: string): string {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`;
}

/** Soft circles behind the drawing, the same rhythm on every banner. */
function bubbles(colour: string): string {
  return [
    [1380, 90, 180],
    [980, 560, 140],
    [1540, 520, 90],
    [720, 80, 60],
  ]
    .map(([cx, cy, r]) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}" opacity="0.12"/>`)
    .join('');
}

// ---- banners: the drawing sits in the right half; the left half stays calm for the heading.

const essentials = svg(
  BANNER.width,
  BANNER.height,
  `${gradient('g', '#312e81', '#7c3aed')}<rect width="1600" height="640" fill="url(#g)"/>${bubbles('#ffffff')}
  <rect x="860" y="500" width="660" height="18" rx="9" fill="#1e1b4b" opacity="0.55"/>
  <g transform="translate(900 350)">
    <rect x="0" y="110" width="230" height="40" rx="6" fill="#f59e0b"/><rect x="12" y="118" width="206" height="6" fill="#fde68a"/>
    <rect x="18" y="70" width="200" height="40" rx="6" fill="#10b981"/><rect x="30" y="78" width="176" height="6" fill="#a7f3d0"/>
    <rect x="6" y="30" width="216" height="40" rx="6" fill="#f43f5e"/><rect x="18" y="38" width="192" height="6" fill="#fecdd3"/>
  </g>
  <g transform="translate(1150 250)">
    <path d="M20 0 h260 a14 14 0 0 1 14 14 v166 h-288 v-166 a14 14 0 0 1 14 -14z" fill="#e0e7ff"/>
    <rect x="22" y="16" width="256" height="150" rx="6" fill="#1e293b"/>
    <rect x="40" y="36" width="120" height="12" rx="6" fill="#818cf8"/><rect x="40" y="60" width="200" height="10" rx="5" fill="#475569"/>
    <rect x="40" y="80" width="170" height="10" rx="5" fill="#475569"/><rect x="40" y="100" width="190" height="10" rx="5" fill="#475569"/>
    <path d="M-30 180 h360 l-24 40 h-312z" fill="#c7d2fe"/>
  </g>
  <g transform="translate(1390 330)">
    <path d="M10 40 h70 v120 a14 14 0 0 1 -14 14 h-42 a14 14 0 0 1 -14 -14z" fill="#fbbf24"/>
    <path d="M80 70 a26 26 0 0 1 0 52" stroke="#fbbf24" stroke-width="12" fill="none"/>
    <path d="M30 28 q10 -18 0 -34 M55 28 q10 -18 0 -34" stroke="#ffffff" stroke-width="6" fill="none" opacity="0.7"/>
  </g>`,
);

const shopSellSave = svg(
  BANNER.width,
  BANNER.height,
  `${gradient('g', '#0f766e', '#065f46')}<rect width="1600" height="640" fill="url(#g)"/>${bubbles('#ffffff')}
  <g transform="translate(980 170)">
    <path d="M40 90 h260 l26 300 h-312z" fill="#fef3c7"/>
    <path d="M110 100 v-40 a60 60 0 0 1 120 0 v40" stroke="#fde68a" stroke-width="18" fill="none"/>
    <rect x="60" y="170" width="220" height="22" rx="11" fill="#f59e0b" opacity="0.8"/>
  </g>
  <g transform="translate(1300 150) rotate(18)">
    <path d="M0 40 l40 -40 h140 a12 12 0 0 1 12 12 v116 a12 12 0 0 1 -12 12 h-140 l-40 -40z" fill="#fb7185"/>
    <circle cx="36" cy="80" r="12" fill="#065f46"/>
    <rect x="70" y="56" width="92" height="14" rx="7" fill="#ffe4e6"/><rect x="70" y="86" width="62" height="14" rx="7" fill="#ffe4e6"/>
  </g>
  <g fill="#fcd34d" stroke="#b45309" stroke-width="8">
    <circle cx="1390" cy="470" r="52"/><circle cx="1480" cy="420" r="44"/><circle cx="1300" cy="520" r="38"/>
  </g>
  <g fill="none" stroke="#b45309" stroke-width="6"><circle cx="1390" cy="470" r="30"/><circle cx="1480" cy="420" r="24"/></g>`,
);

const hostelReady = svg(
  BANNER.width,
  BANNER.height,
  `${gradient('g', '#9a3412', '#be123c')}<rect width="1600" height="640" fill="url(#g)"/>${bubbles('#ffffff')}
  <rect x="860" y="520" width="700" height="16" rx="8" fill="#4c0519" opacity="0.5"/>
  <g transform="translate(900 330)">
    <rect x="0" y="0" width="26" height="190" rx="8" fill="#fed7aa"/><rect x="400" y="80" width="26" height="110" rx="8" fill="#fed7aa"/>
    <rect x="10" y="110" width="410" height="56" rx="12" fill="#fdba74"/>
    <rect x="36" y="70" width="110" height="48" rx="18" fill="#ffffff"/>
    <path d="M150 80 h250 a14 14 0 0 1 14 14 v30 h-264z" fill="#38bdf8"/>
  </g>
  <g transform="translate(1400 230)">
    <rect x="40" y="270" width="90" height="20" rx="8" fill="#fde68a"/>
    <rect x="80" y="110" width="10" height="165" fill="#fde68a"/>
    <path d="M40 110 h90 l-20 -80 h-50z" fill="#facc15"/>
    <circle cx="85" cy="150" r="70" fill="#fef08a" opacity="0.18"/>
  </g>
  <g transform="translate(1370 120)">
    <rect x="0" y="60" width="170" height="12" rx="6" fill="#fecdd3"/>
    <rect x="20" y="10" width="22" height="50" rx="4" fill="#a5b4fc"/><rect x="48" y="20" width="22" height="40" rx="4" fill="#5eead4"/>
    <path d="M120 60 c-14 -20 -6 -46 14 -52 c-2 20 12 34 0 52z" fill="#86efac"/>
  </g>`,
);

// ---- category tiles: one picture each, pastel ground, a simple drawing in the middle.

const tileDrawings: Record<Category, { ground: string; drawing: string }> = {
  Books: {
    ground: '#fef3c7',
    drawing: `<rect x="110" y="250" width="180" height="34" rx="6" fill="#f59e0b"/><rect x="124" y="214" width="160" height="36" rx="6" fill="#10b981"/>
      <rect x="104" y="178" width="170" height="36" rx="6" fill="#f43f5e"/><path d="M150 110 h90 v70 l-45 -22 l-45 22z" fill="#6366f1"/>`,
  },
  Electronics: {
    ground: '#e0e7ff',
    drawing: `<rect x="90" y="120" width="190" height="130" rx="10" fill="#1e293b"/><rect x="102" y="132" width="166" height="106" rx="4" fill="#818cf8"/>
      <path d="M70 250 h230 l-14 24 h-202z" fill="#94a3b8"/><rect x="270" y="170" width="64" height="110" rx="12" fill="#334155"/>
      <rect x="278" y="182" width="48" height="80" rx="4" fill="#a5f3fc"/>`,
  },
  Clothing: {
    ground: '#fce7f3',
    drawing: `<path d="M150 110 l-70 40 l24 50 l30 -14 v124 h132 v-124 l30 14 l24 -50 l-70 -40 q-30 30 -50 0z" fill="#ec4899"/>
      <path d="M170 110 q30 34 60 0" stroke="#fbcfe8" stroke-width="8" fill="none"/>`,
  },
  Furniture: {
    ground: '#ffedd5',
    drawing: `<rect x="130" y="100" width="140" height="110" rx="16" fill="#ea580c"/><rect x="110" y="200" width="180" height="40" rx="12" fill="#fb923c"/>
      <rect x="124" y="240" width="16" height="70" rx="6" fill="#9a3412"/><rect x="260" y="240" width="16" height="70" rx="6" fill="#9a3412"/>`,
  },
  Cycle: {
    ground: '#dcfce7',
    drawing: `<g fill="none" stroke="#15803d" stroke-width="12"><circle cx="120" cy="250" r="60"/><circle cx="280" cy="250" r="60"/></g>
      <path d="M120 250 l60 -90 h80 l20 90 M180 160 l40 90 l60 -90 M160 140 h40 M250 130 h30" stroke="#166534" stroke-width="12" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  },
  Stationery: {
    ground: '#cffafe',
    drawing: `<g transform="rotate(-35 200 200)"><rect x="80" y="176" width="200" height="46" rx="6" fill="#facc15"/>
      <path d="M280 176 l50 23 l-50 23z" fill="#fde68a"/><path d="M314 191 l16 8 l-16 8z" fill="#1e293b"/><rect x="60" y="176" width="26" height="46" rx="6" fill="#f472b6"/></g>
      <rect x="90" y="280" width="220" height="36" rx="6" fill="#0891b2"/>
      <path d="M110 280 v14 M130 280 v9 M150 280 v14 M170 280 v9 M190 280 v14 M210 280 v9 M230 280 v14 M250 280 v9 M270 280 v14 M290 280 v9" stroke="#cffafe" stroke-width="4"/>`,
  },
  Others: {
    ground: '#ede9fe',
    drawing: `<path d="M200 100 l110 50 v120 l-110 50 l-110 -50 v-120z" fill="#a78bfa"/><path d="M90 150 l110 50 l110 -50" stroke="#6d28d9" stroke-width="8" fill="none"/>
      <path d="M200 200 v120" stroke="#6d28d9" stroke-width="8"/><path d="M145 125 l110 50" stroke="#ede9fe" stroke-width="14"/>`,
  },
};

function tile(category: Category): string {
  const { ground, drawing } = tileDrawings[category];
  return svg(TILE.width, TILE.height, `<rect width="400" height="400" fill="${ground}"/>${drawing}`);
}

/** File name of a category's tile; the Home page builds the same path. */
function categorySlug(category: Category): string {
  return category.toLowerCase();
}

async function render(svgText: string, file: string) {
  const target = path.join(outDir, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  await sharp(Buffer.from(svgText)).webp({ quality: 80 }).toFile(target);
  return target;
}

async function main() {
  const written = await Promise.all([
    render(essentials, 'banners/campus-essentials.webp'),
    render(shopSellSave, 'banners/shop-sell-save.webp'),
    render(hostelReady, 'banners/hostel-ready.webp'),
    ...CATEGORIES.map((category) => render(tile(category), `categories/${categorySlug(category)}.webp`)),
  ]);
  for (const file of written) console.info(path.relative(root, file), fs.statSync(file).size, 'bytes');
}

await main();
