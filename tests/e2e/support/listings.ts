import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { type PreparedPhoto, photoKeys, preparePhotos, storePhotos } from '#server/products/product-photos.ts';
import { type NewListing, insertListing } from '#server/seed/listing-factory.ts';
import { createLocalStorage } from '#server/storage/storage.ts';
import { seedDatabase } from './seed-database.ts';

/**
 * A photo-like picture: a coloured gradient with a shape, so cards and galleries in the
 * screenshots look like listings rather than flat colour swatches.
 */
export async function samplePhoto(hue: number, format: 'jpeg' | 'png' = 'jpeg', size = { width: 960, height: 720 }) {
  const { width, height } = size;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},65%,40%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.62}" cy="${height * 0.5}" r="${height * 0.28}" fill="hsl(${(hue + 180) % 360},70%,85%)" opacity="0.85"/>
    <rect x="${width * 0.18}" y="${height * 0.3}" width="${width * 0.22}" height="${height * 0.42}" rx="18" fill="#ffffff" opacity="0.7"/>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 82 }).toBuffer();
}

/** Writes upload fixtures (what a seller picks from their phone) into a folder; returns their paths. */
export async function writePhotoFiles(dir: string, photos: { name: string; hue: number; format?: 'jpeg' | 'png' }[]) {
  fs.mkdirSync(dir, { recursive: true });
  return Promise.all(
    photos.map(async ({ name, hue, format = 'jpeg' }) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, await samplePhoto(hue, format));
      return file;
    }),
  );
}

export interface SeedListing extends Omit<NewListing, 'photos'> {
  /** Hues of its photos, drawn and stored like real uploads. */
  photoHues?: number[];
}

/**
 * A sample photo of `hue` as an upload makes it, stored under keys of its own. Drawing and
 * preparing one costs ~140 ms of CPU, so each hue is prepared once per worker: a catalogue of
 * sixty listings (browse.spec) shares one.
 */
const preparedByHue = new Map<number, Promise<PreparedPhoto>>();
async function preparedPhoto(hue: number): Promise<PreparedPhoto> {
  let prepared = preparedByHue.get(hue);
  if (!prepared) {
    prepared = samplePhoto(hue).then(async (photo) => (await preparePhotos([photo]))[0]!);
    preparedByHue.set(hue, prepared);
  }
  const id = randomUUID();
  return { ...(await prepared), id, ...photoKeys(id) };
}

/**
 * Puts listings (with real stored photos) into a DATA_DIR before the server starts, for
 * states a journey cannot reach through the screens alone (a sold product, a full catalogue).
 */
export async function seedListings(dataDir: string, listings: SeedListing[]): Promise<string[]> {
  const database = await seedDatabase(dataDir);
  // Only stores files; the server that starts on this directory answers their addresses.
  const storage = createLocalStorage(path.join(dataDir, 'uploads'), 'http://localhost');
  const ids: string[] = [];
  for (const { photoHues = [210], ...listing } of listings) {
    const photos = await Promise.all(photoHues.map(preparedPhoto));
    await storePhotos(storage, photos);
    ids.push(await insertListing(database.db, { ...listing, photos }));
  }
  return ids;
}
