import type { FastifyRequest } from 'fastify';
import { MAX_PRODUCT_IMAGES, MIN_PRODUCT_IMAGES } from '#domain/constants.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import { type ProductFields, existingImagesSchema, productFieldsSchema } from '#domain/products/product.schemas.ts';
import { badRequest } from '../http/errors.ts';
import { readMultipartForm } from '../http/multipart.ts';

/** The multipart field that carries the photos (spec 7). */
export const PHOTOS_FIELD = 'images';

/** A sell or edit form as it arrived: text fields (first value of each) and the photo files. */
export interface ProductForm {
  fields: Record<string, string>;
  photos: Buffer[];
}

/**
 * Reads a multipart create/edit call into memory. The plugin's limits (app.ts) bound it: each
 * file at most 10 MB, at most one file more than allowed, a few small fields.
 */
export async function readProductForm(request: FastifyRequest): Promise<ProductForm> {
  const { fields, files } = await readMultipartForm(request, {
    fileField: PHOTOS_FIELD,
    fileTooLargeMessage: productMessages.imageTooLarge,
    tooManyFilesMessage: validationMessages.maxImages,
  });
  return { fields, photos: files };
}

/** The listing's text fields, or a 400 with the first problem's message. */
export function parseListingFields(form: ProductForm): ProductFields {
  const parsed = productFieldsSchema.safeParse(form.fields);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? validationMessages.fillRequiredProductFields);
  return parsed.data;
}

/**
 * The image ids an edit keeps, in the seller's order. Absent means "keep them all" (a client that
 * edits only the text); present, it is the complete list of photos that stay.
 */
export function parseKeptImageIds(form: ProductForm): string[] | undefined {
  const raw = form.fields.existingImages;
  if (raw === undefined) return undefined;
  const parsed = existingImagesSchema.safeParse(raw.trim() === '' ? '[]' : raw);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'existingImages must be a JSON list of image ids');
  return [...new Set(parsed.data)];
}

/** 1 to 5 photos in total (spec 5 and 9). */
export function assertPhotoCount(total: number): void {
  if (total < MIN_PRODUCT_IMAGES) throw badRequest(validationMessages.uploadAtLeastOneImage);
  if (total > MAX_PRODUCT_IMAGES) throw badRequest(validationMessages.maxImages);
}
