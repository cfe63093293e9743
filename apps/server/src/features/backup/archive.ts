import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { backupLimits, backupMessages as msg } from '@mindledger/domain';
import { AppError, badRequest } from '../../platform/errors.js';

/**
 * Reading an uploaded backup archive safely (issue 17: hostile files change nothing). Before any
 * member is read, every name is checked (no absolute path, no `..`, no backslash: yauzl refuses
 * them), the count is bounded, and the sizes the archive declares are checked against the limits
 * and against what they were compressed from (a ZIP bomb declares, or unpacks to, far more than it
 * holds). Reading a member stops at its declared size and at a hard cap, whatever it claims.
 */
export interface Archive {
  names(): string[];
  /** A member's bytes (at most `max`), or null when there is no such member. */
  read(name: string, max: number): Promise<Buffer | null>;
  /** A member's bytes as they unpack (at most `max`), or null when there is no such member. */
  stream(name: string, max: number): Promise<AsyncIterable<Buffer> | null>;
  close(): void;
}

const isSafeName = (name: string) =>
  !name.startsWith('/') &&
  !name.includes('\\') &&
  !name.split('/').some((part) => part === '..' || part === '.') &&
  // eslint-disable-next-line no-control-regex -- a control character in a member name is refused
  !/[\u0000-\u001f]/.test(name);

function zipError(error: unknown): Error {
  const message = error instanceof Error ? error.message : '';
  if (/invalid relative path|absolute path|invalid characters in fileName/i.test(message))
    return badRequest(msg.unsafePath);
  if (/too many|zip bomb|uncompressed size|compressed size/i.test(message)) return badRequest(msg.zipBomb);
  return badRequest(msg.badZip);
}

export async function openArchive(path: string): Promise<Archive> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, {
      lazyEntries: true,
      strictFileNames: true,
      validateEntrySizes: true,
      // members are read after the listing: the file stays open until `close`
      autoClose: false,
    });
  } catch (error) {
    throw zipError(error);
  }
  const entries = new Map<string, yauzl.Entry>();
  let unpacked = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (!isSafeName(name)) return reject(badRequest(msg.unsafePath));
        if (entries.size >= backupLimits.maxArchiveEntries) return reject(badRequest(msg.tooManyFiles));
        unpacked += entry.uncompressedSize;
        const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
        if (
          unpacked > backupLimits.maxUnpackedBytes ||
          (entry.uncompressedSize > 1_000_000 && ratio > backupLimits.maxCompressionRatio)
        )
          return reject(badRequest(msg.zipBomb));
        if (!name.endsWith('/')) entries.set(name, entry);
        zip.readEntry();
      });
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    throw error instanceof AppError ? error : zipError(error);
  }
  async function stream(name: string, max: number): Promise<AsyncIterable<Buffer> | null> {
    const entry = entries.get(name);
    if (!entry) return null;
    if (entry.uncompressedSize > max) throw badRequest(msg.zipBomb);
    let source: Readable;
    try {
      source = await zip.openReadStreamPromise(entry);
    } catch (error) {
      throw zipError(error);
    }
    return (async function* bounded() {
      let size = 0;
      try {
        for await (const chunk of source) {
          size += (chunk as Buffer).length;
          if (size > max) throw badRequest(msg.zipBomb);
          yield chunk as Buffer;
        }
      } catch (error) {
        throw error instanceof AppError ? error : zipError(error);
      } finally {
        source.destroy();
      }
    })();
  }
  return {
    names: () => [...entries.keys()],
    stream,
    async read(name, max) {
      const chunks = await stream(name, max);
      if (!chunks) return null;
      // one buffer of the declared size (yauzl checks the member unpacks to exactly that)
      const out = Buffer.allocUnsafe(entries.get(name)?.uncompressedSize ?? 0);
      let size = 0;
      for await (const chunk of chunks) {
        if (size + chunk.length > out.length) throw badRequest(msg.zipBomb);
        chunk.copy(out, size);
        size += chunk.length;
      }
      return out.subarray(0, size);
    },
    close: () => zip.close(),
  };
}
