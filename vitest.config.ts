import { defineConfig } from 'vitest/config';

/** Test files that replace a module with vi.mock: each gets fresh modules, so the mock reaches no other file. */
export const MOCKING_FILES = [
  'test/capture-file-heap.test.ts',
  'test/capture-settings.test.ts',
  'test/fast-args.test.ts',
  'test/print-config.test.ts',
];

// Sized for a busy machine (a laptop building, a shared CI runner), where every spawned server and
// every CLI run is several times slower than on a quiet one; no test asserts on time.
const timeouts = { testTimeout: 120_000, hookTimeout: 120_000 };

export default defineConfig({
  test: {
    // Most of the suite waits on real servers (their start, their answers, their exit), not on the
    // CPU: three files at a time overlap those waits on a 2-core machine, where vitest would run one.
    maxWorkers: 3,
    pool: 'forks',
    globalSetup: ['test/helpers/no-leftover-processes.ts', 'test/helpers/run-folder-setup.ts'],
    projects: [
      {
        extends: true,
        // Files share a worker's loaded modules instead of importing them again (seconds a file);
        // tests that change process.env restore it, and test/vitest-config.test.ts keeps vi.mock out.
        test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: MOCKING_FILES, isolate: false, ...timeouts },
      },
      { extends: true, test: { name: 'isolated', include: MOCKING_FILES, isolate: true, ...timeouts } },
    ],
  },
});
