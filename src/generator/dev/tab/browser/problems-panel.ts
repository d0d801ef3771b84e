/** Dev's error overlay drawn over the page (browser code): the same content as the overlay page, built from text nodes. */
import type { FramedProblem } from '../../../problems/framed-problems.js';
import { OVERLAY_ERRORS_CSS } from '../overlay-style.js';

/** The overlay element's id. */
export const PANEL_ID = 'reactsite-problems';

const STYLE = `:host{all:initial;position:fixed;inset:0;z-index:2147483647;overflow:auto;background:rgb(24 24 27/.97);color:#e4e4e7;font:15px/1.5 system-ui,sans-serif}main{max-width:60rem;margin:0 auto;padding:2rem}${OVERLAY_ERRORS_CSS}`;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls: string | undefined, text?: string, ...children: Node[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  e.append(...children);
  return e;
}

/** A panel (in its own shadow root, so the page's CSS and the panel's never meet) listing `problems`. */
export function problemsPanel(problems: readonly FramedProblem[]): HTMLElement {
  const host = el('div', undefined);
  host.id = PANEL_ID;
  host.setAttribute('role', 'alert');
  const root = host.attachShadow({ mode: 'open' });
  const items = problems.map((p) => {
    const where = p.file ? `${p.file}${p.line ? `:${p.line}${p.column ? `:${p.column}` : ''}` : ''}` : '';
    const li = el('li', 'reactsite-error');
    if (where) li.append(el('p', 'where', where));
    li.append(el('p', 'message', `${p.field ? `${p.field}: ` : ''}${p.message}`));
    if (p.frame) li.append(el('pre', 'frame', p.frame));
    if (p.hint) li.append(el('p', 'hint', `hint: ${p.hint}`));
    return li;
  });
  const n = problems.length;
  root.append(el('style', undefined, STYLE), el('main', undefined, undefined, el('h1', undefined, `Build failed: ${n} error${n === 1 ? '' : 's'}`), el('p', undefined, 'Fix the problem and save: the page comes back by itself, where it was.'), el('ol', 'reactsite-errors', undefined, ...items)));
  return host;
}
