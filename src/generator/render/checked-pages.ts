/**
 * `check`'s tutorial pages, each rendered as its body arrives (as a build's page jobs do) and kept as link facts:
 * no body tree, body HTML or page HTML is held until the end (4,000 trees took 2 GB, 4,000 bodies' HTML 127 MB).
 */
import type { Route, SiteData } from '../../site/types.js';
import type { SiteRenderer } from '../bundle/site-bundle.js';
import type { Content } from '../content/load-content.js';
import type { MarkdownResult } from '../markdown/render-markdown.js';
import type { Problem } from '../problems/problem.js';
import { checkedBody, type CheckedBody } from '../verify/checked-body.js';
import type { HtmlFacts } from '../verify/html-facts.js';
import { PieceFacts } from '../verify/piece-facts.js';
import { renderFailure, renderRoutePieces } from './render-route.js';
import { bodyOf } from './site-data.js';

/** What `check` keeps of its tutorial pages, by output file: each page's facts, or the problem rendering it. */
export interface CheckedPages { facts: Map<string, HtmlFacts>; failed: Map<string, Problem> }

/**
 * The reducer of `check`'s tutorial bodies: renders the body's page with `data` (the site data without bodies,
 * as a build's page jobs have it) and this body, records the page's facts in `into` as a build's page jobs read
 * them (their URLs and ids one string each, shared through `strings`) and returns what the content checks read of
 * the body. A page that fails to render is recorded as its problem.
 */
export function checkedPageOf(site: SiteRenderer, data: SiteData, content: Content, routes: readonly Route[], into: CheckedPages, strings: Map<string, string>): (file: string, md: MarkdownResult) => CheckedBody {
  const routeOf = new Map<string, Route>();
  for (const r of routes) {
    const doc = r.kind === 'tutorial' ? content.bodies.get(r.ref!) : undefined;
    if (doc) routeOf.set(doc.file, r);
  }
  // A build's page jobs read facts so: the sidebar's list, which pages share, once for all of them.
  const pieceFacts = new PieceFacts(strings);
  return (file, md) => {
    const checked = checkedBody(md);
    const route = routeOf.get(file);
    if (!route) return checked;
    try {
      const rendered = site.renderBody(md.hast, data, route.path);
      const page = renderRoutePieces(site, route, { ...data, bodies: { [route.ref!]: bodyOf(content.bodies.get(route.ref!)!, { words: md.words, rendered }) } }, file);
      if ('pieces' in page) into.facts.set(route.file, pieceFacts.of(page.pieces));
      else into.failed.set(route.file, page.problem);
    } catch (e) {
      into.failed.set(route.file, renderFailure(route, file, e));
    }
    return checked;
  };
}
