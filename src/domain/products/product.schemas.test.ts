import { describe, expect, it } from 'vitest';
import { validationMessages as m } from '../validation.messages.ts';
import { existingImagesSchema, productFieldsSchema, productListQuerySchema } from './product.schemas.ts';

const valid = {
  title: 'Study table',
  description: 'Sturdy, one drawer',
  price: '1200',
  category: 'Furniture',
  condition: 'Good',
};

describe('product fields', () => {
  it('accepts multipart strings and turns prices into numbers', () => {
    expect(productFieldsSchema.parse({ ...valid, originalPrice: '2000.50' })).toEqual({
      title: 'Study table',
      description: 'Sturdy, one drawer',
      price: 1200,
      originalPrice: 2000.5,
      category: 'Furniture',
      condition: 'Good',
    });
  });

  it('accepts a price of 0 and a missing original price', () => {
    const parsed = productFieldsSchema.parse({ ...valid, price: '0', originalPrice: '' });
    expect(parsed.price).toBe(0);
    expect(parsed.originalPrice).toBeUndefined();
  });

  it("accepts 'Excellent', a condition existing products carry", () => {
    expect(productFieldsSchema.safeParse({ ...valid, condition: 'Excellent' }).success).toBe(true);
  });

  it.each(['title', 'description', 'price', 'category', 'condition'] as const)(
    "says 'Please fill in all required fields.' without %s",
    (field) => {
      const { [field]: _omitted, ...rest } = valid;
      expect(productFieldsSchema.safeParse(rest).error?.issues[0]?.message).toBe(m.fillRequiredProductFields);
      expect(productFieldsSchema.safeParse({ ...valid, [field]: '' }).error?.issues[0]?.message).toBe(
        m.fillRequiredProductFields,
      );
    },
  );

  it.each(['-1', 'abc', '1e12'])('refuses the price %s', (price) => {
    expect(productFieldsSchema.safeParse({ ...valid, price }).error?.issues[0]?.message).toBe(m.priceInvalid);
  });

  it('refuses a negative original price', () => {
    expect(productFieldsSchema.safeParse({ ...valid, originalPrice: '-5' }).success).toBe(false);
  });

  it('refuses a category outside the seven, saying so', () => {
    const parsed = productFieldsSchema.safeParse({ ...valid, category: 'Cars' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(m.categoryInvalid);
  });

  it('refuses a condition outside the list, saying so', () => {
    const parsed = productFieldsSchema.safeParse({ ...valid, condition: 'Broken' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(m.conditionInvalid);
  });
});

describe('existing images on edit', () => {
  it('reads a JSON list of image ids', () => {
    const id = '7d0f6a52-3c2b-4c4e-9a57-2f5d8b8f1e11';
    expect(existingImagesSchema.parse(JSON.stringify([id]))).toEqual([id]);
  });

  it('refuses something that is not JSON', () => {
    expect(existingImagesSchema.safeParse('[oops').success).toBe(false);
  });
});

describe('product list query', () => {
  it('defaults to the newest first, page 1 of 24', () => {
    expect(productListQuerySchema.parse({})).toMatchObject({
      sort: 'newest',
      page: 1,
      limit: 24,
      category: [],
      requested: false,
    });
  });

  it('takes one or many categories, and All', () => {
    expect(productListQuerySchema.parse({ category: 'Books' }).category).toEqual(['Books']);
    expect(productListQuerySchema.parse({ category: ['Books', 'Cycle'] }).category).toEqual(['Books', 'Cycle']);
    expect(productListQuerySchema.parse({ category: 'All' }).category).toEqual(['All']);
  });

  it('caps the page size at 100', () => {
    expect(productListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});
