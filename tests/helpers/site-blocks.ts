/** The real site's code blocks, read as the build reads them (front matter left out, every fence). */
import fs from 'node:fs';
import fg from 'fast-glob';
import matter from 'gray-matter';
import type { CodeBlock } from '../../src/generator/highlight/highlight-code.js';
import { fencedCode } from '../../src/generator/highlight/fenced-code.js';

/** Every fenced block of the site's Markdown under content/ (tutorials and static pages), in file order. */
export function siteBlocks(): CodeBlock[] {
  return fg.sync('content/**/*.md').flatMap((file) => fencedCode(matter(fs.readFileSync(file, 'utf8')).content));
}
