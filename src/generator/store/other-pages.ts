/**
 * The pages of the last build other than tutorials (landing, static pages, template, 404, redirect stubs, and
 * tutorials whose body is missing), in one file (`.cache/reactsite/other/pages.json`): each page's HTML with the
 * key it was made under. A build whose keys are unchanged takes them as they are, and needs no renderer at all
 * when its tutorial pages are stored too.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Route, SiteData } from '../../site/types.js';
import { layoutKey, pageKey, tutorialSharedKey } from './page-key.js';
import { tutorialById } from '../../site/tutorial-by-id.js';

const FORMAT = 1;

/**
 * The key of a page rendered here: all the data it may show (static pages whole, the build day included). A
 * tutorial whose body is missing is one of them: its page shows its own entry's fields, which the layout key
 * leaves out.
 */
export function otherPageKeys(data: SiteData, rendererFile: string, versions: string): (route: Route) => string {
  const base = createHash('sha256').update(`${FORMAT}\0${layoutKey(data, rendererFile, versions)}\0${data.buildDate}\0${JSON.stringify(data.pages)}`).digest('hex');
  return (route) => pageKey(route.kind === 'tutorial' ? tutorialSharedKey(base, tutorialById(data.tutorials, route.ref)) : base, route, '');
}

/** The last build's other pages in `dir`; `enabled: false` (no cache) keeps nothing. */
export class OtherPages {
  private readonly last = new Map<string, [string, string]>();
  private readonly now = new Map<string, [string, string]>();
  private changed = false;

  constructor(
    private readonly dir: string,
    private readonly enabled: boolean,
  ) {
    if (!enabled) return;
    try {
      const saved = JSON.parse(fs.readFileSync(this.file(), 'utf8')) as { format?: number; pages?: Record<string, unknown> };
      if (saved.format !== FORMAT || !saved.pages) return;
      for (const [file, v] of Object.entries(saved.pages)) if (Array.isArray(v) && typeof v[0] === 'string' && typeof v[1] === 'string') this.last.set(file, [v[0], v[1]]);
    } catch {
      // None yet, or unreadable: the pages are rendered.
    }
  }

  /** The HTML of `file` when the last build made it under `key`. */
  get(file: string, key: string): string | undefined {
    const e = this.last.get(file);
    if (!e || e[0] !== key) return undefined;
    this.now.set(file, e);
    return e[1];
  }

  /** Keeps the HTML of `file`, made under `key`, for the next build. */
  set(file: string, key: string, html: string): void {
    this.now.set(file, [key, html]);
    this.changed = true;
  }

  /** Writes what this build made or took (when it differs from what was read); only speed depends on it. */
  save(): void {
    if (!this.enabled || (!this.changed && this.now.size === this.last.size)) return;
    try {
      fs.mkdirSync(this.dir, { recursive: true });
      const tmp = `${this.file()}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify({ format: FORMAT, pages: Object.fromEntries(this.now) }));
      fs.renameSync(tmp, this.file());
    } catch {
      // Only the next build's speed is lost.
    }
  }

  private file(): string {
    return path.join(this.dir, 'pages.json');
  }
}
