/**
 * The UTF-8 bytes of a page made of pieces (see PagePieces): a page's own pieces are encoded as they come, a string
 * many pages share is encoded once and each span of it is a view of those bytes.
 */
import type { PagePieces, SharedSpan } from '../../site/types.js';

/** Characters between two byte offsets a shared string keeps (see Encoded). */
const STEP = 512;

/**
 * A shared string's bytes. Unless each of its characters is one byte (then offsets are the same), it keeps the
 * byte offset of about every STEP-th character (`at`, never inside a surrogate pair), to count from.
 */
interface Encoded { bytes: Buffer; at?: number[]; offset?: number[] }

/** UTF-8 bytes of `s` from `a` to `b` (neither inside a surrogate pair), as Buffer.from encodes them. */
export function utf8Length(s: string, a: number, b: number): number {
  let n = 0;
  for (let i = a; i < b; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if ((c & 0xfc00) === 0xd800 && i + 1 < b && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3; // the rest of the plane, and a lone surrogate (written as U+FFFD)
  }
  return n;
}

function encode(shared: string): Encoded {
  const bytes = Buffer.from(shared, 'utf8');
  if (bytes.length === shared.length) return { bytes };
  const at = [0];
  const offset = [0];
  for (let next = STEP; next < shared.length; next += STEP) {
    // Never between the halves of a pair.
    const p = (shared.charCodeAt(next) & 0xfc00) === 0xdc00 && (shared.charCodeAt(next - 1) & 0xfc00) === 0xd800 ? next + 1 : next;
    offset.push(offset[offset.length - 1]! + utf8Length(shared, at[at.length - 1]!, p));
    at.push(p);
  }
  if (offset[offset.length - 1]! + utf8Length(shared, at[at.length - 1]!, shared.length) !== bytes.length) throw new Error('UTF-8 offsets do not add up');
  return { bytes, at, offset };
}

/** The bytes of pages made of pieces, with each shared string's bytes kept for the next page. */
export class PieceBytes {
  private readonly encoded = new Map<string, Encoded>();

  /** The bytes of the page `pieces` make, in order (views of kept bytes where they are shared). */
  of(pieces: PagePieces): Uint8Array[] {
    return pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece, 'utf8') : this.span(piece)));
  }

  private span({ shared, from, to }: SharedSpan): Uint8Array {
    let e = this.encoded.get(shared);
    if (!e) this.encoded.set(shared, (e = encode(shared)));
    return e.bytes.subarray(byteOffset(shared, e, from), byteOffset(shared, e, to));
  }
}

/** The byte offset of character `i` of `shared` (not inside a surrogate pair). */
function byteOffset(shared: string, e: Encoded, i: number): number {
  if (!e.at) return i;
  let k = Math.min(Math.floor(i / STEP), e.at.length - 1);
  if (e.at[k]! > i) k--;
  return e.offset![k]! + utf8Length(shared, e.at[k]!, i);
}
