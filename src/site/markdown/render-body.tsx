/**
 * A Markdown body rendered on its own, then slotted into its page: the build keeps a body's HTML with its Markdown
 * result, so a page whose layout changed (a registry title, the sidebar) is rendered again without its body.
 */
import type { Root } from 'hast';
import type { Components } from 'hast-util-to-jsx-runtime';
import { renderToString } from 'react-dom/server';
import { IslandContext, type IslandCollector } from '../islands/Island.js';
import type { IslandName } from '../islands/registry.js';
import { withBase } from '../seo/urls.js';
import type { Body, RenderedBody, SiteData } from '../types.js';
import { markdownComponents, renderHast } from './components.js';
import { Slot } from '../document/slots.js';

const components = new Map<string, Partial<Components>>();

/** The tag map of a site served under `base` (made once per base). */
export function componentsFor(base: string): Partial<Components> {
  let c = components.get(base);
  if (!c) components.set(base, (c = markdownComponents(base)));
  return c;
}

/** Renders a body's hast to HTML, with the islands it uses; `page` names the page in island errors. */
export function renderBody(tree: Root, data: Pick<SiteData, 'base' | 'assets'>, page: string): RenderedBody {
  const { base } = data;
  const collector: IslandCollector = { used: new Set<IslandName>(), eager: new Set<IslandName>(), srcOf: (name) => { const i = data.assets.islands[name]; return i && withBase(base, i.src); }, page };
  const html = renderToString(<IslandContext.Provider value={collector}>{renderHast(tree, componentsFor(base))}</IslandContext.Provider>);
  return { html, islands: [...collector.used], eager: [...collector.eager!] };
}

/** A body's HTML: the one the build kept, or rendered now from its hast. */
export function bodyHtml(body: Body, data: Pick<SiteData, 'base' | 'assets'>, page: string): RenderedBody {
  if (body.rendered) return body.rendered;
  if (!body.hast) throw new Error(`the body of ${page} has neither HTML nor a Markdown tree`);
  return renderBody(body.hast, data, page);
}

/** Where a page's body goes: renderPage fills this slot with the body's HTML. */
export function BodySlot() {
  return <Slot name="body" />;
}
