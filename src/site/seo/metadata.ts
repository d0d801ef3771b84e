/** Pure metadata rules of the spec: description cut, keyword/tag/teaches limits, difficulty, read time. */

/** Longest meta description kept whole; longer ones are cut to 157 characters plus an ellipsis. */
export const MAX_DESCRIPTION = 160;
/** At most this many keywords in the keywords meta tag. */
export const MAX_KEYWORDS = 15;
/** At most this many tags under "Tutorial Tags". */
export const MAX_TAGS = 5;
/** At most this many `teaches` entries in JSON-LD. */
export const MAX_TEACHES = 5;

/** The meta description: unchanged up to 160 characters, else the first 157 plus "...". */
export function metaDescription(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return [...clean].length > MAX_DESCRIPTION ? `${[...clean].slice(0, MAX_DESCRIPTION - 3).join('')}...` : clean;
}

/** The keywords meta content: unique, trimmed, at most 15, comma separated. */
export function metaKeywords(keywords: readonly string[]): string {
  return unique(keywords).slice(0, MAX_KEYWORDS).join(', ');
}

/** The article's "Tutorial Tags": at most 5 unique keywords. */
export function articleTags(keywords: readonly string[]): string[] {
  return unique(keywords).slice(0, MAX_TAGS);
}

/** JSON-LD `teaches`: at most 5 entries. */
export function teaches(list: readonly string[]): string[] {
  return unique(list).slice(0, MAX_TEACHES);
}

/** Difficulty as reported in metadata: Beginner, Intermediate or Advanced; anything else is Beginner. */
export function metadataDifficulty(difficulty: string): 'Beginner' | 'Intermediate' | 'Advanced' {
  const d = difficulty.trim().toLowerCase();
  if (d === 'intermediate') return 'Intermediate';
  if (d === 'advanced') return 'Advanced';
  return 'Beginner';
}

/** Badge colour class of a difficulty: Beginner green, Intermediate yellow, anything else red. */
export function difficultyTone(difficulty: string): 'green' | 'yellow' | 'red' {
  const d = difficulty.trim().toLowerCase();
  return d === 'beginner' ? 'green' : d === 'intermediate' ? 'yellow' : 'red';
}

/** Reading speed used for computed read times, in words per minute. */
export const WORDS_PER_MINUTE = 200;

/** "N min read" from a word count (at least 1 minute). */
export function readTime(words: number): string {
  return `${Math.max(1, Math.round(words / WORDS_PER_MINUTE))} min read`;
}

/** ISO 8601 duration for JSON-LD `timeRequired`, from a word count. */
export function readDuration(words: number): string {
  return `PT${Math.max(1, Math.round(words / WORDS_PER_MINUTE))}M`;
}

function unique(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    const k = raw.trim();
    if (k && !seen.has(k.toLowerCase())) {
      seen.add(k.toLowerCase());
      out.push(k);
    }
  }
  return out;
}

/** The longest `<title>` search engines show in full (and html-validate's \`long-title\` limit). */
export const TITLE_MAX = 70;

/**
 * A page's `<title>`: "{title} | {site}" when that fits in 70 characters, else the title alone, cut at a word
 * with an ellipsis if even that is longer (the page's h1, og:title and JSON-LD keep the whole title).
 */
export function pageTitle(title: string, siteName?: string): string {
  const full = siteName ? `${title} | ${siteName}` : title;
  if (full.length <= TITLE_MAX) return full;
  if (title.length <= TITLE_MAX) return title;
  // Never half a character: a high surrogate left at the end would print as "�".
  const cut = title.slice(0, TITLE_MAX - 1).replace(/[\uD800-\uDBFF]$/, '');
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,:;|–-]+$/, '')}…`;
}
