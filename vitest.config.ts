import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/domain/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/build/**/*.test.ts',
          ],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
          // Pure functions and in-memory fakes: one module state per worker is safe and saves the
          // imports of each file.
          isolate: false,
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/src/**/*.api.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          isolate: false,
        },
      },
    ],
  },
});
