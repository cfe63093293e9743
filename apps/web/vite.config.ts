import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const domainSource = /[\\/]packages[\\/]domain[\\/]src[\\/]/;

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The entry chunk is ~540 kB raw (React DOM, Mantine, the router) but ~170 kB gzipped; the
    // budget that matters is the patient home's first load (< 200 kB gzipped JS in total).
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // The shared domain package has no import-time side effects, but it does not say so in its
        // package.json: without this, importing one helper would bundle every zod schema (and zod)
        // into the first load.
        moduleSideEffects: (id) => (domainSource.test(id) ? false : undefined),
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
