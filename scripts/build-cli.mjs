// Compiles the generator (src/generator/cli.ts and what it imports) to dist/cli.js with esbuild, then has it bundle
// the site's React sources once into dist/site-bundle/: every project's build uses those bundles while the site
// sources are unchanged (see src/generator/bundle/shipped-bundle.ts). Dependencies stay external.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { cliBundlePlugins } from './cli-bundle-plugins.mjs';

// Chunk names are content hashes: start from an empty dist/ so old chunks never pile up (the generator hashes dist/).
fs.rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

await esbuild.build({
  entryPoints: ['src/generator/cli.ts', 'src/generator/workers/page-worker.ts', 'src/generator/bundle/shipped-bundle.ts'],
  // Entry points side by side at the top of dist/, next to the chunks that start their workers.
  entryNames: '[name]',
  outdir: 'dist',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // ESM builds first: jsonc-parser's UMD build requires its own files at run time.
  mainFields: ['module', 'main'],
  // open runs the xdg-open script it ships next to its own module. chokidar is bundled, patched (see
  // bundle-patches/chokidar-listing.mjs).
  external: ['esbuild', 'react', 'react-dom', 'shiki', '@shikijs/*', 'fsevents', 'open'],
  banner: { js: "import { createRequire as __reactsiteRequire } from 'node:module'; const require = __reactsiteRequire(import.meta.url);" },
  plugins: cliBundlePlugins,
  sourcemap: true,
  logLevel: 'warning',
  absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
});

// The compiled generator bundles the site itself, with the code and keys a build uses.
const { shipSiteBundle } = await import(new URL('../dist/shipped-bundle.js', import.meta.url).href);
await shipSiteBundle();
