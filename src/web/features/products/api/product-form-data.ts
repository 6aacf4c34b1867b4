import type { ProductFieldsInput } from '#domain/products/product.schemas.ts';

export interface ProductUpload {
  fields: ProductFieldsInput;
  /** New photos to send, in display order. */
  files: File[];
}

function moneyText(value: unknown): string {
  return value === undefined || value === null ? '' : String(value).trim();
}

/** The multipart body of createProduct / edit (spec 7): text fields, then the `images` files. */
export function productFormData({ fields, files }: ProductUpload, existingImageIds?: string[]): FormData {
  const form = new FormData();
  form.append('title', String(fields.title ?? ''));
  form.append('description', String(fields.description ?? ''));
  form.append('price', moneyText(fields.price));
  const originalPrice = moneyText(fields.originalPrice);
  // Create sends originalPrice only when set; edit always sends it, so clearing it is possible.
  if (originalPrice !== '' || existingImageIds) form.append('originalPrice', originalPrice);
  form.append('category', String(fields.category ?? ''));
  form.append('condition', String(fields.condition ?? ''));
  if (existingImageIds) form.append('existingImages', JSON.stringify(existingImageIds));
  for (const file of files) form.append('images', file, file.name);
  return form;
}
