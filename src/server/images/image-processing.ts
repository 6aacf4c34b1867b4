import sharp, { type Metadata } from 'sharp';
import { productMessages } from '#domain/products/product.messages.ts';
import { payloadTooLarge, unsupportedMediaType } from '../http/errors.ts';

/** Formats we decode. SVG is refused on purpose: it is a document that can carry script. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff']);

/** Bigger than any phone camera; a "pixel bomb" claims far more and is refused before decoding. */
export const MAX_INPUT_PIXELS = 50_000_000;

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Reads the header first, so the format and the pixel count are checked before anything is
 * decoded; the claimed content type and the file name are never trusted.
 */
async function inspect(input: Buffer) {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return unreadable();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) unreadable();
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (!pixels) unreadable();
  if (pixels > MAX_INPUT_PIXELS) throw payloadTooLarge(productMessages.imageTooManyPixels);
}

function unreadable(): never {
  throw unsupportedMediaType(productMessages.imageUnreadable);
}

/** Decodes the upload once, upright (EXIF orientation applied) and at most maxSide px, as 8-bit pixels. */
async function decodeBounded(input: Buffer, maxSide: number) {
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate() // apply the EXIF orientation before the metadata (GPS included) is dropped
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch {
    return unreadable();
  }
}

type DecodedPixels = Awaited<ReturnType<typeof decodeBounded>>;

/** Encodes decoded pixels as WebP, optionally shrunk to fit maxSide; no metadata (EXIF, GPS) survives. */
async function encodePixels({ data, info }: DecodedPixels, maxSide?: number): Promise<EncodedImage> {
  let image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  if (maxSide) image = image.resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
  const encoded = await image.webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
  return { data: encoded.data, width: encoded.info.width, height: encoded.info.height };
}

/**
 * A listing photo: at most 1600 px on its long side, plus a ~480 px card variant, as WebP. The
 * upload is decoded once; the card is made from the already-shrunk pixels.
 */
export async function processProductImage(input: Buffer): Promise<{ full: EncodedImage; card: EncodedImage }> {
  await inspect(input);
  const pixels = await decodeBounded(input, 1600);
  const full = await encodePixels(pixels);
  const card = await encodePixels(pixels, 480);
  return { full, card };
}

/** A profile photo: the (already cropped) square, 512 px, as WebP without metadata. */
export async function processProfilePhoto(input: Buffer): Promise<EncodedImage> {
  await inspect(input);
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate() // apply the EXIF orientation before the metadata (GPS included) is dropped
      .resize(512, 512, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    return unreadable();
  }
}
