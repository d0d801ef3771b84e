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
 * a quote, `=`, `<` or a space (`![a](/x.png)`, `[ref]: /x.png`, `<img src="/x.png">`), up to a closing one, a
 * query or a fragment.
 */
const REF = new RegExp(`(?:^|[\\s(<"'=])(\\/[^\\s"'<>()\\[\\]?#]*\\.(?:${IMAGE_EXT}))(?=[\\s"'<>)?#]|$)`, 'gim');

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

/** Each root-relative image path `markdown` names, once, in the order they come (as imagePath keys them). */
export function imageRefs(markdown: string): string[] {
  // Most bodies name no image file: one cheap test before the pattern.
  if (!/\.(?:png|jpe?g|gif|webp|avif|svg|apng|bmp|ico)\b/i.test(markdown)) return [];
  const refs = new Set<string>();
  for (const m of markdown.matchAll(REF)) {
    const p = imagePath(m[1]!);
    if (p) refs.add(p);
  }
  return [...refs];
}
