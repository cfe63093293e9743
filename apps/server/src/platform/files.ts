import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where user files (avatars, photos, exports) are kept. */
export interface FilesPort {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  /**
   * Writes a file from a stream without holding it whole in memory (exports); answers its size in
   * bytes. A stream that fails leaves no file behind.
   */
  putStream(
    key: string,
    body: Readable | AsyncIterable<Buffer | string>,
    contentType: string,
  ): Promise<number>;
  /** Opens a file for streaming (a download), or null when there is none. */
  open(key: string): Promise<{ stream: Readable; size: number; contentType: string } | null>;
  delete(key: string): Promise<void>;
  /** Deletes every file under a folder key (e.g. `journal/<user id>`), the folder included. */
  deleteFolder(folder: string): Promise<void>;
}

const keyPattern = /^[a-z0-9][a-z0-9/_.-]{0,200}$/i;

/** Files in a local directory (default). Keys are checked so no key escapes the directory. */
export class LocalFiles implements FilesPort {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    if (!keyPattern.test(key) || key.includes('..')) throw new Error('Invalid file key');
    const full = normalize(join(this.root, key));
    if (!full.startsWith(normalize(this.root) + sep)) throw new Error('Invalid file key');
    return full;
  }

  async put(key: string, body: Buffer, contentType: string) {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, body);
    await writeFile(`${path}.type`, contentType);
  }

  async get(key: string) {
    try {
      const path = this.path(key);
      const [body, contentType] = await Promise.all([readFile(path), readFile(`${path}.type`, 'utf8')]);
      return { body, contentType };
    } catch {
      return null;
    }
  }

  async putStream(key: string, body: Readable | AsyncIterable<Buffer | string>, contentType: string) {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    try {
      await pipeline(body, createWriteStream(path));
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
    await writeFile(`${path}.type`, contentType);
    return (await stat(path)).size;
  }

  async open(key: string) {
    try {
      const path = this.path(key);
      const [info, contentType] = await Promise.all([stat(path), readFile(`${path}.type`, 'utf8')]);
      return { stream: createReadStream(path), size: info.size, contentType };
    } catch {
      return null;
    }
  }

  async delete(key: string) {
    const path = this.path(key);
    await rm(path, { force: true });
    await rm(`${path}.type`, { force: true });
  }

  async deleteFolder(folder: string) {
    await rm(this.path(folder), { recursive: true, force: true });
  }
}
