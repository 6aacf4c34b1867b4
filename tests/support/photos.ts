import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/**
 * Sample uploads for the listing tests, made on the fly: real photos, files that only pretend
 * to be photos, and hostile ones.
 */

export interface Upload {
  data: Buffer;
  name?: string;
  type?: string;
}

const GPS_EXIF = {
  IFD0: { Make: 'Campus Phone', Model: 'Test Camera' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '26/1 30/1 45/1', GPSLongitudeRef: 'E', GPSLongitude: '80/1 13/1 57/1' },
};

/** A JPEG photo; with `gps`, it carries camera EXIF with a location, as phone photos do. */
export async function jpegPhoto(options: { width?: number; height?: number; hue?: number; gps?: boolean } = {}) {
  const { width = 320, height = 240, hue = 200, gps = false } = options;
  const image = sharp({
    create: { width, height, channels: 3, background: `hsl(${hue}, 60%, 50%)` },
  }).jpeg({ quality: 80 });
  return (gps ? image.withExif(GPS_EXIF) : image).toBuffer();
}

export async function pngPhoto(options: { width?: number; height?: number } = {}) {
  const { width = 300, height = 300 } = options;
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 90, alpha: 1 } } })
    .png()
    .toBuffer();
}

export const svgDocument = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100" fill="red"/></svg>',
);

export const textPretendingToBeJpeg: Upload = {
  data: Buffer.from('This is a shopping list, not a photo.\n'.repeat(20)),
  name: 'photo.jpg',
  type: 'image/jpeg',
};

/**
 * A small PNG whose header claims 30,000 x 30,000 pixels: decoding it would need gigabytes, so it
 * must be refused from the header alone.
 */
export async function pixelBomb(): Promise<Upload> {
  const png = Buffer.from(await pngPhoto({ width: 8, height: 8 }));
  // IHDR data starts at byte 16: width, height, then five one-byte fields; its CRC follows.
  png.writeUInt32BE(30_000, 16);
  png.writeUInt32BE(30_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return { data: png, name: 'huge.png', type: 'image/png' };
}

/** A multipart form as the sell page sends it: text fields and `images` files. */
export function listingForm(fields: Record<string, string | number | undefined>, uploads: (Upload | Buffer)[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, String(value));
  }
  uploads.forEach((upload, index) => {
    const { data, name = `photo-${index + 1}.jpg`, type = 'image/jpeg' } = Buffer.isBuffer(upload) ? { data: upload } : upload;
    form.append('images', new Blob([new Uint8Array(data)], { type }), name);
  });
  return form;
}

export const bicycleFields = {
  title: 'Hero Sprint 26T bicycle',
  description: 'Two years old, new tyres, lock included.',
  price: 3200,
  originalPrice: 5500,
  category: 'Cycle',
  condition: 'Good',
};
