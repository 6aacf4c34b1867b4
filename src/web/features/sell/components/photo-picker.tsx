import { ImagePlus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { type FileRejection, useDropzone } from 'react-dropzone';
import { toast } from '#web/lib/toast.ts';
import { MAX_PRODUCT_IMAGES, PRODUCT_IMAGE_MAX_BYTES } from '#domain/constants.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import type { ProductImage } from '#domain/products/product.wire.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { cn } from '#web/lib/cn.ts';
import type { PhotoSelection } from '../use-photo-selection.ts';

function rejectionMessage(rejections: FileRejection[]): string {
  const tooLarge = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
  return tooLarge ? productMessages.imageTooLarge : validationMessages.onlyImages;
}

/**
 * Drag-and-drop (or click / Enter) photo area with previews. Removing a new photo is instant;
 * removing a stored one asks first, because saving deletes it for good.
 */
export function PhotoPicker({ photos, disabled }: { photos: PhotoSelection; disabled?: boolean }) {
  const [confirming, setConfirming] = useState<ProductImage | null>(null);
  const hintId = useId();
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    accept: { 'image/*': [] },
    maxSize: PRODUCT_IMAGE_MAX_BYTES,
    disabled,
    // Keyboard users reach the 'Choose photos' button; the area itself is not a second tab stop.
    noKeyboard: true,
    onDrop: (accepted, rejected) => {
      if (rejected.length) toast.error(rejectionMessage(rejected));
      const leftOut = photos.addFiles(accepted);
      if (leftOut > 0) toast.error(validationMessages.maxImages);
    },
  });

  return (
    <div className="space-y-3">
      {/* The whole area takes drops and clicks; the button inside is the keyboard's way in. */}
      <div
        {...getRootProps()}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-4 py-8 text-center transition-colors',
          isDragActive ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white hover:border-brand-500',
          disabled && 'cursor-not-allowed opacity-60',
        )}
      >
        <input {...getInputProps()} />
        <ImagePlus className="h-8 w-8 text-brand-600" aria-hidden="true" />
        <p className="text-sm font-medium text-slate-800">{isDragActive ? 'Drop the photos here' : 'Drag photos here, or'}</p>
        <button
          type="button"
          disabled={disabled}
          aria-describedby={hintId}
          className={buttonClasses('secondary', 'sm')}
          onClick={(event) => {
            // Opened here rather than by the area's click, so Enter and Space open it too.
            event.stopPropagation();
            open();
          }}
        >
          Choose photos
        </button>
        <p id={hintId} className="text-xs text-slate-600">
          {`Up to ${MAX_PRODUCT_IMAGES} images, 10 MB each · ${photos.count}/${MAX_PRODUCT_IMAGES} chosen`}
        </p>
      </div>

      {photos.count > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Chosen photos">
          {photos.kept.map((image, index) => (
            <Preview
              key={image._id}
              src={image.cardUrl}
              label={`Remove photo ${index + 1}`}
              onRemove={() => setConfirming(image)}
              disabled={disabled}
            />
          ))}
          {photos.added.map((photo, index) => (
            <Preview
              key={photo.key}
              src={photo.previewUrl}
              label={`Remove photo ${photos.kept.length + index + 1}`}
              onRemove={() => photos.removeAdded(photo.key)}
              disabled={disabled}
            />
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={productMessages.imageDeleteConfirmTitle}
        description={productMessages.imageDeleteConfirm}
        confirmLabel="Remove"
        onConfirm={() => {
          if (confirming) photos.removeKept(confirming._id);
          setConfirming(null);
        }}
      />
    </div>
  );
}

function Preview({ src, label, onRemove, disabled }: { src: string; label: string; onRemove: () => void; disabled?: boolean }) {
  return (
    <li className="relative aspect-square overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200">
      <img src={src} alt="" className="h-full w-full object-cover" />
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={label}
        className="absolute right-1 top-1 flex h-7 w-7 items-center justify-center rounded-full bg-slate-900/70 text-white hover:bg-red-600"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </li>
  );
}
