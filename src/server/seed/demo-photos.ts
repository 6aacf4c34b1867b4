import sharp from 'sharp';
import { CATEGORIES, type Category } from '#domain/catalog.ts';
import { processProductImage } from '../images/image-processing.ts';

/**
 * Demo photos drawn as SVG and rendered by sharp, so the demo needs no download. They go through
 * the same pipeline as an upload (decode, re-encode to WebP, card variant).
 */

const WIDTH = 1200;
const HEIGHT = 900;

interface Palette {
  sky: string;
  floor: string;
  main: string;
  accent: string;
  dark: string;
}

const PALETTES: Palette[] = [
  { sky: '#e0f2fe', floor: '#bae6fd', main: '#2563eb', accent: '#f59e0b', dark: '#1e293b' },
  { sky: '#fef3c7', floor: '#fde68a', main: '#dc2626', accent: '#0d9488', dark: '#292524' },
  { sky: '#ede9fe', floor: '#ddd6fe', main: '#7c3aed', accent: '#f43f5e', dark: '#1f2937' },
  { sky: '#dcfce7', floor: '#bbf7d0', main: '#059669', accent: '#eab308', dark: '#14532d' },
];

/** Each drawing sits on a table top in the lower part of the frame, centred. */
const DRAWINGS: Record<Category, (p: Palette) => string> = {
  Books: (p) => `
    <rect x="330" y="560" width="540" height="90" rx="10" fill="${p.main}"/>
    <rect x="350" y="575" width="500" height="12" fill="#ffffff" opacity="0.6"/>
    <rect x="370" y="470" width="470" height="90" rx="10" fill="${p.accent}"/>
    <rect x="390" y="485" width="430" height="12" fill="#ffffff" opacity="0.6"/>
    <rect x="350" y="380" width="500" height="90" rx="10" fill="${p.dark}"/>
    <rect x="370" y="395" width="460" height="12" fill="#ffffff" opacity="0.4"/>
    <rect x="420" y="250" width="300" height="130" rx="8" fill="#ffffff" stroke="${p.dark}" stroke-width="6" transform="rotate(-8 570 315)"/>`,
  Electronics: (p) => `
    <rect x="360" y="260" width="480" height="310" rx="18" fill="${p.dark}"/>
    <rect x="385" y="285" width="430" height="260" rx="6" fill="${p.main}"/>
    <circle cx="600" cy="415" r="46" fill="#ffffff" opacity="0.35"/>
    <path d="M300 575 H900 L860 640 H340 Z" fill="#94a3b8"/>
    <rect x="540" y="585" width="120" height="14" rx="7" fill="#64748b"/>`,
  Clothing: (p) => `
    <path d="M470 250 L400 275 L300 360 L360 440 L420 400 L420 650 L780 650 L780 400 L840 440 L900 360 L800 275 L730 250 Q600 330 470 250 Z" fill="${p.main}"/>
    <path d="M470 250 Q600 330 730 250" fill="none" stroke="${p.dark}" stroke-width="10"/>
    <rect x="420" y="470" width="360" height="26" fill="${p.accent}"/>`,
  Furniture: (p) => `
    <rect x="330" y="380" width="540" height="40" rx="8" fill="${p.accent}"/>
    <rect x="360" y="420" width="30" height="230" fill="${p.dark}"/>
    <rect x="810" y="420" width="30" height="230" fill="${p.dark}"/>
    <rect x="600" y="420" width="200" height="110" rx="6" fill="${p.main}"/>
    <rect x="680" y="465" width="40" height="12" rx="6" fill="#ffffff" opacity="0.8"/>
    <rect x="410" y="300" width="90" height="80" rx="6" fill="${p.main}" opacity="0.8"/>`,
  Cycle: (p) => `
    <circle cx="400" cy="520" r="120" fill="none" stroke="${p.dark}" stroke-width="22"/>
    <circle cx="800" cy="520" r="120" fill="none" stroke="${p.dark}" stroke-width="22"/>
    <path d="M400 520 L530 360 L720 360 L800 520 M530 360 L600 520 L720 360 M600 520 L400 520" fill="none" stroke="${p.main}" stroke-width="20" stroke-linejoin="round"/>
    <path d="M505 330 H575" stroke="${p.dark}" stroke-width="18" stroke-linecap="round"/>
    <path d="M720 360 L700 300 H760" fill="none" stroke="${p.accent}" stroke-width="16" stroke-linecap="round"/>`,
  Stationery: (p) => `
    <g transform="rotate(-25 600 460)">
      <rect x="330" y="420" width="460" height="70" fill="${p.accent}"/>
      <rect x="290" y="420" width="40" height="70" fill="#f472b6"/>
      <path d="M790 420 L880 455 L790 490 Z" fill="#fcd34d"/>
      <path d="M855 445 L880 455 L855 465 Z" fill="${p.dark}"/>
    </g>
    <rect x="340" y="560" width="520" height="60" rx="6" fill="${p.main}"/>
    <path d="M380 560 v25 M420 560 v15 M460 560 v25 M500 560 v15 M540 560 v25 M580 560 v15 M620 560 v25 M660 560 v15 M700 560 v25 M740 560 v15 M780 560 v25 M820 560 v15" stroke="#ffffff" stroke-width="5"/>`,
  Others: (p) => `
    <path d="M360 380 L600 300 L840 380 L600 460 Z" fill="${p.accent}"/>
    <path d="M360 380 L600 460 L600 660 L360 580 Z" fill="${p.main}"/>
    <path d="M840 380 L600 460 L600 660 L840 580 Z" fill="${p.dark}"/>
    <path d="M480 340 L720 420 L720 470" fill="none" stroke="#ffffff" stroke-width="14" opacity="0.7"/>`,
};

function scene(category: Category, palette: Palette): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${palette.sky}"/>
      </linearGradient>
    </defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
    <rect y="650" width="${WIDTH}" height="${HEIGHT - 650}" fill="${palette.floor}"/>
    <ellipse cx="600" cy="665" rx="360" ry="24" fill="#000000" opacity="0.08"/>
    ${DRAWINGS[category](palette)}
  </svg>`;
  return Buffer.from(svg);
}

export interface DemoPhoto {
  full: Buffer;
  card: Buffer;
  width: number;
  height: number;
}

let rendered: Promise<Map<Category, DemoPhoto[]>> | undefined;

/** One photo per category and palette: the set every seeded listing draws from (rendered once per process). */
export function demoPhotos(): Promise<Map<Category, DemoPhoto[]>> {
  rendered ??= renderDemoPhotos(CATEGORIES);
  return rendered;
}

async function renderDemoPhotos(categories: readonly Category[]): Promise<Map<Category, DemoPhoto[]>> {
  const photos = new Map<Category, DemoPhoto[]>();
  for (const category of categories) {
    const variants: DemoPhoto[] = [];
    for (const palette of PALETTES) {
      const png = await sharp(scene(category, palette)).png().toBuffer();
      const { full, card } = await processProductImage(png);
      variants.push({ full: full.data, card: card.data, width: full.width, height: full.height });
    }
    photos.set(category, variants);
  }
  return photos;
}
