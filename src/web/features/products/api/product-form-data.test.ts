import { describe, expect, it } from 'vitest';
import { productFormData } from './product-form-data.ts';

const fields = {
  title: 'Casio calculator',
  description: 'With cover',
  price: 650,
  originalPrice: undefined,
  category: 'Electronics',
  condition: 'Good',
} as const;

describe('productFormData', () => {
  it('sends the fields and every photo under images, leaving out an unset original price on create', () => {
    const photo = new File([new Uint8Array([1, 2, 3])], 'front.jpg', { type: 'image/jpeg' });
    const form = productFormData({ fields, files: [photo, photo] });
    expect(form.get('title')).toBe('Casio calculator');
    expect(form.get('price')).toBe('650');
    expect(form.has('originalPrice')).toBe(false);
    expect(form.has('existingImages')).toBe(false);
    expect(form.getAll('images')).toHaveLength(2);
  });

  it('on edit sends the kept image ids as a JSON list and a blank original price, which clears it', () => {
    const form = productFormData({ fields, files: [] }, ['a1', 'b2']);
    expect(form.get('existingImages')).toBe('["a1","b2"]');
    expect(form.get('originalPrice')).toBe('');
    expect(form.getAll('images')).toHaveLength(0);
  });
});
