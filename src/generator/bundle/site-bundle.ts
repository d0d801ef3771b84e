/** Stage 5: esbuild bundles the site: one browser chunk per island (shared React chunk), the CSS, and the server renderer. */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as esbuild from 'esbuild';
import type { Root } from 'hast';
import type { AssetManifest, PagePieces, RenderedBody, Route, SiteData } from '../../site/types.js';
import { problem, ReactsiteError } from '../problems/problem.js';
import { packageRoot, siteDir } from '../package/package-paths.js';

/** The server renderer exported by `src/site/render-page.tsx`: whole pages (as text or pieces), and a Markdown body on its own. */
export interface SiteRenderer { renderPage(route: Route, data: SiteData): string; renderPagePieces(route: Route, data: SiteData): PagePieces; renderBody(tree: Root, data: Pick<SiteData, 'base' | 'assets'>, page: string): RenderedBody }

/** Browser assets (paths relative to out/) and their manifest. */
export interface ClientBundle { files: Map<string, Uint8Array>; manifest: AssetManifest }

/** Island names: the PascalCase `.tsx` files of `src/site/widgets/`. */
export function islandNames(dir = siteDir()): string[] {
  return fs.readdirSync(path.join(dir, 'widgets')).filter((f) => /^[A-Z]\w*\.tsx$/.test(f)).map((f) => f.slice(0, -4)).sort();
}

/** The browsers the site's scripts are built for. */
const BROWSERS = ['es2022', 'chrome111', 'firefox115', 'safari16'];

/** esbuild options of the browser bundle (shared by builds and dev's long-lived context). */
export function clientBuildOptions(dir = siteDir()): esbuild.BuildOptions {
  const names = islandNames(dir);
  return {
    entryPoints: [...names.map((n) => ({ in: `island:${n}`, out: n })), { in: path.join(dir, 'styles', 'site.css'), out: 'site' }],
    bundle: true,
    format: 'esm',
    splitting: true,
    minify: true,
    write: false,
    metafile: true,
    outdir: 'assets',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    jsx: 'automatic',
    target: BROWSERS,
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    absWorkingDir: packageRoot(),
    // A site folder outside the package (REACTSITE_SITE_DIR) still resolves react from the package.
    nodePaths: [path.join(packageRoot(), 'node_modules')],
    logLevel: 'silent',
    plugins: [
      {
        name: 'reactsite-islands',
        setup(build) {
          build.onResolve({ filter: /^island:/ }, (a) => ({ path: a.path.slice(7), namespace: 'island' }));
          // The code token colours, made from the Shiki themes (see highlight/code-palette.ts).
          build.onResolve({ filter: /^reactsite:code-palette$/ }, (a) => ({ path: a.path, namespace: 'reactsite' }));
          build.onLoad({ filter: /.*/, namespace: 'reactsite' }, async () => ({ contents: (await import('../highlight/code-palette.js')).codePaletteCss(), loader: 'css' }));
          build.onLoad({ filter: /.*/, namespace: 'island' }, (a) => ({
            contents: `import { mount } from ${JSON.stringify(path.join(dir, 'client', 'mount.ts'))};\nimport C from ${JSON.stringify(path.join(dir, 'widgets', `${a.path}.tsx`))};\nexport default mount(C);\n`,
            resolveDir: dir,
            loader: 'ts',
          }));
        },
      },
    ],
  };
}

/**
 * Turns an esbuild result into out/ files and the manifest (island name -> chunk URL and its imports), with the page
 * script and the stylesheet of terminal output (inline on the pages that show some, see highlight/code-palette.ts).
 */
export async function clientBundleFrom(result: esbuild.BuildResult, pageScript: string): Promise<ClientBundle> {
  const files = new Map<string, Uint8Array>();
  const root = packageRoot();
  for (const f of result.outputFiles ?? []) files.set(path.relative(root, f.path).split(path.sep).join('/'), f.contents);
  const manifest: AssetManifest = { css: '', islands: {}, pageScript, terminalCss: (await import('../highlight/code-palette.js')).terminalCss() };
  const outputs = result.metafile!.outputs;
  for (const [out, meta] of Object.entries(outputs)) {
    const url = `/${out}`;
    if (out.endsWith('.css') && meta.entryPoint?.endsWith('site.css')) manifest.css = url;
    const island = meta.entryPoint?.startsWith('island:') ? meta.entryPoint.slice(7) : undefined;
    if (island) manifest.islands[island] = { src: url, imports: staticImports(out, outputs) };
  }
  return { files, manifest };
}

