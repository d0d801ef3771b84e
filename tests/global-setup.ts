/** Builds the real site once for the end-to-end tests (with the real CLI) and shares where it is. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { runCli } from './helpers/cli.js';

declare module 'vitest' {
  export interface ProvidedContext { siteOut: string }
}

/**
 * Removes the run's temp folder (see vitest.config.ts), with retries: a build's detached helper may still be
 * deleting its trash there.
 */
function removeRunTmp(): void {
  const runTmp = process.env.REACTSITE_TESTS_TMP;
  if (runTmp && path.basename(runTmp).startsWith('reactsite-tests-')) fs.rmSync(runTmp, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-e2e-'));
  const out = path.join(dir, 'out');
  const run = await runCli(['build', '--out', out]);
  if (run.code !== 0) {
    removeRunTmp();
    throw new Error(`building the site for the e2e tests failed:\n${run.output}`);
  }
  project.provide('siteOut', out);
  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
    removeRunTmp();
  };
}
