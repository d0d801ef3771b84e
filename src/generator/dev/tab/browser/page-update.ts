/**
 * Dev tabs' in-place updates (browser code, bundled with idiomorph by dev/tab/update-module.ts and loaded by the
 * live-reload script on the first update): a content edit morphs the open page into its new HTML, keeping what
 * the visitor has on screen; a broken edit shows its errors over the page, and the fix takes them away.
 */
import { Idiomorph } from 'idiomorph';
import type { FramedProblem } from '../../../problems/framed-problems.js';
import { problemsPanel, PANEL_ID } from './problems-panel.js';
import { keepReadingPlace, readingPlace } from './reading-place.js';
import { UPDATE_HEADER } from '../../../serve/update-header.js';

type Marker = HTMLElement & { __reactsiteRoot?: { unmount(): void } };

/** Attributes the page's scripts set that the server's HTML does not have: an update keeps them. */
function keepsAttribute(name: string, el: Element): boolean {
  if (name === 'open') return el.tagName === 'DETAILS';
  if (name === 'tabindex') return el.id === 'sidebar';
  if (name === 'data-open') return true;
  if (name === 'hidden') return !!el.closest('.sidebar-list');
  return name === 'data-prefetch';
}

/** Same island, same props: the hydrated widget stays as it is, state and all. */
function sameIsland(old: Element, next: Node): boolean {
  return next instanceof Element && old.getAttribute('data-island') === next.getAttribute('data-island') && old.getAttribute('data-props') === next.getAttribute('data-props');
}

/**
 * Morphs the page's body into `next`'s: the text being read stays where it was on screen, and focus, typed text,
 * open items, drawer, theme and unchanged islands stay.
 */
export function morphBody(next: Document): void {
  document.title = next.title;
  const place = readingPlace();
  Idiomorph.morph(document.body, next.body, {
    morphStyle: 'outerHTML',
    callbacks: {
      beforeNodeMorphed(old, nextNode) {
        if (!old.hasAttribute?.('data-island')) return true;
        if (sameIsland(old, nextNode) && old.hasAttribute('data-armed')) return false;
        // New props: the widget is unmounted, its server HTML comes in, and the page script hydrates it again.
        (old as Marker).__reactsiteRoot?.unmount();
        delete (old as Marker).__reactsiteRoot;
        return true;
      },
      beforeNodeRemoved: (node) => !(node instanceof Element && (node.classList.contains('drawer-overlay') || node.id === PANEL_ID)),
      beforeAttributeUpdated: (name, el, kind) => kind !== 'remove' || !keepsAttribute(name, el),
    },
  });
  keepReadingPlace(place);
  document.dispatchEvent(new Event('reactsite:islands'));
}

let updates = 0;

/** Fetches this page's new HTML and morphs the page into it; marks `html[data-reactsite-updated]` with a count. */
export async function update(): Promise<void> {
  // The header spares a tab on a missing page a logged 404 on every update (see serve/update-header.ts).
  const res = await fetch(location.href, { cache: 'no-store', headers: { [UPDATE_HEADER]: '1' } });
  // The page moved (its tutorial's slug changed): the tab goes where it is now.
  if (res.redirected) return void location.replace(res.url);
  const next = new DOMParser().parseFromString(await res.text(), 'text/html');
  if (next.documentElement.hasAttribute('data-reactsite-overlay')) return void location.reload();
  document.getElementById(PANEL_ID)?.remove();
  morphBody(next);
  document.documentElement.setAttribute('data-reactsite-updated', String(++updates));
}

/** Shows the build's errors over the page, which stays underneath as it was. */
export function showProblems(problems: readonly FramedProblem[]): void {
  document.getElementById(PANEL_ID)?.remove();
  document.body.append(problemsPanel(problems));
}
