/**
 * A page's facts read from its pieces (see PagePieces). A page's own pieces are scanned as they come; a string many
 * pages share (the sidebar's list of a category: on real documentation up to 250 kB of each page) is scanned once,
 * its findings kept with where they are, and each span of it takes the findings inside it. The facts are those
 * htmlFacts reads off the joined page (tests/unit/piece-facts.test.ts compares them).
 */
import type { PagePieces, SharedSpan } from '../../site/types.js';
import { piecesText } from '../../site/document/page-pieces.js';
import { attributeFact, decodeAttr, eachAttribute, h1Starts, headFacts, htmlFacts, jsonLdBlocks, refreshIn, type HtmlFacts } from './html-facts.js';

/** One finding in a shared string, from `start` to `end`. */
interface Finding { start: number; end: number; urls?: string[]; id?: string; h1?: true; jsonLd?: string; refresh?: string }

/** Everything a shared string holds that the facts read, in order of where it starts. */
function findingsOf(html: string): Finding[] {
  const found: Finding[] = [];
  eachAttribute(html, (name, raw, start, end) => found.push({ start, end, ...attributeFact(name, raw) }));
  for (const start of h1Starts(html)) found.push({ start, end: start + 3, h1: true });
  for (const b of jsonLdBlocks(html)) found.push({ start: b.start, end: b.end, jsonLd: b.text });
  const refresh = refreshIn(html);
  if (refresh) found.push({ start: refresh.start, end: refresh.end, refresh: refresh.url });
  return found.sort((a, b) => a.start - b.start);
}

/** The index of the first finding that starts at or after `at`. */
function firstFrom(found: readonly Finding[], at: number): number {
  let lo = 0;
  let hi = found.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (found[mid]!.start < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The facts of pages made of pieces, with the findings of each shared string kept for the next page. */
export class PieceFacts {
  private readonly found = new Map<string, Finding[]>();

  /** The facts of the page `pieces` make; its head must be in its first piece (else the joined page is read). */
  of(pieces: PagePieces): HtmlFacts {
    const first = pieces[0];
    const headEnd = typeof first === 'string' ? first.indexOf('</head>') : -1;
    if (headEnd < 0) return htmlFacts(piecesText(pieces));
    const urls: string[] = [];
    const ids = new Set<string>();
    const jsonLd: string[] = [];
    let h1 = 0;
    let refresh: string | undefined;
    for (const piece of pieces) {
      if (typeof piece !== 'string') {
        for (const f of this.within(piece)) {
          if (f.urls) for (const url of f.urls) urls.push(url);
          else if (f.id !== undefined) ids.add(f.id);
          else if (f.h1) h1++;
          else if (f.jsonLd !== undefined) jsonLd.push(f.jsonLd);
          else if (refresh === undefined) refresh = f.refresh;
        }
        continue;
      }
      eachAttribute(piece, (name, raw) => {
        const fact = attributeFact(name, raw);
        if ('id' in fact) ids.add(fact.id);
        else for (const url of fact.urls) urls.push(url);
      });
      h1 += h1Starts(piece).length;
      for (const b of jsonLdBlocks(piece)) jsonLd.push(b.text);
      refresh ??= refreshIn(piece)?.url;
    }
    if (refresh) urls.push(decodeAttr(refresh));
    const head = headFacts((first as string).slice(0, headEnd));
    return { urls, ids, h1, title: head.title, description: head.description, canonical: head.canonical, refresh: refresh && decodeAttr(refresh), jsonLd, metaImages: head.metaImages };
  }

  /** The findings of a span: those of its shared string inside it. One that crosses its edge is a renderer bug. */
  private within(span: SharedSpan): Finding[] {
    let found = this.found.get(span.shared);
    if (!found) this.found.set(span.shared, (found = findingsOf(span.shared)));
    const out: Finding[] = [];
    let i = firstFrom(found, span.from);
    if (i > 0 && found[i - 1]!.end > span.from) throw new Error(`a page piece starts inside an attribute or element: ${JSON.stringify(span.shared.slice(found[i - 1]!.start, found[i - 1]!.end))}`);
    for (; i < found.length && found[i]!.start < span.to; i++) {
      if (found[i]!.end > span.to) throw new Error(`a page piece ends inside an attribute or element: ${JSON.stringify(span.shared.slice(found[i]!.start, found[i]!.end))}`);
      out.push(found[i]!);
    }
    return out;
  }
}
