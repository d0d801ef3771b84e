/** The browser module of dev tabs' in-place updates (dev/tab/browser/page-update.ts with idiomorph), bundled once a session. */
import path from 'node:path';
import { packageRoot } from '../../package/package-paths.js';

/** Its URL path under the base. */
export const UPDATE_MODULE_PATH = '__reactsite/update.js';

let built: Promise<string> | undefined;

/** The bundled module's code (esbuild, minified ESM), built on first use. */
export function updateModule(): Promise<string> {
  built ??= import('esbuild').then(async ({ build }) => {
    const r = await build({ entryPoints: [path.join(packageRoot(), 'src', 'generator', 'dev', 'tab', 'browser', 'page-update.ts')], bundle: true, format: 'esm', minify: true, write: false, target: 'es2022', logLevel: 'silent', absWorkingDir: packageRoot() });
    return r.outputFiles![0]!.text;
  });
  return built;
}
