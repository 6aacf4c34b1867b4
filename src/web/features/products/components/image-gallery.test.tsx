// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { galleryMessages as m } from '#domain/products/gallery.messages.ts';
import type { ProductImage } from '#domain/products/product.wire.ts';
import { ImageGallery } from './image-gallery.tsx';

const photo = (n: number): ProductImage => ({
  _id: `i-${n}`,
  url: `/uploads/products/${n}.webp`,
  secure_url: `/uploads/products/${n}.webp`,
  cardUrl: `/uploads/products/${n}-card.webp`,
});
const TITLE = 'Desk lamp';

/** The <img> elements in the page, by their src. */
const sources = () => [...document.querySelectorAll('img')].map((image) => image.getAttribute('src'));

let idle: IdleRequestCallback[] = [];
const runIdle = () => idle.splice(0).forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 50 }));

beforeEach(() => {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
  vi.stubGlobal('cancelIdleCallback', () => {});
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the photo gallery on a first load', () => {
  it('asks for the other photos and the thumbnails only once the first photo is shown and the browser is idle', async () => {
    render(<ImageGallery images={[photo(1), photo(2), photo(3)]} title={TITLE} />);
    expect(sources()).toEqual(['/uploads/products/1.webp']);

    fireEvent.load(screen.getByRole('img', { name: m.photoAlt(TITLE, 0) }));
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    expect(sources()).toHaveLength(1);

    runIdle();
    await vi.waitFor(() => expect(sources()).toHaveLength(6));
    expect(sources()).toEqual([
      '/uploads/products/1.webp',
      '/uploads/products/2.webp',
      '/uploads/products/3.webp',
      '/uploads/products/1-card.webp',
      '/uploads/products/2-card.webp',
      '/uploads/products/3-card.webp',
    ]);
  });

  it('shows them at once when the student moves to another photo first', () => {
    render(<ImageGallery images={[photo(1), photo(2)]} title={TITLE} />);
    fireEvent.click(screen.getByRole('button', { name: m.thumbnail(1, 2) }));
    expect(sources()).toHaveLength(4);
  });

  it('shows them at once when the student swipes', () => {
    render(<ImageGallery images={[photo(1), photo(2)]} title={TITLE} />);
    fireEvent.scroll(document.querySelector('[data-gallery-track]')!);
    expect(screen.getByRole('img', { name: m.photoAlt(TITLE, 1) })).toBeTruthy();
  });

  it('still shows the other photos when the first one fails to load', async () => {
    render(<ImageGallery images={[photo(1), photo(2)]} title={TITLE} />);
    fireEvent.error(screen.getByRole('img', { name: m.photoAlt(TITLE, 0) }));
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    runIdle();
    await vi.waitFor(() => expect(sources()).toHaveLength(4));
  });
});
