/** Entry of the server bundle: turns one route and the build's shared data into a complete HTML document. */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { NotFoundPanel } from './components/Article.js';
import { HubLayout } from './components/HubLayout.js';
import { Navbar } from './components/Navbar.js';
import { SiteFooter } from './components/SiteFooter.js';
import { contentSecurityPolicy } from './document/csp.js';
import { escapeHtml } from './document/escape.js';
import { adsHideCss } from './document/ads-hide-css.js';
import { NO_SCRIPT_CSS } from './document/no-script.js';
import { Head } from './document/Head.js';
import { redirectStub } from './document/redirect-stub.js';
import { Island, IslandContext, type IslandCollector } from './islands/Island.js';
import { notFoundScript, SPECULATION_RULES, THEME_SCRIPT } from './islands/inline-scripts.js';
import type { IslandName } from './islands/registry.js';
import { BodySlot, bodyHtml } from './markdown/render-body.js';
import { joinOwn, piecesText, wholeSpan } from './document/page-pieces.js';
import { fillSlots, SlotContext, type SlotFills } from './document/slots.js';
import { SharedPart } from './document/shared-part.js';
import { Landing } from './pages/Landing.js';
import { StaticPageView, TemplatePage } from './pages/SimplePages.js';
import { TutorialPage } from './pages/TutorialPage.js';
import { pageMeta } from './seo/page-meta.js';
import { absoluteUrl, withBase } from './seo/urls.js';
import type { Body, PagePieces, Route, SiteData } from './types.js';


export { renderBody } from './markdown/render-body.js';

/** The Markdown body a route shows, if any. */
function markdownOf(route: Route, data: SiteData): Body | undefined {
  if (route.kind === 'tutorial') return data.bodies[route.ref!];
  if (route.kind === 'static') return data.pages[route.ref!]?.body;
  return undefined;
}

/** Renders `route` to a full HTML document string. Pure: no I/O. */
export function renderPage(route: Route, data: SiteData): string {
  return piecesText(renderPagePieces(route, data));
}

