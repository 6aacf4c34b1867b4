import { ImagePlus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { DEFAULT_AVATAR_PATH } from '#domain/constants.ts';
import { validationMessages } from '#domain/validation.messages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ImageCropper } from './image-cropper.tsx';
import { useFileUrl } from './use-file-url.ts';

export interface PhotoPickerProps {
  /** The cropped photo so far, or null. */
  value: File | null;
  onChange: (file: File | null) => void;
  label?: string;
  /** What to show while no photo is chosen (the current photo, say). */
  placeholderUrl?: string;
}

/**
 * Profile photo: no file → file chosen (crop view) → cropped (preview) or cancelled (spec 4).
 */
export function PhotoPicker({
  value,
  onChange,
  label = 'Profile photo',
  placeholderUrl = DEFAULT_AVATAR_PATH,
}: PhotoPickerProps) {
  const labelId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const preview = useFileUrl(value);

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error(validationMessages.onlyImages);
      return;
    }
    setChosen(file);
  };

  return (
    <div className="space-y-2">
      <p id={labelId} className="text-sm font-medium text-slate-800">
        {label} <span className="font-normal text-slate-600">(optional)</span>
      </p>
      {/* The visible button opens this picker; the input itself stays out of the tab order. */}
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        aria-labelledby={labelId}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      {chosen ? (
        <ImageCropper
          file={chosen}
          onCancel={() => setChosen(null)}
          onCropped={(file) => {
            setChosen(null);
            onChange(file);
          }}
        />
      ) : (
        <div className="flex items-center gap-4">
          <img
            src={value ? (preview ?? placeholderUrl) : placeholderUrl}
            alt={value ? 'Cropped profile photo preview' : 'No profile photo chosen'}
            className="h-20 w-20 shrink-0 rounded-full border border-slate-200 bg-slate-100 object-cover"
            data-testid="photo-preview"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="secondary" size="sm" aria-describedby={labelId} onClick={() => input.current?.click()}>
              <ImagePlus className="h-4 w-4" aria-hidden="true" />
              {value ? 'Change photo' : 'Choose photo'}
            </Button>
            {value && (
              <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
                Remove
              </Button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
