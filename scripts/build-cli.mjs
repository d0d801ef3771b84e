// Compiles the generator (src/generator/cli.ts and what it imports) to dist/cli.js with esbuild.
// Dependencies stay external; the site's React sources are bundled at build time by the generator itself.
import * as esbuild from 'esbuild';

await esbuild.build({
  entryPoints: ['src/generator/cli.ts', 'src/generator/markdown-worker.ts', 'src/generator/page-worker.ts'],
  outdir: 'dist',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  absWorkingDir: new URL('..', import.meta.url).pathname,
});
