import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFiles } from './files.js';

let base: string;
let root: string;
let files: LocalFiles;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'mindledger-files-'));
  root = join(base, 'files');
  files = new LocalFiles(root);
});
afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

const body = Buffer.from([1, 2, 3, 4]);

describe('LocalFiles', () => {
  it('keeps, answers and deletes a file with its content type', async () => {
    await files.put('avatars/user-1/a.png', body, 'image/png');
    expect(existsSync(join(root, 'avatars/user-1/a.png'))).toBe(true);
    expect(await files.get('avatars/user-1/a.png')).toEqual({ body, contentType: 'image/png' });
    await files.delete('avatars/user-1/a.png');
    expect(await files.get('avatars/user-1/a.png')).toBeNull();
    expect(existsSync(join(root, 'avatars/user-1/a.png'))).toBe(false);
  });

  it('writes a file from a stream, answers its size, and opens it for streaming', async () => {
    async function* parts() {
      yield '{"a":';
      yield Buffer.from('[1,2,3]}');
    }
    expect(await files.putStream('exports/p/e/record.json', parts(), 'application/json')).toBe(13);
    const opened = await files.open('exports/p/e/record.json');
    expect(opened?.size).toBe(13);
    expect(opened?.contentType).toBe('application/json');
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('{"a":[1,2,3]}');
    expect(await files.open('exports/p/e/none.json')).toBeNull();
  });

  it('leaves no file behind when the stream fails', async () => {
    async function* failing() {
      yield 'half';
      throw new Error('source broke');
    }
    await expect(files.putStream('exports/p/e/broken.json', failing(), 'application/json')).rejects.toThrow(
      'source broke',
    );
    expect(existsSync(join(root, 'exports/p/e/broken.json'))).toBe(false);
    expect(await files.open('exports/p/e/broken.json')).toBeNull();
  });

  it('deletes a folder with everything in it, and nothing beside it', async () => {
    await files.put('journal/user-a/one.png', body, 'image/png');
    await files.put('journal/user-a/two.png', body, 'image/png');
    await files.put('journal/user-ab/three.png', body, 'image/png');
    await files.deleteFolder('journal/user-a');
    expect(existsSync(join(root, 'journal/user-a'))).toBe(false);
    expect(await files.get('journal/user-ab/three.png')).toEqual({ body, contentType: 'image/png' });
    await files.deleteFolder('journal/nobody');
    await expect(files.deleteFolder('journal/..')).rejects.toThrow('Invalid file key');
    await expect(files.deleteFolder('')).rejects.toThrow('Invalid file key');
    expect(existsSync(root)).toBe(true);
  });

  it('answers null for a missing file', async () => {
    expect(await files.get('avatars/nobody/none.png')).toBeNull();
  });

  it('refuses keys with .. or absolute paths, writing nothing outside its directory', async () => {
    const bad = [
      '../escape.png',
      'avatars/../../escape.png',
      'avatars/..',
      'a/..b',
      '/etc/passwd',
      `${base}/files/abs.png`,
      '\\windows\\path',
      'avatars\\..\\x',
      '',
      '.hidden',
      `avatars/${'x'.repeat(250)}`,
    ];
    for (const key of bad) {
      await expect(files.put(key, body, 'image/png'), key).rejects.toThrow('Invalid file key');
      await expect(files.delete(key), key).rejects.toThrow('Invalid file key');
      expect(await files.get(key), key).toBeNull();
    }
    expect(existsSync(join(base, 'escape.png'))).toBe(false);
    expect(existsSync(join(root, 'abs.png'))).toBe(false);
  });
});
