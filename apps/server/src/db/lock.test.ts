import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { acquireDirectoryLock } from './lock.js';

describe('embedded database directory lock', () => {
  it('holds the owner pid and is released', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lock-')), 'pgdata.lock');
    const release = acquireDirectoryLock(file);
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    await release();
    expect(() => readFileSync(file)).toThrow();
  });

  it('refuses a directory held by another live process', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lock-')), 'pgdata.lock');
    // PID 1 is always alive.
    writeFileSync(file, '1');
    expect(() => acquireDirectoryLock(file)).toThrow(/in use by process 1/);
  });

  it('takes over a lock left by a process that died', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lock-')), 'pgdata.lock');
    const dead = spawnSync(process.execPath, [
      '-e',
      'process.stdout.write(String(process.pid))',
    ]).stdout.toString();
    writeFileSync(file, dead);
    const release = acquireDirectoryLock(file);
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    await release();
  });
});
