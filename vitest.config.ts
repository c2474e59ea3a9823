import { configDefaults, defineConfig } from 'vitest/config';
import {
  InterleavingSequencer,
  SHARED_BROWSER_PROJECT,
} from './tests/helpers/interleavingSequencer';

/** Browser tests that must have the machine to themselves. */
const ALONE = 'tests/e2e/**/*.alone.test.ts';
/**
 * Browser tests that play or hear audio in real time: one at a time, after the rest, so no
 * other browser competes for the CPU their timing depends on.
 */
const AUDIO = [
  'tests/e2e/voice.test.ts',
  'tests/e2e/voiceStreaming.test.ts',
  'tests/e2e/voiceRealtime.test.ts',
  'tests/e2e/voiceSpanish.test.ts',
  'tests/e2e/audioReplay.test.ts',
];

// Projects so a newcomer can run the fast ones alone (`vitest run --project unit`).
export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker; the integration files spend much of their
    // time waiting on sockets and databases, so two at once finish in about two thirds of the time.
    maxWorkers: 2,
    // Page-level browser files run beside the server files, one of each at a time (decision 047).
    sequence: { sequencer: InterleavingSequencer },
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
        // Browser journeys through pages and forms: they share the two workers with the
        // integration files (the sequencer interleaves them), since a page waits more than it
        // computes.
        test: {
          name: SHARED_BROWSER_PROJECT,
          include: ['tests/e2e/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ALONE, ...AUDIO],
          globalSetup: ['tests/globalSetup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: AUDIO,
          exclude: [...configDefaults.exclude, ALONE],
          globalSetup: ['tests/globalSetup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One at a time, after the rest (see AUDIO).
          fileParallelism: false,
        },
      },
      {
        // Browser tests that time the page itself (long tasks, issue 24): they run after every
        // other project, one file at a time, so no other test takes the CPU they measure.
        test: {
          name: 'e2e-alone',
          include: [ALONE],
          globalSetup: ['tests/globalSetup.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
