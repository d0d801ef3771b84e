/**
 * The intrinsic size of the site's own images (files under public/), read from their first bytes with image-size,
 * so that a page's images keep their place before they load (no layout shift).
 */
import fs from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import type { ImageSizeTable } from './image-refs.js';

/**
 * Bytes read, in turn, until the size is found: 4 KiB holds the header of most files, 160 KiB a JPEG's frame
 * header after its EXIF (an APP segment is at most 64 KiB), 8 MiB one after large colour profiles; a file whose
 * size is not found by then gets none. A build reads the images its bodies name that changed since the last
 * (see ImageMemo), so a thousand new pictures cost about 4 MB of reading, not the pictures.
 */
const HEAD_STEPS = [4 * 1024, 160 * 1024, 8 * 1024 * 1024];

/** What earlier builds read of an image's size: undefined when not known for the file as it is now. */
export interface SizeMemo {
  get(ref: string): readonly [number, number] | null | undefined;
  set(ref: string, size: readonly [number, number] | null): void;
}

/**
 * Reads the size of public images, each file once for the life of the reader (one a load); with a `memo` (a
 * build's, see InputIndex.images), only the files that changed since it recorded them.
 */
export class ImageSizes {
  private readonly known = new Map<string, readonly [number, number] | null>();
  private readonly publicDir: string;

  constructor(
    root: string,
    private readonly memo?: SizeMemo,
  ) {
    this.publicDir = path.join(root, 'public');
  }

  /** The sizes of those of `refs` (root-relative paths, see imageRefs) that are readable images in public/; undefined if none is. */
  of(refs: readonly string[] | undefined): ImageSizeTable | undefined {
    let table: Record<string, readonly [number, number]> | undefined;
    for (const ref of refs ?? []) {
      const size = this.sizeOf(ref);
      if (size) (table ??= {})[ref] = size;
    }
    return table;
  }

  private sizeOf(ref: string): readonly [number, number] | null {
    if (this.known.has(ref)) return this.known.get(ref) as readonly [number, number] | null;
    let size = this.memo?.get(ref);
    if (size === undefined) {
      size = readSize(this.publicDir, ref);
      this.memo?.set(ref, size);
    }
    this.known.set(ref, size);
    return size;
  }
}

/**
 * `[width, height]` of the image at root-relative `ref` under `publicDir` as a browser shows it, or null. A raster
 * file named for a pixel density (`chart@2x.png`, `@3x`) is shown at its size in CSS pixels: its pixels over the
 * density. An SVG gets its size only when its svg element states both (a viewBox alone is a shape, not a size).
 */
export function readSize(publicDir: string, ref: string): readonly [number, number] | null {
  const svg = /\.svg$/i.test(ref);
  const size = readPixels(publicDir, ref, svg);
  const density = svg ? 1 : Number(/@([2-4])x\.[^./]+$/.exec(ref)?.[1] ?? 1);
  return size && density > 1 ? [Math.round(size[0] / density), Math.round(size[1] / density)] : size;
}

/** The displayed pixel size of the image file at `ref` (see readSize); nothing but a regular file under `publicDir` is read. */
function readPixels(publicDir: string, ref: string, svg: boolean): readonly [number, number] | null {
  // Path segments only: no `.`, `..` or backslash can lead out of public/.
  const segments = ref.split(/[/\\]/).filter((x) => x && x !== '.' && x !== '..');
  const file = path.join(publicDir, ...segments);
  let fd: number | undefined;
  try {
    // A stat first: opening a FIFO named like a picture would wait for a writer.
    const st = fs.statSync(file);
    if (!st.isFile()) return null;
    fd = fs.openSync(file, 'r');
    for (const step of HEAD_STEPS) {
      const head = Buffer.alloc(Math.min(st.size, step));
      const n = fs.readSync(fd, head, 0, head.length, 0);
      const size = svg ? svgSize(head.subarray(0, n)) : sizeIn(head.subarray(0, n));
      if (size || n >= st.size) return size;
    }
    return null;
  } catch {
    return null;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * An SVG's size from its svg element, which must state a width and a height (image-size looks for the element in
 * the first kilobyte only, and an XML prolog, a doctype or a licence comment can come first).
 */
function svgSize(bytes: Uint8Array): readonly [number, number] | null {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  const element = /<svg\b[^>]*>/.exec(text)?.[0];
  // In pixels (`40`, `40px`): a percentage or an em is no size of its own either.
  const stated = (name: string) => new RegExp(`\\s${name}\\s*=\\s*(["']?)\\s*\\d+(?:\\.\\d+)?(?:px)?\\s*\\1(?=[\\s/>])`).test(element!);
  if (!element || !stated('width') || !stated('height')) return null;
  return sizeIn(Buffer.from(element.endsWith('/>') ? element : `${element}</svg>`));
}

/** The displayed size in `bytes`: EXIF orientations 5-8 turn a JPEG a quarter, so width and height swap. */
function sizeIn(bytes: Uint8Array): readonly [number, number] | null {
  try {
    const { width, height, orientation } = imageSize(bytes);
    if (!width || !height) return null;
    return orientation && orientation >= 5 ? [height, width] : [width, height];
  } catch {
    return null;
  }
}