function staticImports(out: string, outputs: esbuild.Metafile['outputs'], seen = new Set<string>()): string[] {
  for (const imp of outputs[out]?.imports ?? []) {
    if (imp.kind !== 'import-statement' || seen.has(imp.path)) continue;
    seen.add(imp.path);
    staticImports(imp.path, outputs, seen);
  }
  return [...seen].map((p) => `/${p}`).sort();
}

/**
 * esbuild options of the page script (src/site/client/page-script.ts): built on its own, because an inline classic
 * script can import no chunk, and code splitting would make every entry import the shared helpers' chunk.
 */
export function pageScriptBuildOptions(dir = siteDir()): esbuild.BuildOptions {
  return { entryPoints: [path.join(dir, 'client', 'page-script.ts')], bundle: true, format: 'iife', minify: true, write: false, target: BROWSERS, legalComments: 'none', absWorkingDir: packageRoot(), logLevel: 'silent' };
}

/** The page script's minified code, to inline in every page (and hash for the CSP). */
export async function bundlePageScript(dir = siteDir()): Promise<string> {
  const { build } = await import('esbuild');
  return (await build(pageScriptBuildOptions(dir))).outputFiles![0]!.text.trim();
}

/** Bundles the browser assets once. */
export async function bundleClient(): Promise<ClientBundle> {
  try {
    const { build } = await import('esbuild');
    const [result, pageScript] = await Promise.all([build(clientBuildOptions()), bundlePageScript()]);
    return await clientBundleFrom(result, pageScript);
  } catch (e) {
    throw bundleError(e);
  }
}

/** esbuild options of the server renderer bundle. */
export function serverBuildOptions(dir = siteDir()): esbuild.BuildOptions {
  return { entryPoints: [path.join(dir, 'render-page.tsx')], bundle: true, platform: 'node', format: 'esm', packages: 'external', write: false, jsx: 'automatic', target: 'node20', logLevel: 'silent', outfile: 'render-page.mjs', absWorkingDir: packageRoot() };
}

/** Loads a server bundle's code as a fresh module (content-addressed file, so edited code is never stale). */
export async function loadRenderer(code: Uint8Array): Promise<SiteRenderer> {
  return (await import(pathToFileURL(rendererFile(code)).href)) as SiteRenderer;
}

/**
 * The folder server bundles are imported from, under the package's node_modules/ (so that they find React), by
 * its real path: Node runs a module from its real path, and a bundle's source map names the sources relative to
 * where the bundle was said to be; through a symlinked node_modules/ the two differ, and errors pointed nowhere.
 */
export function rendererDir(): string {
  const dir = path.join(packageRoot(), 'node_modules', '.cache', 'reactsite', 'ssr');
  fs.mkdirSync(dir, { recursive: true });
  return fs.realpathSync(dir);
}

/** Writes a server bundle to its content-addressed file (once) and returns the path; worker threads import it too. */
export function rendererFile(code: Uint8Array): string {
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const dir = rendererDir();
  const file = path.join(dir, `render-${hash}.mjs`);
  if (!fs.existsSync(file)) {
    fs.writeFileSync(`${file}.${process.pid}.tmp`, code);
    fs.renameSync(`${file}.${process.pid}.tmp`, file);
  }
  return file;
}

/** Bundles and loads the server renderer once; also returns its file (for worker threads and cache keys). */
export async function bundleServer(): Promise<SiteRenderer & { readonly file: string }> {
  try {
    const { build } = await import('esbuild');
    const result = await build(serverBuildOptions());
    return await loadRendererFile(rendererFile(result.outputFiles![0]!.contents));
  } catch (e) {
    throw bundleError(e);
  }
}

/** Loads a server renderer written by rendererFile(), remembering its file. */
export async function loadRendererFile(file: string): Promise<SiteRenderer & { readonly file: string }> {
  const renderer = (await import(pathToFileURL(file).href)) as SiteRenderer;
  return Object.assign(Object.create(null) as object, renderer, { file });
}

/** Maps esbuild failures (syntax errors in site code) to located problems. */
export function bundleError(e: unknown): ReactsiteError {
  const errors = (e as { errors?: esbuild.Message[] }).errors;
  if (!errors?.length) return new ReactsiteError(problem(`bundling the site failed: ${(e as Error).message}`), { cause: e });
  return new ReactsiteError(
    errors.map((m) => problem(m.text, { file: m.location ? path.relative(process.cwd(), path.resolve(packageRoot(), m.location.file)) : undefined, line: m.location?.line, column: m.location ? m.location.column + 1 : undefined, hint: m.notes[0]?.text })),
  );
}
