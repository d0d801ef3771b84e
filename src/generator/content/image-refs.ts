/**
 * Pure: the site images a Markdown text may show, found in its text before it is parsed, so that a body's cache
 * key can hold their sizes (see image-sizes.ts). A path found here that is no image of the page costs nothing.
 */

/** Intrinsic sizes of a doc's images, `[width, height]` in CSS pixels, by root-relative path ("/images/a.png"). */
export type ImageSizeTable = Readonly<Record<string, readonly [number, number]>>;

/** File names a browser shows as an image. */
const IMAGE_EXT = 'png|jpe?g|gif|webp|avif|svg|apng|bmp|ico';

/**
 * A root-relative path ending in an image extension, as it stands in Markdown or HTML: after an opening bracket,
 * a quote, `=`, `<`, `:` or a space (`![a](/x.png)`, `[ref]: /x.png`, `<img src="/x.png">`), up to a closing one,
 * a query or a fragment; or whole between angle brackets or quotes, where spaces may stand (`![a](</my x.png>)`,
 * `src="/my x.png"`).
 */
const REF = new RegExp(`<(\\/[^<>\\n]*?\\.(?:${IMAGE_EXT}))(?=[?#]?[^<>\\n]*>)|(["'])(\\/[^"'<>\\n]*?\\.(?:${IMAGE_EXT}))(?=[?#][^"'\\n]*\\2|\\2)|(?:^|[\\s(<"'=:])(\\/(?:&#[0-9a-z]+;|[^\\s"'<>()\\[\\]?#])*\\.(?:${IMAGE_EXT}))(?=[\\s"'<>)?#]|$)`, 'gim');

/** The path of an image `src` as a key of the size table: no query or fragment, percent-escapes decoded. */
export function imagePath(src: string): string | undefined {
  if (!src.startsWith('/') || src.startsWith('//')) return undefined;
  const bare = src.replace(/[?#].*$/s, '');
  try {
    return decodeURI(bare);
  } catch {
    return bare;
  }
}

/**
 * A destination as Markdown means it: backslash escapes (`\_`) and numeric character references (`&#95;`)
 * resolved, as the tree holds it. Named references (`&eacute;`) stay: such a path gets no size.
 */
function asWritten(text: string): string {
  return text
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/&#(?:x([0-9a-f]{1,6})|([0-9]{1,7}));/gi, (ref, hex: string | undefined, dec: string | undefined) => {
      const code = hex ? parseInt(hex, 16) : Number(dec);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ref;
    });
}

/** An image extension anywhere: a line without one names no image. */
const EXT = new RegExp(`\\.(?:${IMAGE_EXT})`, 'gi');

/** The image paths one pass of the pattern over `text` finds, added to `into` (imageRefs runs it line by line). */
export function refsIn(text: string, into = new Set<string>()): Set<string> {
  for (const m of text.matchAll(REF)) {
    const p = imagePath(asWritten(m[1] ?? m[3] ?? m[4]!));
    if (p) into.add(p);
  }
  return into;
}

/**
 * Each root-relative image path `markdown` names, once, in the order they come (as imagePath keys them). The
 * pattern runs only over the lines that hold an image extension (no reference spans a line): over every body's
 * whole text it took 67 ms of dev's 4,000-body start.
 */
export function imageRefs(markdown: string): string[] {
  const refs = new Set<string>();
  let lineEnd = -1;
  for (const m of markdown.matchAll(EXT)) {
    if (m.index < lineEnd) continue;
    const start = markdown.lastIndexOf('\n', m.index) + 1;
    lineEnd = markdown.indexOf('\n', m.index);
    if (lineEnd < 0) lineEnd = markdown.length;
    refsIn(markdown.slice(start, lineEnd), refs);
  }
  return [...refs];
}
