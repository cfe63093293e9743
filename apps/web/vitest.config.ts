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
    // Screen tests type and click through jsdom; on a busy 2-core machine 5 s is too tight.
    testTimeout: 20_000,
  },
});
