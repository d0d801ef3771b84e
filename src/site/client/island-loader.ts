/**
 * Hydrates island markers when due, and replays what the visitor did inside one before it hydrated. Part of the
 * inline page script: it runs no React and loads an island's chunk only when the island is needed.
 */

/** What an island chunk default-exports (src/site/client/mount.ts): hydrates `element`, resolves once settled. */
type MountIsland = (element: Element, props: unknown) => Promise<void>;

/** Events inside an `interaction` island that start its hydration. */
const TRIGGERS = ['pointerdown', 'focusin', 'click', 'keydown', 'input'];
/** Of those, the ones replayed after hydration (pointer down and focus only start it: their effect is native). */
const REPLAYED = new Set(['click', 'keydown', 'input']);
/** Clicks here have a native action of their own (navigate, toggle, focus a field): never replayed, never held. */
const NATIVE_CLICK = 'a[href],summary,label,input,select,textarea';

const started = new WeakMap<Element, Promise<void>>();

/** Imports the island's chunk and hydrates it (once); resolves when it is hydrated and its effects have run. */
export function hydrate(el: HTMLElement): Promise<void> {
  let done = started.get(el);
  if (!done) {
    done = import(el.dataset.src!)
      .then((m: { default: MountIsland }) => m.default(el, JSON.parse(el.dataset.props || '{}')))
      .catch((e: unknown) => console.error(el.dataset.island, e));
    started.set(el, done);
  }
  return done;
}

/**
 * Holds every click, key and input inside `el` from the first interaction until the island has hydrated, then
 * dispatches a copy of each to its target, in order, so React handles it as if it came after hydration. Held events
 * stop at the marker (React's own listeners on it must not see them twice); their native default actions still run.
 */
function onFirstInteraction(el: HTMLElement): void {
  const held: Event[] = [];
  const hold = (e: Event) => {
    if (REPLAYED.has(e.type) && !(e.type === 'click' && (e.target as Element).closest(NATIVE_CLICK))) {
      held.push(e);
      e.stopImmediatePropagation();
    }
    void hydrate(el).then(() => {
      for (const t of TRIGGERS) el.removeEventListener(t, hold, true);
      for (const h of held.splice(0)) replay(h);
    });
  };
  for (const t of TRIGGERS) el.addEventListener(t, hold, true);
}

/** Dispatches a copy of `e` (same class, same fields) to its target, if that is still in the page. */
function replay(e: Event): void {
  const target = e.target as Element;
  const Type = e.constructor as new (type: string, init: Event) => Event;
  if (target.isConnected) target.dispatchEvent(new Type(e.type, e));
}

/** Hydrates `el` on the first pointer move or touch anywhere (decorative islands that follow the pointer). */
function onFirstPointer(el: HTMLElement): void {
  const go = () => {
    removeEventListener('pointermove', go);
    removeEventListener('touchstart', go);
    void hydrate(el);
  };
  addEventListener('pointermove', go, { passive: true });
  addEventListener('touchstart', go, { passive: true });
}

const idle = (f: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(f, { timeout: 2000 }) : setTimeout(f, 1));
let io: IntersectionObserver | undefined;

/** Takes every island marker not yet taken (`data-armed`) in hand, by its `data-when`. */
export function armIslands(): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-island]:not([data-armed])')) {
    el.setAttribute('data-armed', '');
    // A marker armed again (a dev tab's update gave it new props) hydrates afresh.
    started.delete(el);
    const when = el.dataset.when;
    if (when === 'interaction') onFirstInteraction(el);
    else if (when === 'pointer') onFirstPointer(el);
    else if (when === 'load') void hydrate(el);
    else if (when === 'visible' && 'IntersectionObserver' in window) {
      io ??= new IntersectionObserver((entries) => entries.forEach((en) => en.isIntersecting && (io!.unobserve(en.target), hydrate(en.target as HTMLElement))), { rootMargin: '200px' });
      io.observe(el);
    } else idle(() => void hydrate(el));
  }
}

/** Once the page has loaded and the browser is idle, fetches the chunks in `urls` ahead of need (not run). */
export function preloadWhenIdle(urls: readonly string[]): void {
  const go = () =>
    idle(() => {
      for (const href of urls) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
    });
  if (document.readyState === 'complete') go();
  else addEventListener('load', go, { once: true });
}
