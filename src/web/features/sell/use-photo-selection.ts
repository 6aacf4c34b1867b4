import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_PRODUCT_IMAGES } from '#domain/constants.ts';
import type { ProductImage } from '#domain/products/product.wire.ts';

export interface NewPhoto {
  key: string;
  file: File;
  previewUrl: string;
}

/**
 * The photos of the Sell form: stored ones the seller keeps (edit mode) and new files with
 * local previews. Together they never exceed MAX_PRODUCT_IMAGES; previews are released when
 * removed or when the form goes away.
 */
export function usePhotoSelection(initial: ProductImage[]) {
  const [kept, setKept] = useState<ProductImage[]>(initial);
  const [added, setAdded] = useState<NewPhoto[]>([]);
  const previews = useRef(new Set<string>());
  const nextKey = useRef(0);

  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const count = kept.length + added.length;

  /** Adds what fits and reports how many files did not. */
  const addFiles = useCallback(
    (files: File[]): number => {
      const room = Math.max(0, MAX_PRODUCT_IMAGES - count);
      const fitting = files.slice(0, room).map((file) => {
        const previewUrl = URL.createObjectURL(file);
        previews.current.add(previewUrl);
        nextKey.current += 1;
        return { key: `new-${nextKey.current}`, file, previewUrl };
      });
      setAdded((current) => [...current, ...fitting]);
      return files.length - fitting.length;
    },
    [count],
  );

  const removeAdded = useCallback((key: string) => {
    setAdded((current) => {
      const photo = current.find((item) => item.key === key);
      if (photo) {
        URL.revokeObjectURL(photo.previewUrl);
        previews.current.delete(photo.previewUrl);
      }
      return current.filter((item) => item.key !== key);
    });
  }, []);

  const removeKept = useCallback((id: string) => setKept((current) => current.filter((image) => image._id !== id)), []);

  return { kept, added, count, addFiles, removeAdded, removeKept, isFull: count >= MAX_PRODUCT_IMAGES };
}

export type PhotoSelection = ReturnType<typeof usePhotoSelection>;
