/** A page's HTML as pieces (see PagePieces): the text of pieces, spans, and runs of own strings joined. */
import type { PagePieces, SharedSpan } from '../types.js';

/** The text of one piece. */
export function pieceText(piece: string | SharedSpan): string {
  return typeof piece === 'string' ? piece : piece.shared.slice(piece.from, piece.to);
}

/** The page's HTML: its pieces joined. */
export function piecesText(pieces: PagePieces): string {
  let html = '';
  for (const piece of pieces) html += pieceText(piece);
  return html;
}

/** The whole of `shared` as a span. */
export function wholeSpan(shared: string): SharedSpan {
  return { shared, from: 0, to: shared.length };
}

/** `pieces` with each run of own strings joined into one. */
export function joinOwn(pieces: PagePieces): PagePieces {
  const out: (string | SharedSpan)[] = [];
  for (const piece of pieces) {
    const last = out.length - 1;
    if (typeof piece === 'string' && typeof out[last] === 'string') out[last] += piece;
    else out.push(piece);
  }
  return out;
}
