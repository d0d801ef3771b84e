/** Dev's memo of image sizes: kept for the session, forgotten for a file the watcher reports changed. */
import type { SizeMemo } from '../content/image-sizes.js';

/** Image sizes dev has read, by root-relative path, until a change of their file makes it forget them. */
export class KnownSizes implements SizeMemo {
  private readonly sizes = new Map<string, readonly [number, number] | null>();

  /** The size read for `ref` since its file last changed, if any. */
  get(ref: string): readonly [number, number] | null | undefined {
    return this.sizes.get(ref);
  }

  /** Remembers what reading `ref` gave. */
  set(ref: string, size: readonly [number, number] | null): void {
    this.sizes.set(ref, size);
  }

  /** Forgets the images at `refs`, or every image. */
  forget(refs?: ReadonlySet<string>): void {
    if (!refs) this.sizes.clear();
    else for (const ref of refs) this.sizes.delete(ref);
  }
}
