/**
 * The site bundles made when reactsite itself is built (`npm install` runs scripts/build-cli.mjs): the site's
 * React sources ship inside the package and are the same for every project, so a project's build, even its very
 * first, bundles nothing while they are unchanged. An entry of the bundle cache's own format in dist/, served under
 * the same key (site sources, tool versions, generator code); edited site sources miss it and are bundled by
 * the build as before.
 */
import path from 'node:path';
import { BundleCache, bundleKey } from './bundle-cache.js';
import { packageRoot, SHIPPED_BUNDLE_FOLDER } from '../package/package-paths.js';
import { bundleClient, bundleServer } from './site-bundle.js';

/** The shipped bundles' entry, read-only for builds. */
export function shippedBundles(key = bundleKey()): BundleCache {
  return new BundleCache(path.join(packageRoot(), 'dist', SHIPPED_BUNDLE_FOLDER), key, true);
}

/** Bundles the site as it is in the package and stores the result as the shipped entry (run once, at install). */
export async function shipSiteBundle(): Promise<void> {
  const [client, renderer] = await Promise.all([bundleClient(), bundleServer()]);
  shippedBundles().set(client, renderer.file);
}
