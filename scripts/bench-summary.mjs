// The summary that ends `npm run bench`: one table per section, from the rows the sections collected.
import os from 'node:os';
import { COUNTS } from './bench-projects.mjs';
import { fmtBytes, fmtKb, fmtMs, median } from './bench-run.mjs';
import { PAGE_TYPES } from './bench-weight.mjs';

/** The stages the CLI times (REACTSITE_TIMINGS=1) that get a column of their own. */
const STAGES = ['load', 'markdown', 'bundle', 'pages', 'render', 'integrity', 'write'];

/**
 * Prints the summary tables of `results`; `loads` are the load averages sampled during the run, `srcSeen` the src/
 * fingerprints builds ran with (more than one means src/ changed mid-run), `totalMs` the bench's own time.
 */
export function printSummary(results, { loads, srcSeen, totalMs: total, log }) {
  log('\n## Summary\n');
  if (srcSeen.size > 1) log(`⚠ src/ changed during the run (${srcSeen.size} versions: ${[...srcSeen].join(', ')}): builds measured different code; see [src …] in the log.\n`);
  log(`Node ${process.version}, ${os.cpus().length} CPU, load average during the run ${median(loads)?.toFixed(1)} median / ${Math.max(...loads).toFixed(1)} max; bench took ${fmtMs(total)}.`);
  if (results.builds.length) {
    log('\n| build | pages | rendered / reused | wall | ms/page | peak RSS | out/ size | HTML/tutorial | load | markdown² | bundle¹ | pages³ | render⁴ | integrity | write | other stages |');
    log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const b of results.builds) {
      const t = (k) => (b.timings && b.timings[k] !== undefined ? fmtMs(b.timings[k]) : 'n/a');
      const other = b.timings ? Object.keys(b.timings).filter((k) => !STAGES.includes(k) && !COUNTS.includes(k)).map((k) => `${k} ${fmtMs(b.timings[k])}`).join(', ') || '' : 'n/a';
      const counts = b.timings?.rendered !== undefined ? `${b.timings.rendered} / ${b.timings.reused}` : 'n/a';
      const runs = b.runs > 1 ? ` (median of ${b.okRuns})` : '';
      if (!b.okRuns) log(`| ${b.name} ${b.mode} | failed after ${fmtMs(b.failed?.wallMs)}, peak RSS ${fmtKb(b.failed?.peakRssKb)}: ${b.error?.replace(/\|/g, '/')} |||||||||||||||`);
      else log(`| ${b.name} ${b.mode}${runs} | ${b.pages} | ${counts} | ${fmtMs(b.wallMs)} | ${b.msPerPage.toFixed(1)} | ${fmtKb(b.peakRssKb)} | ${fmtBytes(b.outBytes)} | ${fmtBytes(Math.round(b.tutorialHtmlAvg ?? NaN))} | ${t('load')} | ${t('markdown')} | ${t('bundle')} | ${t('pages')} | ${t('render')} | ${t('integrity')} | ${t('write')} | ${other} |`);
    }
    log('\n¹ stage times come from the CLI (REACTSITE_TIMINGS=1); bundling runs concurrently with load and markdown, so stages overlap and do not add up to the wall time. Peak RSS is `/usr/bin/time -v` of the build process (worker threads included).');
    log('² Markdown of the static pages (tutorial bodies are part of "pages"). ³ Tutorial pages: Markdown, highlighting, rendering and writing together, per page, on every core (or linking them from the page store). ⁴ The other pages (landing, hub, static, 404, redirects) on the main thread.');
  }
  if (results.eleventy?.length) {
    log('\n| corpus | reactsite cold | Eleventy 3 (same bodies) | ratio |');
    log('| --- | ---: | ---: | ---: |');
    for (const e of results.eleventy) log(`| ${e.name} | ${fmtMs(e.ours)} | ${fmtMs(e.ms)} | ${e.ours ? (e.ours / e.ms).toFixed(2) : 'n/a'}x |`);
  }
  if (results.weight) {
    const br = results.browser ?? {};
    log('\n| page | HTML raw / gzip | CSS raw / gzip | JS chunks before interaction raw / gzip | inline JS | all JS run before interaction, gzip (budget 2 kB) | requests (files) | Chromium: requests · JS · CSS transferred |');
    log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const p of PAGE_TYPES) {
      const w = results.weight[p.name];
      const b = br[p.name];
      log(`| ${p.name} \`${p.path}\` | ${fmtBytes(w.html.raw)} / ${fmtBytes(w.html.gzip)} | ${fmtBytes(w.css.raw)} / ${fmtBytes(w.css.gzip)} | ${fmtBytes(w.js.raw)} / ${fmtBytes(w.js.gzip)} | ${fmtBytes(w.inlineJs.raw)} | ${fmtBytes(w.beforeInteraction.gzip)} | ${w.requests} | ${b ? `${b.requests} · ${fmtBytes(b.jsBytes)} · ${fmtBytes(b.cssBytes)}` : 'n/a'} |`);
    }
  }
  if (results.lighthouse) {
    log('\n| Lighthouse (median of the runs) | runs | perf | a11y | best practices | SEO | LCP | TBT | CLS | benchmarkIndex |');
    log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    const groups = new Map();
    for (const r of results.lighthouse) groups.set(`${r.page} (${r.formFactor})`, [...(groups.get(`${r.page} (${r.formFactor})`) ?? []), r]);
    for (const [name, rs] of groups) {
      const ok = rs.filter((r) => !r.error);
      if (!ok.length) {
        log(`| ${name} | could not run: ${rs[0].error.replace(/\|/g, '/')} |||||||||`);
        continue;
      }
      const m = (f) => median(ok.map(f));
      log(`| ${name} | ${ok.length} | ${m((r) => r.scores.performance)} | ${m((r) => r.scores.accessibility)} | ${m((r) => r.scores['best-practices'])} | ${m((r) => r.scores.seo)} | ${fmtMs(m((r) => r.lcp))} | ${fmtMs(m((r) => r.tbt))} | ${m((r) => r.cls)?.toFixed(3)} | ${Math.round(m((r) => r.benchmarkIndex ?? 0))} |`);
    }
  }
  if (results.islands) {
    log('\n| first interaction (CPU 4x slower) | INP | on screen after |');
    log('| --- | ---: | ---: |');
    for (const [name, w] of Object.entries(results.islands.widgets)) log(`| ${name} | ${fmtMs(w.inp)} | ${fmtMs(w.effect)} |`);
    log(`\nJS run before any interaction (Chromium, gzip): ${Object.entries(results.islands.executed).map(([k, e]) => `${k} ${fmtBytes(e.gzip)}`).join(' · ')}`);
  }
  if (results.dev) log(`\nDev latency: ${results.dev.skipped ?? 'see the "Dev server latency" section above'}`);
  if (results.failures.length) log(`\nFailed sections:\n${results.failures.map((f) => `- ${f}`).join('\n')}`);
}
