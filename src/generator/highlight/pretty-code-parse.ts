/**
 * The HTML parser rehype-pretty-code gets in the CLI bundle (scripts/build-cli.mjs points its `rehype-parse`
 * import here): rehype-parse itself, except that HTML the project's highlighter has just made is answered with
 * the tree it was made from. rehype-pretty-code parses every block's HTML again; the tree handed over is the one
 * parsing would give (a test compares them), so a block is never parsed. Any other HTML is parsed as usual.
 */
import type { Root } from 'hast';
import rehypeParse from 'rehype-parse';
import type { Processor } from 'unified';

let handed: { html: string; tree: Root } | undefined;
let inUse = false;

/** Whether rehype-pretty-code parses with this module (the CLI bundle), so that a tree handed over is taken. */
export function handOverInUse(): boolean {
  return inUse;
}

/** Hands over the tree of `html`, for the next parse of exactly that HTML. */
export function handOver(html: string, tree: Root): void {
  handed = { html, tree };
}

/** rehype-parse, answering handed-over HTML with its tree. */
export default function rehypeParseHandedOver(this: Processor, options?: Parameters<typeof rehypeParse>[0]): void {
  inUse = true;
  rehypeParse.call(this as never, options);
  const parse = this.parser!;
  this.parser = (doc, file) => {
    const mine = handed;
    handed = undefined;
    return mine && mine.html === doc ? mine.tree : parse(doc, file);
  };
}
