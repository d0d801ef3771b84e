/**
 * The intrinsic size of the site's own images (files under public/), read from their first bytes with image-size,
 * so that a page's images keep their place before they load (no layout shift).
 */
import fs from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import type { ImageSizeTable } from './image-refs.js';

/**
 * Bytes read, in turn, until the size is found: 4 KiB holds the header of every format but a JPEG with metadata
 * before its frame header (EXIF: an APP segment is at most 64 KiB), and then the whole file. Each build reads
 * the images its bodies name, so a site of a thousand pictures reads 4 MB, not its pictures.
 */
const HEAD_STEPS = [4 * 1024, 160 * 1024];

/** Reads the size of public images, each file once for the life of the reader (one a load). */
export class ImageSizes {
  private readonly known = new Map<string, readonly [number, number] | null>();
  private readonly publicDir: string;

  constructor(root: string) {
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
    let size = this.known.get(ref);
    if (size === undefined) this.known.set(ref, (size = readSize(this.publicDir, ref)));
    return size;
  }
}

/**
 * `[width, height]` of the image at root-relative `ref` under `publicDir` as a browser shows it, or null. A file
 * named for a pixel density (`chart@2x.png`, `@3x`) is shown at its size in CSS pixels: its pixels over the density.
 */
export function readSize(publicDir: string, ref: string): readonly [number, number] | null {
  const size = readPixels(publicDir, ref);
  const density = Number(/@([2-4])x\.[^./]+$/.exec(ref)?.[1] ?? 1);
  return size && density > 1 ? [Math.round(size[0] / density), Math.round(size[1] / density)] : size;
}

/** The displayed pixel size of the image file at `ref` (see readSize). */
function readPixels(publicDir: string, ref: string): readonly [number, number] | null {
  const file = path.join(publicDir, ...ref.split('/').filter((s) => s && s !== '.' && s !== '..'));
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return null;
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return null;
    const svg = /\.svg$/i.test(ref);
    for (const step of [...HEAD_STEPS, st.size]) {
      const head = Buffer.alloc(Math.min(st.size, step));
      const n = fs.readSync(fd, head, 0, head.length, 0);
      const size = sizeIn(svg ? fromSvgElement(head.subarray(0, n)) : head.subarray(0, n));
      if (size || n >= st.size) return size;
    }
    return null;
  } catch {
    return null;
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * An SVG file from its svg element on: image-size looks for it in the first kilobyte only, and an XML prolog,
 * a doctype or a licence comment can come first.
 */
function fromSvgElement(bytes: Uint8Array): Uint8Array {
  const at = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf('<svg');
  return at > 0 ? bytes.subarray(at) : bytes;
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
