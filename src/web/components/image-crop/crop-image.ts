import { IMAGE_CROP } from '#domain/constants.ts';

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The server keeps 512 px; anything much larger only makes the upload slower. */
const MAX_OUTPUT_SIDE = 1024;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read'));
    image.src = src;
  });
}

function toJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded'))),
      'image/jpeg',
      IMAGE_CROP.jpegQuality,
    );
  });
}

/** Cuts the chosen area out of the image and encodes it as JPEG (quality 0.92, spec 9). */
export async function cropToJpegFile(src: string, area: PixelArea, sourceName: string): Promise<File> {
  const image = await loadImage(src);
  const scale = Math.min(1, MAX_OUTPUT_SIDE / Math.max(area.width, area.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width * scale));
  canvas.height = Math.max(1, Math.round(area.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  // JPEG has no transparency: a transparent PNG would otherwise turn black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  const blob = await toJpeg(canvas);
  const baseName = sourceName.replace(/\.[^.]*$/, '') || 'photo';
  return new File([blob], `${baseName}-cropped.jpg`, { type: 'image/jpeg' });
}
