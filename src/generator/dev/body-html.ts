/**
 * Dev's HTML of each tutorial body, kept instead of the body's Markdown tree (as a build keeps it in its packs): a
 * docs body's tree held about 98 kB of heap in small objects, and with 4,000 of them dev's first pass over every
 * page peaked at 0.97 GB and spent a fifth of its time collecting garbage. The HTML holds for the code that made it
 * and the page it is on; other code (a component edit) parses the body again.
 */
import type { SiteData } from '../../site/types.js';
import type { SiteRenderer } from '../bundle/site-bundle.js';
import type { MarkdownResult } from '../markdown/render-markdown.js';

/** A body's HTML as the site's renderer gives it. */
export type BodyHtmlOf = ReturnType<SiteRenderer['renderBody']>;

/** What a body's HTML depends on besides its Markdown: the renderer, the island assets, the base and the page. */
interface Made { renderer: SiteRenderer; assets: SiteData['assets']; base: string; page: string; html: BodyHtmlOf }

/** A Markdown result whose tree may have been let go (see BodyHtml.render). */
export type TreelessMarkdown = Omit<MarkdownResult, 'hast'> & { hast?: MarkdownResult['hast'] };

/**
 * How many bodies shown last in a browser keep their tree: a component edit then renders the open tabs' pages
 * again without parsing their bodies.
 */
export const SHOWN_TREES = 16;

/** The body HTML dev made, by Markdown result. */
export class BodyHtml {
  private readonly made = new WeakMap<TreelessMarkdown, Made>();
  /** The bodies shown last, by source file, with the Markdown result whose tree each keeps once rendered. */
  private readonly shown = new Map<string, TreelessMarkdown | undefined>();

  /**
   * Notes that the body in source file `file` was just shown in a browser: the last SHOWN_TREES keep their tree,
   * and the one that drops out of them lets its tree go.
   */
  showing(file: string): void {
    const md = this.shown.get(file);
    this.shown.delete(file);
    this.shown.set(file, md);
    if (this.shown.size <= SHOWN_TREES) return;
    const [oldest, kept] = this.shown.entries().next().value!;
    this.shown.delete(oldest);
    if (kept && this.made.has(kept)) delete kept.hast;
  }

  /** The HTML made from `md` for this renderer, data and page, if it was made. */
  get(md: TreelessMarkdown, renderer: SiteRenderer, data: Pick<SiteData, 'assets' | 'base'>, page: string): BodyHtmlOf | undefined {
    const m = this.made.get(md);
    return m && m.renderer === renderer && m.assets === data.assets && m.base === data.base && m.page === page ? m.html : undefined;
  }

  /**
   * Renders the tree of `md` (the body in source file `file`), keeps the HTML and lets go of the tree (every holder
   * of `md` sees it gone) unless the body was shown last. Undefined, the tree kept, when there is no tree or the
   * site's code throws on it: the page then renders from the tree and shows the error as any render error.
   */
  render(md: TreelessMarkdown, file: string, renderer: SiteRenderer, data: Pick<SiteData, 'assets' | 'base'>, page: string): BodyHtmlOf | undefined {
    if (!md.hast) return undefined;
    let html: BodyHtmlOf;
    try {
      html = renderer.renderBody(md.hast, data, page);
    } catch {
      return undefined;
    }
    this.made.set(md, { renderer, assets: data.assets, base: data.base, page, html });
    if (this.shown.has(file)) this.shown.set(file, md);
    else delete md.hast;
    return html;
  }
}
