// Measures `reactsite dev`: first-build time (cold and warm Markdown cache) and edit-to-reload latency, the time
// from writing a source file to the reload message reaching a connected Server-Sent Events client.
//   node scripts/bench-dev.mjs [--edits 20] [--tutorial react-jsx]
// It runs on a temporary copy of the real project's content/ and public/, and of src/site (through
// REACTSITE_SITE_DIR), so the working tree is never edited.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const EDITS = Number(arg('edits', '20'));
const TUTORIAL = arg('tutorial', 'react-jsx');
const COMPONENT = 'components/SiteFooter.tsx';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const fmt = (xs) => `p50 ${pct(xs, 50).toFixed(0)} ms, p95 ${pct(xs, 95).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)}, n=${xs.length})`;

/** Starts `reactsite dev` and resolves with its URL and first-build time once it prints its address. */
function startDev(root, siteDir) {
  const child = spawn(process.execPath, [path.join(REPO, 'bin', 'reactsite'), 'dev', '--root', root, '--port', '0'], { cwd: REPO, env: { ...process.env, REACTSITE_SITE_DIR: siteDir }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stderr.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const m = /reactsite dev: (http:\/\/\S+)\s+\((\d+) pages, first build (\d+) ms\)/.exec(out);
      if (m) resolve({ child, url: m[1], pages: Number(m[2]), firstBuildMs: Number(m[3]), output: () => out });
    });
    child.on('exit', (code) => reject(new Error(`dev exited with ${code}:\n${out}`)));
  });
}

/** Connects to the event stream as a tab showing `page`; `next(event)` resolves at the next such event. */
function connect(url, page) {
  const waiting = [];
  return new Promise((resolve, reject) => {
    const req = http.get(`${url}__reactsite/events?page=${encodeURIComponent(page)}`, (res) => {
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buf += chunk;
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          if (!event || event === 'hello') continue;
          const at = performance.now();
          for (const w of waiting.splice(0)) w({ event, at });
        }
      });
      resolve({ next: () => new Promise((r) => waiting.push(r)), close: () => req.destroy() });
    });
    req.on('error', reject);
  });
}

async function fetchText(url) {
  return new Promise((resolve, reject) => http.get(url, (res) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (d) => (body += d));
    res.on('end', () => resolve(body));
  }).on('error', reject));
}

/** Writes `text` to `file` and resolves with the ms until the next reload event (and that event's name). */
async function timedEdit(stream, file, text) {
  const next = stream.next();
  const t0 = performance.now();
  fs.writeFileSync(file, text);
  const { event, at } = await Promise.race([next, sleep(10_000).then(() => ({ event: 'timeout', at: NaN }))]);
  return { ms: at - t0, event };
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-bench-dev-'));
const root = path.join(tmp, 'project');
const siteDir = path.join(tmp, 'site');
fs.cpSync(path.join(REPO, 'content'), path.join(root, 'content'), { recursive: true });
fs.cpSync(path.join(REPO, 'public'), path.join(root, 'public'), { recursive: true });
fs.cpSync(path.join(REPO, 'src', 'site'), siteDir, { recursive: true });
console.log(`reactsite dev benchmark: ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, ${EDITS} edits each`);

let dev;
try {
  dev = await startDev(root, siteDir);
  console.log(`first build, cold Markdown cache:  ${dev.firstBuildMs} ms (${dev.pages} pages)`);
  dev.child.kill('SIGINT');
  await new Promise((r) => dev.child.once('exit', r));
  dev = await startDev(root, siteDir);
  console.log(`first build, warm Markdown cache:  ${dev.firstBuildMs} ms`);

  const page = `/tutorial/${TUTORIAL}/`;
  const stream = await connect(dev.url, page);
  await sleep(2000); // the open tab's Markdown is highlighted once in the background, as after opening a page

  const bodyFile = path.join(root, 'content', 'tutorials', `${TUTORIAL}.md`);
  const original = fs.readFileSync(bodyFile, 'utf8');
  const body = [];
  for (let i = 0; i < EDITS; i++) {
    const token = `Benchmark edit ${i} ${Date.now()}`;
    const r = await timedEdit(stream, bodyFile, `${original}\n\n${token}.\n`);
    if (r.event !== 'reload') throw new Error(`body edit ${i}: got ${r.event}\n${dev.output()}`);
    if (!(await fetchText(`${dev.url.replace(/\/$/, '')}${page}`)).includes(token)) throw new Error(`body edit ${i}: the page does not show the edit`);
    body.push(r.ms);
    await sleep(200);
  }
  fs.writeFileSync(bodyFile, original);
  await stream.next();
  await sleep(300);

  const componentFile = path.join(siteDir, COMPONENT);
  const source = fs.readFileSync(componentFile, 'utf8');
  if (!source.includes('<footer')) throw new Error(`${COMPONENT} has no <footer to edit`);
  const edits = [];
  const restores = [];
  for (let i = 0; i < EDITS; i++) {
    const r = await timedEdit(stream, componentFile, source.replace('<footer', `<footer data-bench="${i}"`));
    if (r.event !== 'reload') throw new Error(`component edit ${i}: got ${r.event}\n${dev.output()}`);
    if (!(await fetchText(`${dev.url.replace(/\/$/, '')}${page}`)).includes(`data-bench="${i}"`)) throw new Error(`component edit ${i}: the page does not show the edit`);
    edits.push(r.ms);
    await sleep(200);
    const back = await timedEdit(stream, componentFile, source);
    if (back.event !== 'reload') throw new Error(`component restore ${i}: got ${back.event}`);
    restores.push(back.ms);
    await sleep(200);
  }
  stream.close();
  console.log(`body edit -> reload:       ${fmt(body)}   (target p50 < 100, p95 < 250)`);
  console.log(`component edit -> reload:  ${fmt(edits)}   (target < 500)`);
  console.log(`component restore -> reload: ${fmt(restores)}`);
} finally {
  if (dev) {
    dev.child.kill('SIGINT');
    await new Promise((r) => dev.child.once('exit', r));
  }
  fs.rmSync(tmp, { recursive: true, force: true });
}
