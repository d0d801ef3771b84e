/** The one way to declare a browser widget: renders it on the server inside a marker the loader hydrates. */
import { createContext, useContext, type ComponentProps } from 'react';
import { islandComponents, type IslandName } from './registry.js';

/**
 * When an island hydrates: on the first interaction inside it (pointer down, focus, key, input; what the visitor did
 * is then replayed), on the first pointer move or touch anywhere (`pointer`), at load, when idle, or when visible.
 */
export type HydrateWhen = 'interaction' | 'pointer' | 'load' | 'idle' | 'visible';

/** Per-render collector: which islands a page uses (for modulepreload) and their chunk URLs. */
export interface IslandCollector { used: Set<IslandName>; /** Islands hydrated at load: their chunks are preloaded. */ eager?: Set<IslandName>; srcOf: (name: IslandName) => string | undefined; page: string }

/** Provided once per page render by the document. */
export const IslandContext = createContext<IslandCollector | null>(null);
const InsideIsland = createContext(false);

/** Thrown for island misuse (unknown name, nested island, props that are not JSON); names the page. */
export class IslandError extends Error {}

/**
 * Renders island `name` with `props`; the browser hydrates it with the same props when `when` says.
 * A `visible` island keeps a box (no `display: contents`), since IntersectionObserver never sees a box-less element.
 */
export function Island<N extends IslandName>({ name, props, when = 'interaction', className }: { name: N; props: ComponentProps<(typeof islandComponents)[N]>; when?: HydrateWhen; className?: string }) {
  const collector = useContext(IslandContext);
  const nested = useContext(InsideIsland);
  if (!collector) throw new IslandError(`island "${name}" rendered outside a page`);
  if (nested) throw new IslandError(`island "${name}" is nested inside another island on ${collector.page}; islands cannot nest`);
  const Component = islandComponents[name] as unknown as (p: Record<string, unknown>) => React.ReactNode;
  const src = collector.srcOf(name);
  if (!Component || !src) throw new IslandError(`unknown island "${String(name)}" on ${collector.page}`);
  collector.used.add(name);
  if (when === 'load') collector.eager?.add(name);
  return (
    <div data-island={name} data-when={when} data-src={src} data-props={serializeProps(name, props, collector.page)} className={className} style={className || when === 'visible' ? undefined : { display: 'contents' }}>
      <InsideIsland.Provider value={true}>
        <Component {...(props as Record<string, unknown>)} />
      </InsideIsland.Provider>
    </div>
  );
}

/** JSON of the props, refusing anything JSON cannot carry (functions, undefined, symbols, class instances). */
export function serializeProps(name: string, props: unknown, page: string): string {
  const bad = findUnserializable(props, 'props');
  if (bad) throw new IslandError(`island "${name}" on ${page} has a prop that is not serializable: ${bad}`);
  return JSON.stringify(props);
}

function findUnserializable(value: unknown, at: string): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${at} is ${value}`;
  if (typeof value !== 'object') return `${at} is a ${typeof value}`;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const bad = findUnserializable(v, `${at}[${i}]`);
      if (bad) return bad;
    }
    return undefined;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return `${at} is a ${proto?.constructor?.name ?? 'class instance'}`;
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    const bad = findUnserializable(v, `${at}.${k}`);
    if (bad) return bad;
  }
  return undefined;
}
