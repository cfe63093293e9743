// `npm start` builds only when something the build reads has changed since the last build (issue
// 18: a restart rebuilt everything, ~26 s). The fingerprint is every input file's path, size and
// modification time, and the Node version; it is written beside the server's bundle after a build
// that succeeded. Delete apps/server/dist (or run `npm run build`) to force a build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stampFile = join(root, 'apps/server/dist/.build-stamp');
const outputs = ['apps/web/dist/index.html', 'apps/server/dist/main.js', 'apps/server/dist/worker.js'];
const inputs = [
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

function files(path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  const stat = statSync(full);
  if (!stat.isDirectory()) return [[path, stat]];
  return readdirSync(full)
    .filter((name) => !skipped.has(name) && !isTest(name))
    .flatMap((name) => files(join(path, name)));
}

function fingerprint() {
  const hash = createHash('sha256').update(process.version);
  for (const [path, stat] of inputs.flatMap(files).sort(([a], [b]) => a.localeCompare(b)))
    hash.update(`${relative(root, join(root, path))}\0${stat.size}\0${stat.mtimeMs}\n`);
  return hash.digest('hex');
}

const current = fingerprint();
const built = outputs.every((output) => existsSync(join(root, output)));
const previous = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : null;
if (built && previous === current) {
  console.info('build is up to date (nothing it reads changed since the last build): starting');
  process.exit(0);
}
const result = spawnSync('npm', ['run', 'build'], {
  cwd: root,
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
if (result.status !== 0) process.exit(result.status ?? 1);
writeFileSync(stampFile, `${current}\n`);
