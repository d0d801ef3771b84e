// The code blocks of the synthetic corpora: JSX components and code in the other fence languages, from a writer.
import { camel, cap, pascal, third, W } from './corpus-words.mjs';

/** A valid JSX component of `lines` lines (10-25) with identifiers from the PRNG. */
export function jsxComponent(w, lines) {
  const name = pascal(w.pick(W.adj), w.pick(W.noun), w.pick(['Panel', 'View', 'List', 'Card', 'Form', 'Box']));
  const state = camel(w.pick(W.adj), w.pick(W.noun));
  const setter = `set${cap(state)}`;
  const handler = camel('handle', w.pick(W.verb), w.pick(W.noun));
  const items = camel(w.pick(W.noun), 'items');
  const cls = `${w.pick(W.adj)}-${w.pick(W.noun)}`;
  const kind = w.int(0, 3);
  const head = [];
  const body = [];
  if (kind === 0) {
    head.push('import { useState } from "react";', '', `export default function ${name}({ step = ${w.int(1, 5)} }) {`, `  const [${state}, ${setter}] = useState(${w.int(0, 10)});`, `  const ${handler} = () => ${setter}((prev) => prev + step);`);
    body.push(`      <p>Value: {${state}}</p>`, `      <button type="button" onClick={${handler}}>${cap(w.pick(W.verb))}</button>`);
  } else if (kind === 1) {
    head.push(`export default function ${name}({ ${items} = [] }) {`, `  const visible = ${items}.filter((item) => item.${w.pick(['active', 'done', 'shown'])});`);
    body.push(`      <ul>`, `        {visible.map((item) => (`, `          <li key={item.id}>{item.label}</li>`, `        ))}`, `      </ul>`);
  } else if (kind === 2) {
    head.push('import { useState } from "react";', '', `export default function ${name}() {`, `  const [${state}, ${setter}] = useState("");`, `  function ${handler}(event) {`, `    ${setter}(event.target.value);`, '  }');
    body.push(`      <label htmlFor="${cls}">${cap(w.pick(W.noun))}</label>`, `      <input id="${cls}" value={${state}} onChange={${handler}} />`);
  } else {
    head.push('import { useEffect, useState } from "react";', '', `export default function ${name}({ delay = ${w.int(100, 900)} }) {`, `  const [${state}, ${setter}] = useState(0);`, '  useEffect(() => {', `    const id = setInterval(() => ${setter}((n) => n + 1), delay);`, '    return () => clearInterval(id);', '  }, [delay]);');
    body.push(`      <p>Ticks: {${state}}</p>`);
  }
  const open = ['  return (', `    <section className="${cls}">`, `      <h3>${cap(w.pick(W.adj))} ${w.pick(W.noun)}</h3>`];
  const close = ['    </section>', '  );', '}'];
  const fixed = head.length + open.length + body.length + close.length;
  const want = Math.max(fixed, Math.min(25, lines));
  const pad = [];
  for (let i = fixed; i < want; i++) pad.push(`      <p className="${w.pick(W.adj)}-note">${cap(w.pick(W.adj))} ${w.pick(W.noun)} ${third(w.pick(W.verb))} here.</p>`);
  return [...head, ...open, ...body, ...pad, ...close].join('\n');
}

/** Code of `lines` lines (3-60) in `lang`, valid where a parser would read it (jsx, tsx, js, ts, json, css). */
export function codeIn(w, lang, lines) {
  const id = () => camel(w.pick(W.adj), w.pick(W.noun));
  const n = Math.max(3, Math.min(60, lines));
  const repeat = (make) => Array.from({ length: n }, (_, i) => make(i));
  switch (lang) {
    case 'jsx':
      return jsxComponent(w, Math.min(25, n));
    case 'tsx':
      return [`type ${pascal(w.pick(W.noun))}Props = { ${id()}: string };`, `export function ${pascal(w.pick(W.adj), w.pick(W.noun))}(props: ${pascal(w.pick(W.noun))}Props) {`, ...repeat((i) => `  const v${i}: number = ${w.int(0, 99)};`).slice(0, n - 3), '}'].join('\n');
    case 'ts':
      return repeat((i) => `export const ${id()}${i}: ${w.pick(['number', 'string', 'boolean'])} = ${w.pick(['1', '"x"', 'true'])} as never;`).join('\n');
    case 'js':
      return repeat((i) => (i % 3 === 0 ? `// ${w.sentence()}` : `const ${id()}${i} = [${w.int(1, 9)}, ${w.int(1, 9)}].map((n) => n * ${w.int(2, 5)});`)).join('\n');
    case 'bash':
      return repeat(() => `$ ${w.pick(['npm install', 'npm run build', 'npx vite', 'git commit -m', 'cd'])} ${w.pick(W.noun)}-${w.pick(W.noun)}`).join('\n');
    case 'css':
      return repeat((i) => `.${w.pick(W.adj)}-${w.pick(W.noun)}-${i} { color: #${(w.int(0, 0xffffff)).toString(16).padStart(6, '0')}; margin: ${w.int(0, 4)}rem; }`).join('\n');
    case 'json':
      return `{\n${repeat((i) => `  "${id()}${i}": ${w.int(0, 999)}`).slice(0, n - 2).join(',\n')}\n}`;
    case 'html':
      return repeat(() => `<p class="${w.pick(W.adj)}">${cap(w.pick(W.noun))} <a href="/${w.pick(W.noun)}/">${w.pick(W.verb)}</a></p>`).join('\n');
    default:
      return repeat((i) => `${i % 2 ? '+' : '-'} const ${id()} = ${w.int(0, 9)};`).join('\n');
  }
}
