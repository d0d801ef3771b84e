/** Browser side of an island: hydrates the server-rendered marker with the same component and props. */
import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';

/** A marker once hydrated: its React root stays on it (dev's in-place updates unmount it before replacing it). */
export type HydratedMarker = Element & { __reactsiteRoot?: Root };

/**
 * Calls `done` once the island has hydrated and the state updates its own effects made on mounting have been
 * rendered too (they batch into the render that settles this component), so a replayed event meets settled state.
 */
function Settled({ done, children }: { done: () => void; children?: ReactNode }) {
  const [settled, setSettled] = useState(false);
  useEffect(() => (settled ? done() : setSettled(true)), [settled, done]);
  return children;
}

/** Returns the function the loader calls with the marker element and its JSON props; resolves when settled. */
export function mount<P extends object>(Component: ComponentType<P>) {
  return (element: HydratedMarker, props: P) =>
    new Promise<void>((done) => {
      element.__reactsiteRoot = hydrateRoot(element, createElement(Settled, { done }, createElement(Component, props)));
    }).then(() => {
      // Tests and tools wait on this; React does not manage the container's own attributes.
      element.setAttribute('data-hydrated', '');
    });
}
