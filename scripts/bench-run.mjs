// Benchmark plumbing: runs the real CLI in child processes (wall time, peak RSS, stage timings), tracks every
// child it starts so they can be stopped by id, and small helpers (median, formatting, a free port).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The reactsite package root (this repository). */
export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The CLI entry point the benchmark runs, exactly as a user would. */
export const BIN = path.join(REPO, 'bin', 'reactsite');

const running = new Map();

/** Starts a child in its own process group and remembers it until it exits. */
export function startChild(cmd, args, opts = {}) {
  const child = spawn(cmd, args, { ...opts, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running.set(child.pid, child);
  child.on('exit', () => running.delete(child.pid));
  return child;
}

/** Stops one child started here (its whole process group), by id. */
export function stopChild(child, signal = 'SIGTERM') {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/** Stops every child still running (used on exit and on Ctrl-C). */
export function stopAll() {
  for (const c of running.values()) stopChild(c, 'SIGKILL');
}

/** Resolves `{ code, signal }` when the child exits. */
export function exited(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.on('exit', (code, signal) => resolve({ code, signal }));
  });
}

/** Reads a file of whole text, or undefined. */
function readOr(p) {
  try {
    return fs.readFileSync(p, 'utf8');
  } catch {
    return undefined;
  }
}

/** pid and every descendant, through /proc/<pid>/task/<pid>/children. */
function processTree(pid) {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    const kids = readOr(`/proc/${out[i]}/task/${out[i]}/children`);
    if (kids) out.push(...kids.trim().split(/\s+/).filter(Boolean).map(Number));
  }
  return out;
}

/** A field of /proc/<pid>/status in kB, or 0. */
function statusKb(pid, field) {
  const m = readOr(`/proc/${pid}/status`)?.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  return m ? Number(m[1]) : 0;
}

let timeTool;
/** Path of GNU time (`/usr/bin/time -v`), installing Debian's `time` package once when missing and root. */
export function gnuTime(log = console.log) {
  if (timeTool !== undefined) return timeTool;
  const ok = () => fs.existsSync('/usr/bin/time') && spawnSync('/usr/bin/time', ['-v', 'true'], { encoding: 'utf8' }).stderr?.includes('Maximum resident set size');
  if (!ok() && process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    log('  /usr/bin/time is missing: installing the Debian package `time` with apt-get');
    spawnSync('apt-get', ['install', '-y', '-q', 'time'], { stdio: 'ignore', timeout: 180_000 });
  }
  timeTool = ok() ? '/usr/bin/time' : null;
  if (!timeTool) log('  /usr/bin/time unavailable: peak RSS comes from polling /proc/<pid>/status VmHWM');
  return timeTool;
}

/**
 * Parses the CLI's `timings: {...}` line (printed with REACTSITE_TIMINGS=1) into flat numbers: the worker pool's
 * `threads` counts become `workerPages` (tutorial pages rendered on worker threads); null when absent.
 */
export function parseTimings(stdout) {
  const m = stdout.match(/^timings: (\{.*\})\s*$/m);
  if (!m) return null;
  try {
    const { threads, ...rest } = JSON.parse(m[1]);
    return threads ? { ...rest, workerPages: threads.pages.workers } : rest;
  } catch {
    return null;
  }
}

/**
 * Runs `reactsite build` in a child process and measures it.
 * Resolves to { ok, code, wallMs, peakRssKb, treePeakKb, pages, timings, stdout, stderr, error }.
 * `maxRssKb` stops the build (whole tree) when its sampled RSS exceeds it; `timeoutMs` likewise.
 */
