/**
 * Slots: places in a page's React tree filled, after React has rendered the page, with HTML it never sees: a body
 * rendered and kept on its own, the sidebar's list that every page of a category shares. React then neither copies
 * nor escapes them, and the page comes out as pieces (see PagePieces) whose shared parts the build reads once.
 */
import { createContext, useContext } from 'react';
import type { PagePieces } from '../types.js';

/** What a page's slots are filled with, by name; a component that renders a slot may give its own fill. */
export type SlotFills = Map<string, PagePieces>;

/** The fills of the page being rendered (render-page.tsx provides it). */
export const SlotContext = createContext<SlotFills | null>(null);

// Unguessable, so that no body or title can hold a slot's mark.
const SECRET = globalThis.crypto.randomUUID();
const OPEN = `<template data-reactsite-slot="${SECRET}:`;
const CLOSE = '"></template>';

/** A slot named `name`, filled with `fill` (or with what the page's renderer sets under that name). */
export function Slot({ name, fill }: { name: string; fill?: PagePieces }) {
  const fills = useContext(SlotContext);
  if (fill) {
    if (!fills) throw new Error(`the "${name}" slot is rendered outside a page`);
    fills.set(name, fill);
  }
  return <template data-reactsite-slot={`${SECRET}:${name}`} />;
}

/** `html` cut at its slots, each replaced by its fill; a slot without a fill stays as it is. */
export function fillSlots(html: string, fills: SlotFills): (PagePieces[number])[] {
  const pieces: (PagePieces[number])[] = [];
  let from = 0;
  for (let at = html.indexOf(OPEN); at >= 0; at = html.indexOf(OPEN, from)) {
    const end = html.indexOf(CLOSE, at + OPEN.length);
    if (end < 0) break;
    const fill = fills.get(html.slice(at + OPEN.length, end));
    if (!fill) {
      pieces.push(html.slice(from, end + CLOSE.length));
      from = end + CLOSE.length;
      continue;
    }
    if (at > from) pieces.push(html.slice(from, at));
    pieces.push(...fill);
    from = end + CLOSE.length;
  }
  if (from < html.length) pieces.push(html.slice(from));
  return pieces;
}
