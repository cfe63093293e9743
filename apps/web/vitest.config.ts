import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineProject({
  root,
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    // One module state per worker, not per file (importing Mantine and the app once per worker
    // instead of once per file: ~4 minutes to ~1.5); src/test/setup.ts resets the app's stores.
    isolate: false,
    // Screen tests type and click through jsdom; on a busy 2-core machine 5 s is too tight.
    testTimeout: 20_000,
    // Days must not depend on the machine's zone: the screens are tested in a zone west of UTC
    // (DST, and "today" differs from UTC's in the evening) while the domain's unit tests run in the
    // machine's own (UTC in CI); the API tests' second run takes UTC+14.
    env: { TZ: 'America/Los_Angeles' },
  },
});
