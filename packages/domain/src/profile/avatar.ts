/** What an avatar upload may be; plain data so screens that only call the API stay free of zod. */
export const avatarLimits = {
  maxBytes: 2 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp'] as const,
  typeMessage: 'Avatar must be a PNG, JPEG or WebP image',
  sizeMessage: 'Avatar must be 2 MB or smaller',
};
