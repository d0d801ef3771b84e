/** Where dev's tutorials went when their slug changed in a session, so that a tab open on the old URL follows. */
import { withBase } from '../../site/seo/urls.js';
import type { Content } from '../content/load-content.js';

/** Old URL path -> new URL path (under the base) of every tutorial whose slug changed this session. */
export class SlugMoves {
  private readonly moved = new Map<string, string>();

  constructor(private readonly base: string) {}

  /** Notes the tutorials of `next` whose slug differs from the one they had in `previous`. */
  note(previous: Content | undefined, next: Content): void {
    if (!previous || previous.tutorials === next.tutorials) return;
    const url = (slug: string) => withBase(this.base, `/tutorial/${slug}/`);
    const slugs = new Map(next.tutorials.map((t) => [t.id, t.slug]));
    for (const t of previous.tutorials) {
      const now = slugs.get(t.id);
      if (now !== undefined && now !== t.slug) this.moved.set(url(t.slug), url(now));
    }
    // A slug in use again is a page, not a move; a move of a move leads to the last place.
    for (const slug of slugs.values()) this.moved.delete(url(slug));
    for (const [from, to] of this.moved) this.moved.set(from, this.moved.get(to) ?? to);
  }

  /** Where the tutorial once at URL path `pathname` (with or without its trailing slash) is now, if it moved. */
  to(pathname: string): string | undefined {
    return this.moved.get(pathname.endsWith('/') ? pathname : `${pathname}/`);
  }
}
