import { existsSync, symlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * `node bench/build-server.mjs`: the server bundled exactly as apps/server/build.mjs does, but into
 * bench/dist/server, so a benchmark of changed server code never rewrites apps/server/dist while
 * other runs (the browser tests) use it. Run the bench on it with
 * `BENCH_SERVER_MAIN=bench/dist/server/main.js` (the job worker, worker.js, is bundled beside it).
 * The migrations are reached through a symlink.
 */
const server = new URL('../apps/server/', import.meta.url);
const outdir = fileURLToPath(new URL('./dist/server', import.meta.url));
const pkg = (await import(new URL('package.json', server).href, { with: { type: 'json' } })).default;
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@mindledger/'));
await build({
  // the job worker beside main.js: the backup bench's BENCH_BACKUP_JOBS=worker starts it from there
  entryPoints: [
    fileURLToPath(new URL('src/main.ts', server)),
    fileURLToPath(new URL('src/worker.ts', server)),
  ],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
const drizzle = `${outdir}/drizzle`;
if (!existsSync(drizzle)) symlinkSync(fileURLToPath(new URL('drizzle', server)), drizzle);
console.info(`built ${outdir}/main.js and worker.js`);
