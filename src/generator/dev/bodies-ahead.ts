/**
 * Dev's background pass on two threads or more: while this thread renders pages (React, the gate's facts), the
 * worker threads render the Markdown of the bodies ahead of it, a batch at a time.
 */

/** Bodies the workers render at a time: a few of the pool's runs, so that one never holds the pool long. */
export const AHEAD_BATCH = 32;

/** Worker batches asked for beyond the one the pass is in, so a worker always has the next one. */
const LOOKAHEAD = 3;
/** Batches planned at most beyond the one the pass is in: the trees rendered ahead wait in memory. */
const MOST_AHEAD = 8;

/**
 * The worker batches of one pass over `files` (each page's body file, or undefined for a page without one). How
 * the Markdown and the page share a body's work depends on the content (highlighting is most of a page with
 * code, React most of a page of prose), so the split follows what happens: when this thread had to wait for a
 * worker's batch, the next batch it plans is its own (its pages parse their bodies when wanted, as without workers).
 */
export class BodiesAhead {
  private readonly asked = new Map<number, { done: boolean; ready: Promise<void> }>();
  private readonly own = new Set<number>();
  private planned = -1;
  private ownNext = false;

  constructor(
    private readonly files: readonly (string | undefined)[],
    private readonly prefetch: (files: ReadonlySet<string>) => Promise<void>,
  ) {}

  /** Plans the batches after page `i`'s (LOOKAHEAD of them the workers'), and waits for page `i`'s if a worker renders it. */
  async before(i: number): Promise<void> {
    const batch = Math.floor(i / AHEAD_BATCH);
    const asked = this.asked.get(batch);
    if (asked && !asked.done && i % AHEAD_BATCH === 0) this.ownNext = true;
    while (this.planned < batch + MOST_AHEAD && this.workerBatchesAfter(batch) < LOOKAHEAD) this.plan(++this.planned);
    return asked?.ready;
  }

  /** Whether batch `b` is this thread's own (for tests). */
  isOwn(b: number): boolean {
    return this.own.has(b);
  }

  private workerBatchesAfter(batch: number): number {
    let n = 0;
    for (let b = batch + 1; b <= this.planned; b++) if (this.asked.has(b)) n++;
    return n;
  }

  private plan(b: number): void {
    // The first batch is this thread's: the workers start (about a second) while it parses.
    if (b === 0 || this.ownNext) {
      this.ownNext = false;
      this.own.add(b);
      return;
    }
    const files = new Set(this.files.slice(b * AHEAD_BATCH, (b + 1) * AHEAD_BATCH).filter((f): f is string => f !== undefined));
    if (!files.size) return;
    const entry = { done: false, ready: Promise.resolve() };
    // A batch that fails is rendered by this thread when its pages are wanted (and its problems reported then).
    const settle = () => void (entry.done = true);
    entry.ready = this.prefetch(files).then(settle, settle);
    this.asked.set(b, entry);
  }
}