export async function runBuild({ root, out, cache = true, extraArgs = [], env = {}, timeoutMs = 45 * 60_000, maxRssKb = Infinity }) {
  const args = [BIN, 'build', '--root', root, '--out', out, ...(cache ? [] : ['--no-cache']), ...extraArgs];
  const time = gnuTime();
  const t0 = performance.now();
  const child = startChild(time ?? process.execPath, time ? ['-v', process.execPath, ...args] : args, { cwd: REPO, env: { ...process.env, REACTSITE_TIMINGS: '1', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  let treePeakKb = 0;
  let hwmKb = 0;
  let killedFor;
  const sample = () => {
    const tree = processTree(child.pid);
    const rss = tree.reduce((s, p) => s + statusKb(p, 'VmRSS'), 0);
    treePeakKb = Math.max(treePeakKb, rss);
    for (const p of tree.slice(time ? 1 : 0)) hwmKb = Math.max(hwmKb, statusKb(p, 'VmHWM'));
    if (rss > maxRssKb && !killedFor) {
      killedFor = `stopped by the benchmark: RSS ${fmtKb(rss)} exceeded the limit ${fmtKb(maxRssKb)}`;
      stopChild(child, 'SIGKILL');
    }
    if (performance.now() - t0 > timeoutMs && !killedFor) {
      killedFor = `stopped by the benchmark after ${Math.round(timeoutMs / 1000)} s`;
      stopChild(child, 'SIGKILL');
    }
  };
  const timer = setInterval(sample, 200);
  const { code, signal } = await exited(child);
  clearInterval(timer);
  const wallMs = performance.now() - t0;
  const maxrss = stderr.match(/Maximum resident set size \(kbytes\): (\d+)/);
  const built = stdout.match(/built (\d+) pages in ([\d.]+) s/);
  const cliErr = stderr.replace(/\tCommand being timed:[\s\S]*$/, '').replace(/Command exited with non-zero status \d+\s*$/, '').trim();
  const ok = code === 0 && !!built && !killedFor;
  return {
    ok,
    code,
    wallMs,
    cliSeconds: built ? Number(built[2]) : undefined,
    peakRssKb: maxrss ? Number(maxrss[1]) : hwmKb || undefined,
    rssSource: maxrss ? 'time -v' : 'VmHWM',
    treePeakKb,
    pages: built ? Number(built[1]) : undefined,
    timings: parseTimings(stdout),
    stdout,
    stderr: cliErr,
    error: ok ? undefined : killedFor ?? `exit ${code ?? signal}: ${failureReason(cliErr || stdout)}`,
  };
}

/** The useful part of a failed build's output: V8's fatal error line if any, else its last lines. */
export function failureReason(text) {
  const fatal = text.match(/^.*FATAL ERROR:.*$/m);
  if (fatal) return fatal[0].replace(/^[\s\d:]*\s*/, '').trim();
  return lastLines(text.replace(/^\s*\d+: 0x[0-9a-f]+ .*$/gm, ''), 6);
}

/** The last n non-empty lines of a text, joined with " | ". */
export function lastLines(text, n) {
  return text.split('\n').map((l) => l.trim()).filter(Boolean).slice(-n).join(' | ');
}

/** Median of numbers (undefined for none). */
export function median(xs) {
  const v = xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return undefined;
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

/** Milliseconds as "850 ms" or "12.3 s". */
export function fmtMs(ms) {
  if (ms === undefined || ms === null || Number.isNaN(ms)) return 'n/a';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 100_000 ? 2 : 1)} s`;
}

/** kilobytes as "345 MB" / "2.71 GB". */
export function fmtKb(kb) {
  if (!kb) return 'n/a';
  return kb < 1024 * 1024 ? `${Math.round(kb / 1024)} MB` : `${(kb / 1024 / 1024).toFixed(2)} GB`;
}

/** bytes as "812 B", "12.4 kB", "3.10 MB" (1 kB = 1000 B, as browsers and Lighthouse count). */
export function fmtBytes(b) {
  if (b === undefined || b === null || Number.isNaN(b)) return 'n/a';
  if (b < 1000) return `${b} B`;
  if (b < 1e6) return `${(b / 1000).toFixed(1)} kB`;
  return `${(b / 1e6).toFixed(2)} MB`;
}

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Starts `reactsite preview --out dir` on a free port; resolves to { url, stop }. */
export async function startPreview(outDir) {
  const port = await freePort();
  const child = startChild(process.execPath, [BIN, 'preview', '--out', outDir, '--port', String(port)], { cwd: REPO });
  let text = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`preview did not start in 20 s: ${text}`)), 20_000);
    const on = (d) => {
      text += d;
      const m = text.match(/preview: (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace(/\/$/, ''));
      }
    };
    child.stdout.on('data', on);
    child.stderr.on('data', on);
    child.on('exit', (c) => reject(new Error(`preview exited (${c}): ${text}`)));
  });
  return { url, stop: async () => (stopChild(child), await exited(child)) };
}

/** Total memory of the machine and what is available now, in kB. */
export function memInfo() {
  const t = readOr('/proc/meminfo') ?? '';
  const f = (k) => Number(t.match(new RegExp(`^${k}:\\s+(\\d+)`, 'm'))?.[1] ?? 0);
  return { totalKb: f('MemTotal') || os.totalmem() / 1024, availableKb: f('MemAvailable') || os.freemem() / 1024 };
}
