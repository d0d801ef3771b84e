import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Every temp folder of a test run (the tests', their builds' and the browser's: all ask os.tmpdir()) goes into one
// folder of the run, which tests/global-setup.ts removes when the run ends: a run used to leave about 70 MB behind.
if (!process.env.REACTSITE_TESTS_TMP) {
  const runTmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-tests-'));
  process.env.REACTSITE_TESTS_TMP = runTmp;
  process.env.TMPDIR = runTmp;
}

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    maxWorkers: 2,
    reporters: ['default'],
  },
});
