/** The worker pool of a `build`: how many workers, and whether they start with it (see startPagePool). */
import type { BuildOptions } from '../build-options.js';
import { projectCacheDir } from '../cache/cache-keys.js';
import { hasPageStore } from '../store/page-store.js';
import { sharedInputsChanged } from '../store/shared-inputs.js';
import { PagePool } from './page-pool.js';
import { limitHeapGrowth } from './heap-growth.js';
import { bodyBytes, bodyFiles, likelyMode, workerCount } from './pool-plan.js';

/**
 * The page workers of a `build`: started now when pages will likely be rendered, so they warm up while the main
 * thread loads the pipeline and the content and bundles: with no page store yet, or on a large site whose inputs
 * every page shows changed since the last build (see store/shared-inputs.ts; every page is then rendered again from its
 * pack, and the workers take their share). Otherwise started only if the page stage finds pages to render (on a
 * warm build their warm-up would only compete for the cores; a small site's main thread renders alone).
 */
export function startPagePool(opts: Pick<BuildOptions, 'root' | 'cache' | 'threads'>): PagePool {
  const store = projectCacheDir(opts.root, 'pages');
  const files = bodyFiles(opts.root);
  const likely = likelyMode(files.length);
  const cold = !opts.cache || !hasPageStore(store);
  const eager = cold || (likely === 'pages' && sharedInputsChanged(opts.root, store));
  // A build that will render every page holds its heaps' growth from their first collection, before the content is
  // loaded (see limitHeapGrowth): set at the page stage, it came after a collection during the load had let the main
  // thread's heap grow to 4 times what it held then (long pages: 390 MB before its next collection). Very long content
  // holds it further (see growthPercent): its bodies' sizes are read for that, a stat a body.
  if (eager) limitHeapGrowth(files.length, bodyBytes(opts.root, files));
  return PagePool.start(workerCount(opts.threads), eager, likely, cold);
}
