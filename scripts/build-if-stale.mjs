// `npm start` builds only when something the build reads has changed since the last build (issue
// 18: a restart rebuilt everything, ~26 s). The fingerprint is every input file's path, size and
// modification time, and the Node version; it is written beside the server's bundle after a build
// that succeeded. Delete apps/server/dist (or run `npm run build`) to force a build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const stampPath = 'apps/server/dist/.build-stamp';
export const outputs = ['apps/web/dist/index.html', 'apps/server/dist/main.js', 'apps/server/dist/worker.js'];
export const inputs = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'apps/web',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'packages/domain',
];
const skipped = new Set(['node_modules', 'dist', '.tmp', 'test-results', 'coverage']);
const isTest = (name) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(name);

function files(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  const stat = statSync(full);
  if (!stat.isDirectory()) return [[path, stat]];
  return readdirSync(full)
    .filter((name) => !skipped.has(name) && !isTest(name))
    .flatMap((name) => files(root, join(path, name)));
}

/** Every input's path, size and modification time, and the Node version, hashed. */
export function fingerprint(root) {
  const hash = createHash('sha256').update(process.version);
  const all = inputs.flatMap((input) => files(root, input)).sort(([a], [b]) => a.localeCompare(b));
  for (const [path, stat] of all) hash.update(`${path}\0${stat.size}\0${stat.mtimeMs}\n`);
  return hash.digest('hex');
}

/** Whether every output exists and was built from the inputs as they are now. */
export function upToDate(root) {
  const stamp = join(root, stampPath);
  if (!outputs.every((output) => existsSync(join(root, output))) || !existsSync(stamp)) return false;
  return readFileSync(stamp, 'utf8').trim() === fingerprint(root);
}

export function writeStamp(root) {
  writeFileSync(join(root, stampPath), `${fingerprint(root)}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (upToDate(root)) {
    console.info('build is up to date (nothing it reads changed since the last build): starting');
    process.exit(0);
  }
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeStamp(root);
}
