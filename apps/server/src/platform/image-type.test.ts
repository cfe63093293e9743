import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type.js';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

describe('detectImageType (magic bytes, whatever the upload claims)', () => {
  it('recognises PNG, JPEG and WebP', () => {
    expect(detectImageType(png)).toEqual({ mime: 'image/png', ext: 'png' });
    expect(detectImageType(jpeg)).toEqual({ mime: 'image/jpeg', ext: 'jpg' });
    expect(detectImageType(webp)).toEqual({ mime: 'image/webp', ext: 'webp' });
  });

  it('refuses other formats and text pretending to be an image', () => {
    expect(detectImageType(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBeNull();
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(detectImageType(Buffer.from('%PDF-1.7 ...'))).toBeNull();
    const wave = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WAVEfmt ')]);
    expect(detectImageType(wave)).toBeNull();
    expect(detectImageType(Buffer.from('png but not really'))).toBeNull();
  });

  it('refuses truncated headers and empty data', () => {
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
    expect(detectImageType(png.subarray(0, 7))).toBeNull();
    expect(detectImageType(jpeg.subarray(0, 2))).toBeNull();
    expect(detectImageType(webp.subarray(0, 11))).toBeNull();
  });
});
