import { describe, expect, it } from 'vitest';
import { phoneHref, whatsappHref } from './contact.ts';

describe('contact links', () => {
  it('call links carry the +91 prefix', () => {
    expect(phoneHref('9876543210')).toBe('tel:+919876543210');
  });

  it('messaging-app links carry 91 and the prefilled message', () => {
    expect(whatsappHref('9876543210', 'Is it available?')).toBe('https://wa.me/919876543210?text=Is%20it%20available%3F');
    expect(whatsappHref('9876543210')).toBe('https://wa.me/919876543210');
  });
});
