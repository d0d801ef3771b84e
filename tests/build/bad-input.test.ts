/** Bad input gets a clear error and nothing is lost: every case of bad-input-cases.ts through the real CLI. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, it, type ExpectStatic } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { listFiles, makeProject, snapshotDir } from '../helpers/project.js';
import { CASES, type BadInputCase, type ExpectedProblem } from './bad-input-cases.js';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Path -> sha256 of the bytes: the same comparison as snapshotDir, with short diffs. */
function digest(dir: string): Record<string, string> {
  return Object.fromEntries([...snapshotDir(dir)].map(([f, b64]) => [f, crypto.createHash('sha256').update(b64).digest('hex').slice(0, 16)]));
}

/**
 * The problem block as the CLI prints it: location line (the flag, for a command-line problem), `field: message`
 * line (no prefix when the message starts with its field), hint line.
 */
function blockPattern(p: ExpectedProblem): RegExp {
  const location = p.file !== undefined ? ` ${escape(p.file)}${p.line === undefined ? '' : `:${p.line}(?::\\d+)?`}` : p.field !== undefined ? ` ${escape(p.field)}` : '';
  const field = p.field === undefined ? '(?:[^\\n]*: )?' : p.message.startsWith(p.field) ? '' : `${escape(p.field)}: `;
  return new RegExp(`^${p.severity ?? 'error'}${location}\\n  ${field}[^\\n]*${escape(p.message)}[^\\n]*\\n  hint: [^\\n]*${escape(p.hint)}`, 'm');
}

function assertOutput(c: BadInputCase, stderr: string, expect: ExpectStatic): void {
  for (const p of c.problems ?? []) expect(stderr, `${c.name}: expected the block ${blockPattern(p)}`).toMatch(blockPattern(p));
  for (const s of c.stderr ?? []) expect(stderr).toContain(s);
  for (const s of c.absent ?? []) expect(stderr).not.toContain(s);
  expect(stderr, 'no stack trace').not.toMatch(/^\s+at /m);
  expect(stderr, 'no internal error').not.toMatch(/internal error/i);
  // A usage error (code 2) stops before anything ran; a content error (code 1) says nothing was written.
  if (c.code === 1 && c.problems) expect(stderr).toMatch(/✗ \d+ errors?; nothing was written\./);
  if (c.code === 2 && c.problems) expect(stderr).toMatch(/✗ \d+ errors?\.$/m);
}

describe('bad input gets a clear error and the previous out/ survives', () => {
  let previousOut: string;
  let previous: Record<string, string>;
  beforeAll(async () => {
    const root = makeProject();
    const run = await runCli(['build', '--root', root]);
    if (run.code !== 0) throw new Error(`the unmodified fixture does not build:\n${run.output}`);
    previousOut = path.join(root, 'out');
    previous = digest(previousOut);
  });
  afterAll(() => fs.rmSync(path.dirname(previousOut), { recursive: true, force: true }));

  it('has at least 30 distinct cases', ({ expect }) => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
  });

  describe.concurrent('cases', () => {
    for (const c of CASES) {
      it(c.name, async ({ expect }) => {
        const root = makeProject(c.files);
        const out = path.join(root, 'out');
        fs.cpSync(previousOut, out, { recursive: true });
        expect(digest(out)).toEqual(previous);
        const sources = fs.existsSync(path.join(root, 'content')) ? digest(path.join(root, 'content')) : {};

        const run = await runCli([c.command ?? 'build', '--root', root, ...(c.args ?? []).map((a) => a.replaceAll('<root>', root))], { env: c.env });
        const stderr = run.stderr.replaceAll(root, '<root>');
        expect(run.code, run.output).toBe(c.code);
        assertOutput(c, stderr, expect);

        if (c.built) c.built(out, expect);
        else expect(digest(out), 'the previous out/ is byte-for-byte intact').toEqual(previous);
        if (Object.keys(sources).length) expect(digest(path.join(root, 'content')), 'content/ is untouched').toEqual(sources);
        expect(listFiles(root).filter((f) => /(^|\/)\.out\.(tmp|old)-/.test(f)), 'no temp folders left behind').toEqual([]);
        fs.rmSync(root, { recursive: true, force: true });
      });
    }
  });
});
