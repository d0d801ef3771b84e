/**
 * Progress of a long build or check: on a TTY one line, redrawn in place, with the stage, pages done of total,
 * the time so far and an estimate; elsewhere (CI, a pipe) a plain line every few seconds. Nothing is shown for a
 * run that ends within its first second.
 */

/** What the pipeline tells about its progress. */
export interface ProgressSink {
  /** A stage begins; `total` is the number of pages it will place, when it places pages. */
  stage(name: string, total?: number): void;
  /** `n` more pages are done (rendered or reused). */
  advance(n?: number): void;
}

/** Where a Progress writes, and how often; `escapes: false` (NO_COLOR) redraws a TTY line with spaces, not escape codes. */
export interface ProgressOptions { stream: { isTTY?: boolean; write(s: string): unknown }; escapes?: boolean; delayMs?: number; tickMs?: number; plainEveryMs?: number; now?: () => number; env?: NodeJS.ProcessEnv }

/** A progress display for one run; call end() before printing anything else. */
export class Progress implements ProgressSink {
  private name = 'starting';
  private total = 0;
  private done = 0;
  private readonly t0: number;
  private stageStart: number;
  private timer?: ReturnType<typeof setInterval>;
  private shown = false;
  /** Whether the line is redrawn in place (a terminal, not CI). */
  private readonly live: boolean;
  private drawn = 0;
  private readonly now: () => number;

  constructor(private readonly o: ProgressOptions) {
    this.now = o.now ?? (() => performance.now());
    this.t0 = this.stageStart = this.now();
    // A terminal gets a line redrawn in place, except in CI (CI=1 with a terminal attached): plain lines there too.
    const ci = (o.env ?? process.env).CI;
    const tty = (this.live = !!o.stream.isTTY && (ci === undefined || ci === '' || ci === '0' || ci === 'false'));
    const every = tty ? (o.tickMs ?? 100) : (o.plainEveryMs ?? 5000);
    // The first draw waits `delayMs` (a quick build shows nothing), then one every `every` ms.
    const start = setTimeout(() => {
      this.draw();
      this.timer = setInterval(() => this.draw(), every);
      this.timer.unref?.();
    }, o.delayMs ?? (tty ? 1000 : every));
    start.unref?.();
    this.timer = start as unknown as ReturnType<typeof setInterval>;
  }

  stage(name: string, total?: number): void {
    this.name = name;
    this.stageStart = this.now();
    if (total !== undefined) {
      this.total = total;
      this.done = 0;
    }
  }

  advance(n = 1): void {
    this.done += n;
  }

  /** The line shown now. */
  line(): string {
    const elapsed = this.now() - this.t0;
    const unit = this.name === 'pages' ? '' : ' pages';
    const pages = this.total ? ` ${this.done}/${this.total}${unit}` : '';
    const inStage = this.now() - this.stageStart;
    const rate = this.done / Math.max(1, inStage);
    // An estimate from the first few pages swings wildly (warm-up): none before 2% of the pages and one second.
    const steady = this.done >= Math.max(1, this.total * 0.02) && inStage >= 1000;
    const left = this.total && steady && this.done < this.total ? ` · about ${seconds((this.total - this.done) / rate)} left` : '';
    return `${this.name}${pages} · ${seconds(elapsed)}${left}`;
  }

  private draw(): void {
    this.shown = true;
    const line = this.line();
    if (!this.live) return void this.o.stream.write(`… ${line}\n`);
    this.o.stream.write(this.o.escapes === false ? `\r${line.padEnd(this.drawn)}` : `\r\x1b[2K${line}`);
    this.drawn = line.length;
  }

  /** Stops the display and clears its line (TTY). */
  end(): void {
    clearTimeout(this.timer);
    clearInterval(this.timer);
    if (!this.shown || !this.live) return;
    this.o.stream.write(this.o.escapes === false ? `\r${' '.repeat(this.drawn)}\r` : '\r\x1b[2K');
  }
}

function seconds(ms: number): string {
  return ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** REACTSITE_PROGRESS_DELAY (ms): how long a run goes before progress shows (tests set 0); undefined for the default. */
export function progressDelay(env = process.env): number | undefined {
  const v = Number(env.REACTSITE_PROGRESS_DELAY);
  return env.REACTSITE_PROGRESS_DELAY !== undefined && Number.isFinite(v) ? v : undefined;
}
