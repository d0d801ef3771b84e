/**
 * A highlighting thread's start: Shiki's loader is given Oniguruma's WebAssembly as an instantiator, so it never
 * asks whether its input is a fetch Response, whose first use loads Node's fetch (undici, 25-65 ms a thread).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const HIGHLIGHT = pathToFileURL(path.resolve('src/generator/highlight/highlight-code.ts')).href;

describe('a highlighter in a fresh process', () => {
  it('highlights without loading Node\'s fetch', () => {
    const script = `const { CodeHighlighter } = await import(${JSON.stringify(HIGHLIGHT)});
const [runs] = await new CodeHighlighter().highlight([{ lang: 'jsx', text: 'const a = <b>{1}</b>;' }]);
console.log(JSON.stringify({ runs: runs.length, fetch: process.moduleLoadList.filter((m) => m.includes('undici')) }));`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout.trim().split('\n').pop()!)).toEqual({ runs: 1, fetch: [] });
  });
});
