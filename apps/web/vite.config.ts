import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { initialFiles, routePreloads, type ChunkLike } from './build/route-preloads';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Writes .br and .gz beside every text asset; the server sends them to browsers that accept them. */
function precompress(): Plugin {
  let outDir = join(root, 'dist');
  const compressible = /\.(js|css|html|svg|json|txt|woff)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir).filter((f) => compressible.test(f))) {
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        // The OCR engine is megabytes of base64 WebAssembly: gzip it quickly, skip slow brotli.
        if (file.startsWith(join(outDir, 'ocr'))) {
          writeFileSync(`${file}.gz`, gzipSync(body, { level: 6 }));
          continue;
        }
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * The build's own files the service worker keeps at install (decision 100), so every screen opens
 * without a connection once the app has been visited: every script and stylesheet chunk and the
 * Latin faces of the bundled font, listed in /sw-assets.json (never the OCR engine).
 */
function serviceWorkerAssets(): Plugin {
  return {
    name: 'service-worker-assets',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => name.startsWith('assets/'))
        .filter((name) => /\.(js|css)$/.test(name) || /latin-[0-9]+-normal.*\.woff2$/.test(name))
        .sort()
        .map((name) => `/${name}`);
      this.emitFile({ type: 'asset', fileName: 'sw-assets.json', source: `${JSON.stringify(files)}\n` });
    },
  };
}

/**
 * A feature's index.ts, its public API, only re-exports (scripts/check-imports.mjs checks it):
 * declared free of side effects, it drops out of the chunk graph, so a page that imports one thing
 * through it loads that thing, not everything the index re-exports. Without this, the home page
 * (which uses the journal's widgets) would load the provider's journal pieces, and the app shell
 * (which uses auth's store) the profile's form helpers with zod.
 */
function featureIndexesWithoutSideEffects(): Plugin {
  const featureIndex = /\/src\/features\/[^/]+\/index\.tsx?$/;
  return {
    name: 'feature-indexes-without-side-effects',
    apply: 'build',
    transform(code, id) {
      if (featureIndex.test(id)) return { code, map: null, moduleSideEffects: false };
      return null;
    },
  };
}

/**
 * The emoji the product shows (moods, emotions, goals) render the same on every device (issue 18):
 * Noto Color Emoji in its COLRv1 build (@infolektuell/noto-color-emoji; @fontsource's build is
 * OpenType-SVG, which Chrome draws blank), in unicode-range subsets, so a browser downloads only the
 * subsets of the emoji on screen, and only when no emoji font of the system comes first in the font
 * stack. Renamed 'MindLedger Emoji'; a device that has Noto Color Emoji uses its own copy through
 * local(). Decision 099.
 */
function bundledEmojiFont(): Plugin {
  const css = /[\\/]@infolektuell[\\/]noto-color-emoji[\\/]index\.css$/;
  return {
    name: 'bundled-emoji-font',
    // before Vite's CSS plugin turns the url()s into asset references
    enforce: 'pre',
    transform(code, id) {
      if (!css.test(id)) return null;
      return {
        code: code
          .replaceAll("font-family: 'Noto Color Emoji';", "font-family: 'MindLedger Emoji';")
          .replaceAll('src: url(', "src: local('Noto Color Emoji'), url(")
          // digits, #, *, © and ® (keycap bases) stay with the text font
          .replace(/unicode-range: ([^;]+);/g, (_all, ranges: string) => {
            const kept = ranges
              .split(/,\s*/)
              .filter((range) => !/^U\+(23|2a|30-39|a9|ae)$/i.test(range.trim()));
            return `unicode-range: ${kept.join(', ')};`;
          }),
        map: null,
      };
    },
  };
}

/**
 * V8's explicit compile hint (Chrome 136+) on the entry and what it imports statically: with `//# allFunctionsCalledOnLoad` as its
 * first line, every function of the file is compiled eagerly, on a background thread while it streams
 * in, instead of lazily on the main thread when first called; nearly all of the app shell's code
 * (React DOM, the router, Mantine's provider and shell) runs on load (issue 18, decision 101). Put
 * first after Vite has added its own first line (the preload dependency map).
 */
function compileHints(): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const initial = initialFiles(chunks as unknown as ChunkLike[]);
        for (const chunk of chunks) {
          if (!initial.has(chunk.fileName) || chunk.code.startsWith(hint)) continue;
          chunk.code = hint + chunk.code;
          // the source map's lines move down by one
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      },
    },
  };
}

/**
 * Photo-mode OCR runs in the browser with tesseract.js; its worker, its WebAssembly core and the
 * English data (from the @tesseract.js-data/eng package) are served by us under /ocr/ — nothing is
 * downloaded from elsewhere at run time.
 */
const require = createRequire(import.meta.url);
const ocrAssets: Record<string, string> = {
  'ocr/worker.min.js': join(dirname(require.resolve('tesseract.js/package.json')), 'dist/worker.min.js'),
  'ocr/lang/eng.traineddata.gz': join(
    dirname(require.resolve('@tesseract.js-data/eng/package.json')),
    '4.0.0_best_int/eng.traineddata.gz',
  ),
  ...Object.fromEntries(
    [
      'tesseract-core-lstm.wasm.js',
      'tesseract-core-simd-lstm.wasm.js',
      'tesseract-core-relaxedsimd-lstm.wasm.js',
    ].map((name) => [
      `ocr/core/${name}`,
      join(dirname(require.resolve('tesseract.js-core/package.json')), name),
    ]),
  ),
};

function ocrFiles(): Plugin {
  let outDir = join(root, 'dist');
  return {
    name: 'ocr-files',
    configResolved(config) {
      outDir = resolve(root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const source = ocrAssets[(req.url ?? '').split('?')[0]?.replace(/^\//, '') ?? ''];
        if (!source) return next();
        res.setHeader('content-type', source.endsWith('.gz') ? 'application/gzip' : 'text/javascript');
        res.end(readFileSync(source));
      });
    },
    closeBundle() {
      for (const [target, source] of Object.entries(ocrAssets)) {
        const path = join(outDir, target);
        mkdirSync(dirname(path), { recursive: true });
        copyFileSync(source, path);
      }
    },
  };
}

export default defineConfig({
  root,
  plugins: [
    react(),
    featureIndexesWithoutSideEffects(),
    bundledEmojiFont(),
    ocrFiles(),
    routePreloads({
      router: join(root, 'src/app/router.tsx'),
      // the Latin faces of Inter every first paint uses (text 400, labels 600, headings 700); 500 is
      // used only once signed in, so the sign-in pages would load it for nothing (decision 101)
      fonts: /^assets\/inter-latin-(400|600|700)-normal-[\w-]+\.woff2$/,
    }),
    compileHints(),
    serviceWorkerAssets(),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The entry chunk is ~540 kB raw (React DOM, Mantine, the router) but ~170 kB gzipped; the
    // budget that matters is the patient home's first load (< 200 kB gzipped JS in total).
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'] }],
          // Shared chunks under 8 KiB of source are copied into the chunks that read them (one module
          // state kept by Rolldown's registry): the home's first load is 7 files instead of 33, and each
          // file costs the main thread a fetch and a module record (decision 101). Chunks holding
          // styles stay files, so each stylesheet is emitted once.
          experimentalInlineCommonChunks: {
            maxSize: 8 * 1024,
            exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
          },
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
