/** Dev's rebuild loop: changed paths in, batches applied one at a time, tabs told, the rest rendered in the background. */
import path from 'node:path';
import { displayPath, withFrames } from '../problems/framed-problems.js';
import { isEmptyPlan, planChanges, type ChangePlan } from './change-plan.js';
import type { DevSite, UpdateReport } from './dev-site.js';
import type { EventHub } from './event-hub.js';
import type { DevTerminal } from './terminal.js';

/** What the loop works on: the site, the tabs, the terminal, the watched folders, and the first build. */
export interface RebuildOptions { site: DevSite; hub: EventHub; terminal: DevTerminal; root: string; sources: string; ready: Promise<void> }

/**
 * How long after a change dev waits before it renders the pages left and runs the integrity gate: both hold the
 * thread (a docs page with code 10-20 ms, the gate 80 ms on 4,000 pages), and a save, or a tab's request for the
 * page it changed, that came meanwhile waited. So they run once the writer pauses, not between the saves of
 * someone typing.
 */
export const QUIET_MS = 1000;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The rebuild loop of one dev session. */
export class Rebuilds {
  private closed = false;
  private background = { stop: false };
  private resume: NodeJS.Timeout | undefined;
  private pending: string[] = [];
  private draining: Promise<void> | undefined;

  constructor(private readonly o: RebuildOptions) {}

  /** Queues changed paths (from the watcher); they are applied once the first build is done, batch after batch. */
  readonly queue = (paths: readonly string[]): void => {
    this.pending.push(...paths);
    this.draining ??= this.o.ready.then(() => this.drain());
  };

  /**
   * Renders the pages not rendered yet, then runs the integrity gate over the whole site (stopped by the next
   * change). First, a body that changed with no word from the watcher since a reload took it from memory is
   * applied as a change.
   */
  renderInBackground(): void {
    const token = (this.background = { stop: false });
    const check = this.o.site.content.missedBodies();
    if (!check) return this.renderRest(token);
    void check.then((missed) => {
      if (missed.length && !this.closed) return this.queue(missed.map((f) => path.join(this.o.root, f)));
      if (!token.stop && !this.closed) this.renderRest(token);
    });
  }

  private renderRest(token: { stop: boolean }): void {
    const { site, terminal } = this.o;
    void site.renderRest(() => token.stop || this.closed).then(async () => {
      if (!token.stop) terminal.repeats();
      const gate = token.stop || this.closed ? undefined : await site.integrity();
      if (gate && !token.stop) terminal.gate(gate);
      if (gate && process.env.REACTSITE_TIMINGS === '1') {
        const { passMs, threads, renderedHere } = site.timings();
        terminal.out.log(`timings: ${JSON.stringify({ pass: Math.round(passMs), threads, markdownHere: renderedHere })}`);
      }
    });
  }

  /** Stops the loop and the background work. */
  close(): void {
    this.closed = true;
    this.background.stop = true;
    clearTimeout(this.resume);
  }

  private async drain(): Promise<void> {
    while (this.pending.length && !this.closed) {
      const paths = this.pending;
      this.pending = [];
      const plan = planChanges(paths, this.o.root, this.o.sources);
      if (!isEmptyPlan(plan)) await this.apply(plan, describe(plan)).catch((e: unknown) => this.o.terminal.out.logError(`reactsite dev: internal error while rebuilding: ${(e as Error)?.stack ?? String(e)}`));
    }
    this.draining = undefined;
  }

  private async apply(plan: ChangePlan, what: string): Promise<void> {
    const { site, hub, terminal } = this.o;
    const t0 = performance.now();
    this.background.stop = true;
    clearTimeout(this.resume);
    terminal.newRebuild();
    const report = await site.update(plan);
    if (this.closed) return;
    const ms = () => Math.round(performance.now() - t0);
    terminal.warnings(report.warnings);
    if (report.problems.length) {
      terminal.problems(report.problems);
      // With their code frames: open tabs draw them over the page they show.
      hub.send('problems', JSON.stringify(withFrames(report.problems, this.o.root)));
      terminal.out.logError(`✗ ${what} → build failed (${plural(report.problems.length, 'error')}) · ${ms()} ms; the server keeps running`);
      return;
    }
    const sent = this.notify(report);
    const how = report.cssHref ? 'restyled' : reloads(report) ? 'reloaded' : 'updated in place';
    terminal.out.log(`↻ ${what} → ${report.rebuilt.join('; ') || 'nothing'} · ${ms()} ms${sent ? ` (${plural(sent, 'tab')} ${how})` : ''}`);
    this.resume = setTimeout(() => this.renderInBackground(), QUIET_MS);
  }

  /**
   * Tells the tabs a rebuild affects, once their page is rendered: a new stylesheet; an in-place update for
   * content (the tab fetches its page and morphs into it); a reload for site code or public files. Returns how many.
   */
  private notify(report: UpdateReport): number {
    const { site, hub } = this.o;
    if (report.cssHref) return hub.send('css', report.cssHref);
    const affected = (page?: string) => {
      if (report.reloadAll || !page || report.pages === 'all') return true;
      const file = site.fileForPath(page);
      return file !== undefined && report.pages.has(file);
    };
    // Render what open tabs show first, so their reload is served at once; the rest follows in the background.
    const event = reloads(report) ? 'reload' : 'update';
    const tabs = hub.list().filter((c) => c.page && affected(c.page));
    const files = [...new Set(tabs.map((c) => site.fileForPath(c.page!) ?? ''))];
    void Promise.all(files.map((f) => site.want(f, true).then(() => site.page(f)))).then(() => hub.send(event, '', (c) => affected(c.page)));
    return tabs.length;
  }
}

/** Whether tabs must reload: site code or a public file changed (content edits update pages in place). */
const reloads = (report: UpdateReport) => !!(report.codeChanged || report.publicChanged);

/** Short description of a batch for the terminal: the file, or how many files of which kinds. */
function describe(plan: ChangePlan): string {
  const show = (f: string) => (path.isAbsolute(f) ? displayPath(f) : f);
  const all = [...plan.bodies, ...plan.pages, ...plan.content, ...plan.publicFiles, ...plan.css, ...plan.code];
  return all.length === 1 ? show(all[0]!) : `${all.length} files (${all.slice(0, 3).map(show).join(', ')}${all.length > 3 ? ', …' : ''})`;
}
