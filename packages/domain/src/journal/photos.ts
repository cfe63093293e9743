/** Photos of a photo-mode entry: the same limits and texts on the server and in the web app. */
export const photoLimits = {
  maxBytes: 8 * 1024 * 1024,
  maxPerEntry: 2,
  /** What the file picker offers (the server checks the bytes, not the name). */
  accept: 'image/png,image/jpeg,image/webp',
  typeMessage: 'Photo must be a PNG, JPEG or WebP image',
  sizeMessage: 'Photo must be 8 MB or smaller',
  tooManyMessage: 'You can add at most 2 photos',
} as const;
