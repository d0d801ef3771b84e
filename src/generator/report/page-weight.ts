/**
 * What one built page makes a visitor download before it is interactive, read from the files of out/: its HTML,
 * its stylesheets, and the JavaScript it runs before any interaction (inline scripts, module preloads, and the
 * chunks of islands that hydrate without waiting for the visitor, with their static imports). Raw and gzip sizes.
 */
import { gzipSize } from './gzip-memo.js';

/** Raw and gzip (level 9) bytes. */
export interface Bytes { raw: number; gzip: number }

/** A page's weight by kind of file. */
export interface PageWeight { html: Bytes; css: Bytes; js: Bytes }

const measured = new WeakMap<Uint8Array, Bytes>();

/** Raw and gzip sizes of some bytes, gzip's by `gzip` (a buffer is measured once: pages share their assets). */
export function bytesOf(data: string | Uint8Array, gzip: (buf: Uint8Array) => number = gzipSize): Bytes {
  const buf = typeof data === 'string' ? Buffer.from(data) : data;
  let b = measured.get(buf);
  if (!b) measured.set(buf, (b = { raw: buf.length, gzip: gzip(buf) }));
  return b;
}

/** Islands that hydrate only once the visitor acts (inside them, or by moving the pointer): not counted. */
const WAITS = new Set(['interaction', 'pointer']);

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** Static imports of a JS module's source (`import … from "x"`, `export … from "x"`, `import "x"`). */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"']+)["']/g)].map((m) => m[1]!);
}

/**
 * The weight of the page `html`; `read(url)` gives the bytes of a site URL (with the base), or undefined. Inline
 * scripts count; islands that wait for the visitor (`data-when="interaction"` or `"pointer"`) do not.
 */
export function pageWeight(html: string, read: (url: string) => Uint8Array | undefined, gzip: (buf: Uint8Array) => number = gzipSize): PageWeight {
  const links = html.match(/<link\b[^>]*>/g) ?? [];
  const css = links.filter((t) => attr(t, 'rel') === 'stylesheet').map((t) => attr(t, 'href')!);
  const js = new Map<string, Uint8Array>();
  const add = (url: string) => {
    if (js.has(url)) return;
    const data = read(url);
    if (!data) return;
    js.set(url, data);
    for (const spec of staticImports(Buffer.from(data).toString('utf8'))) add(new URL(spec, `http://x${url}`).pathname);
  };
  for (const t of links) if (attr(t, 'rel') === 'modulepreload') add(attr(t, 'href')!);
  for (const m of html.matchAll(/<[a-z]+\b[^>]*\sdata-island="[^"]*"[^>]*>/g)) if (!WAITS.has(attr(m[0], 'data-when') ?? '') && attr(m[0], 'data-src')) add(attr(m[0], 'data-src')!);
  // Inline scripts run too (theme, page script), measured together as they travel in one gzip stream; JSON in
  // script elements (JSON-LD, speculation rules) does not run.
  const inlineCode = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\ssrc=|\stype="(?!module|text\/javascript)/.test(m[1]!)).map((m) => m[2]).join('');
  const inline = inlineCode ? [Buffer.from(inlineCode)] : [];
  const sum = (bufs: Uint8Array[]): Bytes => bufs.map((b) => bytesOf(b, gzip)).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 });
  return { html: bytesOf(html, gzip), css: sum(css.flatMap((u) => read(u) ?? [])), js: sum([...js.values(), ...inline]) };
}
