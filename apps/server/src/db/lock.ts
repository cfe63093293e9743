import { readFileSync, rmSync, writeFileSync } from 'node:fs';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Only one process may open a PGlite directory: two would silently lose writes. The lock file
 * holds the owner's pid; a lock left by a dead process is taken over.
 */
export function acquireDirectoryLock(file: string): () => Promise<void> {
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
    if (Number.isFinite(owner) && owner !== process.pid && alive(owner)) {
      throw new Error(
        `The embedded database is in use by process ${owner}. Stop it first, or use DATABASE_URL so that several processes can share a PostgreSQL server.`,
      );
    }
    writeFileSync(file, String(process.pid));
  }
  return async () => {
    rmSync(file, { force: true });
  };
}
