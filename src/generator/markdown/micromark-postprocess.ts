/**
 * micromark's postprocess (micromark 4, micromark-util-subtokenize 2) for the CLI bundle: the same passes over a
 * document's events, each streamed into a new list. The published one runs micromark-util-subtokenize until a pass
 * finds nothing to expand; each pass copies every event of the document four times (into a splice buffer and back)
 * and walks them through its jumps, and the last pass only walks. On a cold build of documentation-like pages that
 * was about 9 % of each thread's time. Here a pass pushes each event once into the next list, puts each expanded
 * chunk's events in its place as it meets the chunk, and no pass follows one that inserted nothing to expand.
 * Chunks are expanded in the same order, by the same tokenizers, so every event, token and position is the same:
 * scripts/bundle-patches/swapped-packages.mjs points micromark's import here; tests/unit/micromark-postprocess.test.ts
 * compares every event with the published postprocess, and the bundle's test every tree with the published packages.
 */
import type { Event, Token, TokenizeContext } from 'micromark-util-types';

/** The document's events with every chunk expanded into its content's events, as micromark's postprocess gives them. */
export function postprocess(events: Event[]): Event[] {
  let input = events;
  for (;;) {
    const pass = expandPass(input);
    if (!pass.insertedMore) return pass.out;
    input = pass.out;
  }
}

/** One pass: every chunk met is expanded; the events inserted are not walked until the next pass. */
function expandPass(input: Event[]): { out: Event[]; insertedMore: boolean } {
  const out: Event[] = [];
  const later = new Map<Token, Event[]>();
  let insertedMore = false;
  const insert = (events: Event[]) => {
    for (const event of events) {
      if (event[0] === 'enter' && event[1].contentType) insertedMore = true;
      out.push(event);
    }
  };
  for (let index = 0; index < input.length; index++) {
    const event = input[index]!;
    const token = event[1];
    if (event[0] === 'exit') {
      if (token._container) moveContainerExit(out, event);
      else out.push(event);
      continue;
    }
    // A chunk expanded earlier in this pass: its enter and exit make way for its part of the content's events.
    const kept = later.size === 0 ? undefined : later.get(token);
    if (kept) {
      later.delete(token);
      insert(kept);
      index++;
      continue;
    }
    if (token.type === 'chunkFlow' && out.length > 0 && out[out.length - 1]![1].type === 'listItemPrefix') markFirstContentOfListItem(token);
    if (token.contentType) {
      insert(expandChunks(event, later));
      index++;
      continue;
    }
    out.push(event);
  }
  return { out, insertedMore };
}

/** GFM's task list hook: the text of a list item's first content learns that it is there. */
function markFirstContentOfListItem(token: Token): void {
  const events = token._tokenizer!.events;
  let index = 0;
  if (index < events.length && events[index]![1].type === 'lineEndingBlank') index += 2;
  if (index < events.length && events[index]![1].type === 'content') {
    while (++index < events.length) {
      if (events[index]![1].type === 'content') break;
      if (events[index]![1].type === 'chunkText') {
        events[index]![1]._isInFirstContentOfListItem = true;
        index++;
      }
    }
  }
}

/** A container's exit goes before the line endings that end it, which become one line ending and blank ones. */
function moveContainerExit(out: Event[], exit: Event): void {
  let index = out.length;
  let lineIndex: number | undefined;
  while (index--) {
    const [kind, token] = out[index]!;
    if (token.type === 'lineEnding' || token.type === 'lineEndingBlank') {
      if (kind === 'enter') {
        if (lineIndex) out[lineIndex]![1].type = 'lineEndingBlank';
        token.type = 'lineEnding';
        lineIndex = index;
      }
    } else if (token.type !== 'linePrefix' && token.type !== 'listItemIndent') break;
  }
  if (lineIndex) {
    exit[1].end = { ...out[lineIndex]![1].start };
    out.splice(lineIndex, 0, exit);
  } else out.push(exit);
}

/**
 * Tokenizes the chain of chunks that starts at `event` as one piece of content and splits its events at the line
 * breaks between the chunks: the first chunk's part is returned, the others are kept in `later` by chunk.
 */
function expandChunks(event: Event, later: Map<Token, Event[]>): Event[] {
  const [, token, context] = event;
  let tokenizer: TokenizeContext | undefined = token._tokenizer;
  if (!tokenizer) {
    tokenizer = context.parser[token.contentType!](token.start);
    if (token._contentTypeTextTrailing) tokenizer._contentTypeTextTrailing = true;
  }
  const chain: Token[] = [];
  let previous: Token | undefined;
  for (let current: Token | undefined = token; current; previous = current, current = current.next) {
    chain.push(current);
    if (current._tokenizer) continue;
    const stream = context.sliceStream(current);
    if (!current.next) stream.push(null);
    if (previous) tokenizer.defineSkip(current.start);
    if (current._isInFirstContentOfListItem) tokenizer._gfmTasklistFirstContentOfListItem = true;
    tokenizer.write(stream);
    if (current._isInFirstContentOfListItem) tokenizer._gfmTasklistFirstContentOfListItem = undefined;
  }
  const childEvents = tokenizer.events;
  // Each chunk but the last ends where the content has an empty token across a line break.
  const breaks = [0];
  let current: Token | undefined = token;
  for (let index = 1; index < childEvents.length; index++) {
    const [kind, child] = childEvents[index]!;
    const [before, opened] = childEvents[index - 1]!;
    if (kind === 'exit' && before === 'enter' && child.type === opened.type && child.start.line !== child.end.line) {
      breaks.push(index + 1);
      current!._tokenizer = undefined;
      current!.previous = undefined;
      current = current!.next;
    }
  }
  tokenizer.events = [];
  if (current) {
    current._tokenizer = undefined;
    current.previous = undefined;
  } else breaks.pop();
  // micromark-util-subtokenize fails or loses events when they differ; a document never makes them differ.
  if (breaks.length !== chain.length) throw new Error(`Markdown parsing: ${breaks.length} parts of content for ${chain.length} chunks`);
  for (let k = 1; k < chain.length; k++) later.set(chain[k]!, childEvents.slice(breaks[k], breaks[k + 1]));
  return childEvents.slice(0, breaks[1]);
}
