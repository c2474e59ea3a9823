import { defineConfig } from 'vitest/config';

// Three projects so a newcomer can run the fast ones alone (`vitest run --project unit`).
export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker; the integration files spend much of their
    // time waiting on sockets and databases, so two at once finish in about two thirds of the time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/globalSetup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/globalSetup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser at a time: the machine has two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
