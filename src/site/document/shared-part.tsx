/**
 * Parts of a page that many pages show the same (the navigation bar, the footer, the hub's header and ads column):
 * each rendered once per thread and what it is made of, then slotted into every page that shows it as a span of one
 * shared string (see slots.tsx). React renders it once, and the build reads its links and encodes its bytes once,
 * instead of once a page; the islands in it are recorded on each page that shows it.
 */
import { useContext, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { IslandContext, type IslandCollector } from '../islands/Island.js';
import type { IslandName } from '../islands/registry.js';
import { wholeSpan } from './page-pieces.js';
import { Slot } from './slots.js';

/**
 * A part as rendered: its HTML as a shared span, the islands in it (all, and those hydrated at load), and the name
 * of its slot (a number: the id holds the base path, whose `&` or `'` React would escape in the slot's mark).
 */
interface RenderedPart { pieces: [ReturnType<typeof wholeSpan>]; used: IslandName[]; eager: IslandName[]; slot: string }
let rendered = 0;

/** Parts by the objects they are made of, one level an object (a WeakMap: a new object makes new parts), then by id. */
interface Level { next: WeakMap<object, Level>; parts: Map<string, RenderedPart> }
const root: Level = { next: new WeakMap(), parts: new Map() };

/** The parts made of exactly `from` (in order), kept on first use. */
function partsMadeOf(from: readonly object[]): Map<string, RenderedPart> {
  let level = root;
  for (const o of from) {
    let next = level.next.get(o);
    if (!next) level.next.set(o, (next = { next: new WeakMap(), parts: new Map() }));
    level = next;
  }
  return level.parts;
}

/**
 * `children`, rendered once per `from` (every object the part shows something of, or whose islands it uses) and
 * `id` (every other value it shows: base path, current section), then shared by every page that shows it.
 */
export function SharedPart({ from, id, children }: { from: readonly object[]; id: string; children: ReactNode }) {
  const collector = useContext(IslandContext);
  if (!collector) throw new Error(`the shared part "${id}" is rendered outside a page`);
  const made = partsMadeOf(from);
  let part = made.get(id);
  if (!part) {
    const inner: IslandCollector = { used: new Set(), eager: new Set(), srcOf: collector.srcOf, page: collector.page };
    // A render of its own, inside the page's: React saves and restores its state around it, and the image
    // preloads it hoists (the bar's logos) come at the part's start, where the page's own render put them.
    const html = renderToString(<IslandContext.Provider value={inner}>{children}</IslandContext.Provider>);
    made.set(id, (part = { pieces: [wholeSpan(html)], used: [...inner.used], eager: [...inner.eager!], slot: `part ${++rendered}` }));
  }
  for (const name of part.used) collector.used.add(name);
  for (const name of part.eager) collector.eager?.add(name);
  return <Slot name={part.slot} fill={part.pieces} />;
}
