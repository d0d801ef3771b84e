/** One route to HTML through the site's server renderer; the only place a failed render becomes a problem. */
import type { PagePieces, Route, SiteData } from '../../site/types.js';
import type { SiteRenderer } from '../bundle/site-bundle.js';
import { problem, type Problem } from '../problems/problem.js';

/** The problem of a page whose render threw: it names the page and, when it has one, its Markdown file. */
export function renderFailure(route: Pick<Route, 'path'>, file: string | undefined, error: unknown): Problem {
  const hint = file ? 'check this body; if it renders alone, the component it names has the bug' : 'see the message; fix the content or the component it names';
  return problem(`rendering ${route.path} failed: ${(error as Error)?.message ?? String(error)}`, { file, hint });
}

/** A render that failed: the problem naming the page, and what was thrown. */
export type RenderFailure = { problem: Problem; error: unknown };

/** Renders one route to HTML; a failure becomes a Problem naming the page (and `file`, its Markdown source). */
export function renderRoute(renderer: SiteRenderer, route: Route, data: SiteData, file?: string): { html: string } | RenderFailure {
  try {
    return { html: renderer.renderPage(route, data) };
  } catch (e) {
    return { error: e, problem: renderFailure(route, file, e) };
  }
}

/** Renders one route to HTML as pieces (see PagePieces); fails as renderRoute does. */
export function renderRoutePieces(renderer: SiteRenderer, route: Route, data: SiteData, file?: string): { pieces: PagePieces } | RenderFailure {
  try {
    return { pieces: renderer.renderPagePieces(route, data) };
  } catch (e) {
    return { error: e, problem: renderFailure(route, file, e) };
  }
}
