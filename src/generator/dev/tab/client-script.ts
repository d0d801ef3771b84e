/** The dev server's browser side: the live-reload script and the error overlay page. */
import { escapeHtml } from '../../../site/document/escape.js';
import { jsString } from '../../../site/islands/inline-scripts.js';
import type { FramedProblem } from '../../problems/framed-problems.js';
import { OVERLAY_ERRORS_CSS } from './overlay-style.js';

/**
 * Inline script of every dev page (one constant text, so the pages' CSP can hash it). It subscribes to the
 * event stream naming its page. On `update` (content changed, or errors fixed) it loads the update module at
 * `updateUrl` once and morphs the page into its new HTML in place; on `problems` it draws the errors over the
 * page; on `reload` (site code changed) it saves the scroll position and reloads. Updates run one after another,
 * and one that fails falls back to a reload. A tab showing the overlay page reloads on any of them. The overlay
 * page never saves its own position, so the real page comes back where it was (a reload that comes before the
 * restored page has loaded keeps the position still to restore, not the top); the browser's own scroll
 * restoration is switched off for the tab's entry (it would restore the overlay's position), so the script
 * restores on every reload of that entry. On `css` it swaps the stylesheet link for the new URL without a
 * reload. After a reconnect to a restarted dev server it reloads too. `html[data-reactsite-live]` marks a connected tab.
 */
export function devClientScript(eventsUrl: string, updateUrl: string): string {
  return `(function(){var d=document.documentElement,o=d.hasAttribute('data-reactsite-overlay'),p=location.pathname,K='reactsite-scroll:'+p,h=history,n=performance.getEntriesByType('navigation')[0];var pend=null;try{var s=!o&&JSON.parse(sessionStorage.getItem(K)||'null');if(s){sessionStorage.removeItem(K);if(!n||n.type!=='navigate'){pend=s;var go=function(){scrollTo(s.x,s.y)};go();addEventListener('load',function(){go();pend=null})}}}catch(e){}function save(){if(!o)try{sessionStorage.setItem(K,JSON.stringify(pend||{x:scrollX,y:scrollY}))}catch(e){}}function again(){h.scrollRestoration='manual';save();location.reload()}var es=new EventSource(${jsString(eventsUrl)}+'?page='+encodeURIComponent(p));var boot;es.addEventListener('hello',function(e){if(boot&&boot!==e.data)again();boot=e.data;d.setAttribute('data-reactsite-live','')});es.addEventListener('reload',again);var q=Promise.resolve(),U=${jsString(updateUrl)};function run(f){return function(e){if(o)return again();q=q.then(function(){return import(U)}).then(function(m){return f(m,e)}).catch(function(x){console.error(x);again()})}}es.addEventListener('update',run(function(m){return m.update()}));es.addEventListener('problems',run(function(m,e){m.showProblems(JSON.parse(e.data))}));es.addEventListener('css',function(e){[].forEach.call(document.querySelectorAll('link[rel="stylesheet"]'),function(l){var h=l.getAttribute('href')||'';if(h===e.data||!/\\/assets\\/[^\\/]*\\.css$/.test(h))return;var n=l.cloneNode();n.setAttribute('href',e.data);var done=function(){l.remove()};n.addEventListener('load',done);n.addEventListener('error',done);l.after(n)})});addEventListener('pagehide',function(){es.close();if(h.scrollRestoration==='manual')save()})})()`;
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;background:#18181b;color:#e4e4e7;margin:0;padding:2rem}main{max-width:60rem;margin:0 auto}${OVERLAY_ERRORS_CSS}`;

/** The page served in place of HTML pages while a build (or this page's render) has errors. */
export function errorOverlay(problems: readonly FramedProblem[], clientScript: string): string {
  const items = problems
    .map((p) => {
      const where = p.file ? `${p.file}${p.line ? `:${p.line}${p.column ? `:${p.column}` : ''}` : ''}` : '';
      return `<li class="reactsite-error">${where ? `<p class="where">${escapeHtml(where)}</p>` : ''}<p class="message">${escapeHtml(`${p.field ? `${p.field}: ` : ''}${p.message}`)}</p>${p.frame ? `<pre class="frame">${escapeHtml(p.frame)}</pre>` : ''}${p.hint ? `<p class="hint">hint: ${escapeHtml(p.hint)}</p>` : ''}</li>`;
    })
    .join('');
  const n = problems.length;
  return `<!doctype html><html lang="en" data-reactsite-overlay><head><meta charset="utf-8"><title>Build error · reactsite</title><meta name="viewport" content="width=device-width, initial-scale=1"><style>${STYLE}</style></head><body><main role="alert"><h1>Build failed: ${n} error${n === 1 ? '' : 's'}</h1><p>Fix the problem and save: this page comes back by itself.</p><ol class="reactsite-errors">${items}</ol></main><script>${clientScript}</script></body></html>`;
}
