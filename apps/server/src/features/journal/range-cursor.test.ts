import { describe, expect, it } from 'vitest';
import { decodeRangeCursor, encodeRangeCursor } from './range-cursor.js';

const cursor = {
  day: '2026-11-23',
  at: '2026-11-23T18:04:05.123Z',
  id: '0b9f1c52-5d8e-4d2b-9c1e-2f4a6b8c0d1e',
};
const encoded = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('range cursors', () => {
  it('read back what they wrote', () => {
    expect(decodeRangeCursor(encodeRangeCursor(cursor))).toEqual(cursor);
  });

  it('refuse anything the server did not write', () => {
    for (const bad of [
      '',
      'not base64!',
      encoded('2026-11-23|2026-11-23T18:04:05.123Z'),
      encoded(`2026-02-30|${cursor.at}|${cursor.id}`),
      encoded(`2026-11-23T00:00:00Z|${cursor.at}|${cursor.id}`),
      encoded(`${cursor.day}|2026-11-23T18:04:05Z|${cursor.id}`),
      encoded(`${cursor.day}|+275760-09-13T00:00:00.000Z|${cursor.id}`),
      encoded(`${cursor.day}|${cursor.at}|not-a-uuid`),
      encoded(`${cursor.day}|${cursor.at}|${cursor.id}|extra`),
      'A'.repeat(201),
    ])
      expect(decodeRangeCursor(bad), bad).toBeNull();
  });
});
