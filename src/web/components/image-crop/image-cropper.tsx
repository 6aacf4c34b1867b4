import { useId, useState } from 'react';
import Cropper from 'react-easy-crop';
import { toast } from '#web/lib/toast.ts';
import { IMAGE_CROP } from '#domain/constants.ts';
import { authMessages } from '#domain/users/auth.messages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { type PixelArea, cropToJpegFile } from './crop-image.ts';
import { useFileUrl } from './use-file-url.ts';

export interface ImageCropperProps {
  /** The picture the user chose. */
  file: File;
  /** Called with the cropped square as a JPEG file, ready to upload. */
  onCropped: (file: File) => void;
  onCancel: () => void;
  /** Round for profile photos (the default); the output is square either way. */
  shape?: 'round' | 'rect';
}

/**
 * Square-aspect cropping with zoom 1–3 (spec 9). Drag or use the arrow keys to move the
 * picture, the slider (or wheel / pinch) to zoom; 'Crop Image' hands back a JPEG.
 */
export function ImageCropper({ file, onCropped, onCancel, shape = 'round' }: ImageCropperProps) {
  const src = useFileUrl(file);
  const zoomId = useId();
  const helpId = useId();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(IMAGE_CROP.minZoom);
  const [area, setArea] = useState<PixelArea | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!src || !area) return;
    setBusy(true);
    try {
      onCropped(await cropToJpegFile(src, area, file.name));
    } catch {
      toast.error(authMessages.cropFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3" data-testid="image-cropper">
      <div className="relative h-64 w-full overflow-hidden rounded-xl bg-slate-900 sm:h-72">
        {src ? (
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            aspect={IMAGE_CROP.aspect}
            minZoom={IMAGE_CROP.minZoom}
            maxZoom={IMAGE_CROP.maxZoom}
            cropShape={shape}
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_area, pixels) => setArea(pixels)}
            mediaProps={{ alt: 'Photo to crop' }}
            cropperProps={{ role: 'group', 'aria-label': 'Crop area', 'aria-describedby': helpId }}
          />
        ) : (
          <div className="flex h-full items-center justify-center text-white">
            <Spinner />
          </div>
        )}
      </div>
      <p id={helpId} className="text-xs text-slate-600">
        Drag the photo (or use the arrow keys) to place it in the circle; zoom with the slider.
      </p>
      <div className="flex items-center gap-3">
        <label htmlFor={zoomId} className="text-sm font-medium text-slate-800">
          Zoom
        </label>
        <input
          id={zoomId}
          type="range"
          min={IMAGE_CROP.minZoom}
          max={IMAGE_CROP.maxZoom}
          step={0.05}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
          className="h-2 flex-1 cursor-pointer accent-brand-600"
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="button" onClick={() => void confirm()} busy={busy} disabled={!area}>
          Crop Image
        </Button>
      </div>
    </div>
  );
}
