import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';

/** Where user files (avatars, photos, exports) are kept. */
export interface FilesPort {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
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

  async delete(key: string) {
    const path = this.path(key);
    await rm(path, { force: true });
    await rm(`${path}.type`, { force: true });
  }

  async deleteFolder(folder: string) {
    await rm(this.path(folder), { recursive: true, force: true });
  }
}
