/** The product page's photo gallery and its full-screen viewer (issue 22). */
export const galleryMessages = {
  region: (title: string) => `Photos of ${title}`,
  slide: (index: number, count: number) => `${index + 1} of ${count}`,
  photoAlt: (title: string, index: number) => (index === 0 ? title : `${title}, photo ${index + 1}`),
  open: (index: number, count: number) => `Open photo ${index + 1} of ${count} full screen`,
  thumbnail: (index: number, count: number) => `Show photo ${index + 1} of ${count}`,
  thumbnails: 'Photos',
  previous: 'Previous photo',
  next: 'Next photo',
  viewerHint: 'Tap or click the photo to zoom; use the arrow keys for the next photo.',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  zoomedArea: 'Zoomed photo: drag or use the arrow keys to look around',
  close: 'Close',
} as const;
