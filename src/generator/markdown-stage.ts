/** Stage 3 driver: Markdown for every tutorial body and static page, through the on-disk cache. */
import path from 'node:path';
import { problem, ReactsiteError, type Problem } from './errors.js';
import type { Content, SourceDoc } from './load.js';
import { MarkdownCache } from './markdown-cache.js';
import { renderMarkdown, type MarkdownResult } from './markdown.js';
import type { BuildOptions } from './options.js';
import { toolVersions } from './paths.js';

/** Markdown for every tutorial body and static page, through the on-disk cache. */
export async function renderBodies(content: Content, opts: BuildOptions): Promise<Map<string, MarkdownResult>> {
  const cache = new MarkdownCache(path.join(opts.root, '.cache', 'reactsite', 'md'), toolVersions(), opts.cache);
  const allowRawHtml = content.site.allowRawHtml;
  const docs: SourceDoc[] = [...content.bodies.values(), ...[...content.pages.values()].map((p) => ({ ...p, content: p.content.replaceAll('{email}', content.site.email) }))];
  const out = new Map<string, MarkdownResult>();
  const problems: Problem[] = [];
  await Promise.all(
    docs.map(async (doc) => {
      const key = cache.key(doc.content, `${allowRawHtml}:${doc.bodyLine}:${doc.file}`);
      let result = cache.get(key);
      if (!result) {
        try {
          result = await renderMarkdown(doc.content, { file: doc.file, bodyLine: doc.bodyLine, allowRawHtml });
        } catch (e) {
          return void problems.push(problem(`Markdown could not be rendered: ${(e as Error).message}`, { file: doc.file, hint: 'check the code fences and tables near the end of the error' }));
        }
        cache.set(key, result);
      }
      out.set(doc.file, result);
    }),
  );
  if (problems.length) throw new ReactsiteError(problems);
  return out;
}
