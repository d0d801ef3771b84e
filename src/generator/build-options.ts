/** What one build is asked to do: the options `build`, `check` and `dev` resolve from the command line. */

/** Options of one build, resolved to absolute paths. */
export interface BuildOptions {
  /** Project folder holding content/ and public/ (default: current folder). */
  root: string;
  /** Output folder (default: <root>/out). */
  outDir: string;
  /** Public origin for canonical URLs; default from content/site.json. */
  site?: string;
  /** Sub-path the site is served under; default "/" (or the path of --site/site.json url). */
  base?: string;
  /** Use the build caches under <root>/.cache/reactsite (default true; off when that folder cannot be written). */
  cache: boolean;
  /** Broken links fail the build (default) or only warn. */
  brokenLinks: 'error' | 'warn';
  /** Threads to render on, the main one included (--threads); default: one per core while the memory lasts (see threadPlan). */
  threads?: number;
}
