import { defineConfig } from 'vitest/config';
import { compileMessages } from './src/toolchain/compile-messages.ts';

export default defineConfig({
  test: {
    projects: [
      {
        // The message catalogues, compiled as the build compiles them (decision 0042).
        plugins: [compileMessages()],
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
          globalSetup: ['src/test/global-setup.ts'],
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