/** Renders `route` to a full HTML document as pieces (see PagePieces): the sidebar's list is a shared span. Pure. */
export function renderPagePieces(route: Route, data: SiteData): PagePieces {
  const { site, base } = data;
  if (route.kind === 'redirect') return [redirectStub(withBase(base, route.ref!), absoluteUrl(site.url, base, route.ref!), site.language)];

  const meta = pageMeta(route, data);
  const collector: IslandCollector = { used: new Set<IslandName>(), eager: new Set<IslandName>(), srcOf: (name) => { const i = data.assets.islands[name]; return i && withBase(base, i.src); }, page: route.path };
  const markdown = markdownOf(route, data);
  const rendered = markdown && bodyHtml(markdown, data, route.path);
  const fills: SlotFills = new Map(rendered ? [['body', [rendered.html]]] : []);
  const body = fillSlots(renderToString(<SlotContext.Provider value={fills}><IslandContext.Provider value={collector}>{pageBody(route, data, meta.canonical)}</IslandContext.Provider></SlotContext.Provider>), fills);
  for (const name of rendered?.islands ?? []) collector.used.add(name);
  for (const name of rendered?.eager ?? []) collector.eager!.add(name);

  const pageScript = data.assets.pageScript;
  const inline = [THEME_SCRIPT, pageScript];
  const notFound = route.kind === 'not-found' ? notFoundScript(base) : undefined;
  if (notFound) inline.push(notFound);
  const rules = route.kind === 'tutorial' || route.kind === 'not-found' ? `<script type="speculationrules">${SPECULATION_RULES}</script>` : '';
  if (rules) inline.push(SPECULATION_RULES);
  if (data.dev) inline.push(data.dev.clientScript);
  // Chunks of islands that hydrate at load are preloaded in the head; the others are fetched (not run) by the page
  // script once the page has loaded and the browser is idle, so that a first interaction finds them ready.
  const chunksOf = (names: Iterable<IslandName>) => new Set([...names].flatMap((name) => [data.assets.islands[name]!.src, ...data.assets.islands[name]!.imports]).map((src) => withBase(base, src)));
  const preload = chunksOf(collector.eager ?? []);
  const later = [...chunksOf(collector.used)].filter((src) => !preload.has(src));
  const head = renderToString(<Head data={data} meta={meta} csp={contentSecurityPolicy(inline)} preload={[...preload]} />);
  const script = (s: string) => `<script>${s}</script>`;
  // Hub pages hide the ads dismissed in this tab before paint (the head script lists them on <html>).
  const adsCss = collector.used.has('AdsPanel') ? adsHideCss(data.ads.map((a) => a.id)) : '';
  // The page script is the same on every page: a span of one shared string, read and encoded once a build.
  const loader = collector.used.size ? [`<script${later.length ? ` data-preload="${escapeHtml(later.join(' '))}"` : ''}>`, wholeSpan(pageScript), '</script>'] : [];
  // Terminal output's colours only where a body shows some: every other page's stylesheet stays 0.5 kB lighter.
  const terminalCss = rendered?.html.includes(' data-language="ansi"') ? data.assets.terminalCss : '';
  const start = `<!DOCTYPE html><html lang="${escapeHtml(site.language)}" class="dark"><head>${script(THEME_SCRIPT)}${notFound ? script(notFound) : ''}${head}${adsCss ? `<style>${adsCss}</style>` : ''}${terminalCss ? `<style>${terminalCss}</style>` : ''}<noscript><style>${NO_SCRIPT_CSS}</style></noscript>${rules}</head><body>`;
  const end = `${data.dev ? script(data.dev.clientScript) : ''}</body></html>`;
  // The head goes in the first piece: what only the head holds is read from there (see verify/piece-facts.ts).
  return joinOwn([start, ...body, ...loader, end]);
}

function pageBody(route: Route, data: SiteData, canonical: string): ReactNode {
  const { site, base } = data;
  const current = route.kind === 'landing' ? 'home' : route.kind === 'tutorial' || route.kind === 'not-found' ? 'tutorial' : undefined;
  let main: ReactNode;
  switch (route.kind) {
    case 'landing':
      main = <Landing site={site} base={base} />;
      break;
    case 'tutorial':
      main = <TutorialPage route={route} data={data} canonical={canonical} />;
      break;
    case 'static': {
      const page = data.pages[route.ref!]!;
      main = <StaticPageView title={page.title} content={<BodySlot />} />;
      break;
    }
    case 'template':
      main = <TemplatePage />;
      break;
    default: {
      const intro = data.tutorials.find((t) => t.isIntro) ?? data.tutorials[0]!;
      main = (
        <HubLayout data={data}>
          <NotFoundPanel introHref={withBase(base, `/tutorial/${intro.slug}/`)} />
        </HubLayout>
      );
    }
  }
  const year = data.buildDate.slice(0, 4);
  const glow = route.kind === 'tutorial' || route.kind === 'not-found' ? 0.8 : 0.7;
  // The bar, the footer and the pointer effects are the same on every page of a kind: rendered once, shared.
  return (
    <>
      <SharedPart from={[site, data.assets]} id={`navbar ${base} ${current}`}>
        <a className="skip-link" href="#main">Skip to content</a>
        <Navbar site={site} base={base} current={current} />
      </SharedPart>
      {main}
      <SharedPart from={[site, data.pages, data.assets]} id={`footer ${base} ${year} ${glow}`}>
        <SiteFooter site={site} base={base} year={year} pages={Object.values(data.pages).map((p) => ({ name: p.name, title: p.title }))} />
        <Island name="PointerEffects" props={{ glow, trail: { size: 'XL', color: 'orange', fadeTime: 200, trailLength: 100 } }} when="pointer" />
      </SharedPart>
    </>
  );
}
