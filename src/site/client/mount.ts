/** Browser side of an island: hydrates the server-rendered marker with the same component and props. */
import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** Returns the function the loader calls with the marker element and its JSON props. */
export function mount<P extends object>(Component: ComponentType<P>) {
  return (element: Element, props: P) => {
    hydrateRoot(element, createElement(Component, props));
    // Tests and tools wait on this; React does not manage the container's own attributes.
    queueMicrotask(() => element.setAttribute('data-hydrated', ''));
  };
}
