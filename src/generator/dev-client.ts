/** The dev server's browser side: the live-reload script and the error overlay page. */
import { escapeHtml } from '../site/document/escape.js';
import { jsString } from '../site/islands/inline-scripts.js';
import { formatProblem, type Problem } from './errors.js';

/** Inline script: listens for reloads (keeping the scroll position) and for build problems. */
export function devClientScript(eventsUrl: string): string {
  return `(function(){var k='reactsite-scroll';try{var y=sessionStorage.getItem(k);if(y!==null){sessionStorage.removeItem(k);addEventListener('load',function(){scrollTo(0,+y)})}}catch(e){}var es=new EventSource(${jsString(eventsUrl)});function again(){try{sessionStorage.setItem(k,String(scrollY))}catch(e){}location.reload()}es.addEventListener('reload',again);es.addEventListener('problems',again)})()`;
}

/** The page shown instead of every HTML page while the last build failed. */
export function errorOverlay(problems: readonly Problem[], clientScript: string): string {
  const items = problems.map((p) => `<li><pre>${escapeHtml(formatProblem(p))}</pre></li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build error · reactsite</title><meta name="viewport" content="width=device-width, initial-scale=1"><style>body{font:15px/1.5 system-ui,sans-serif;background:#1b1b1f;color:#eee;margin:0;padding:2rem}h1{color:#ff6b6b;font-size:1.4rem}ul{list-style:none;padding:0}pre{background:#2a1215;border-left:4px solid #ff6b6b;padding:1rem;white-space:pre-wrap;overflow:auto}</style></head><body><h1>Build failed</h1><p>Fix the problem below and save: this page reloads by itself.</p><ul class="reactsite-errors">${items}</ul><script>${clientScript}</script></body></html>`;
}
