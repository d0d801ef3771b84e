import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DevTerminal } from '../../src/generator/dev/terminal.js';
import { warning } from '../../src/generator/problems/problem.js';

describe("dev's terminal", () => {
  it('prints warnings as a build does: a sample past 50, with their source lines, and how many it left out', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'reactsite-dev-terminal-'));
    fs.writeFileSync(path.join(root, 'a.md'), Array.from({ length: 80 }, (_, i) => `line ${i + 1}`).join('\n'));
    const errors: string[] = [];
    const terminal = new DevTerminal(root, { log: () => {}, logError: (l) => errors.push(l) });
    terminal.warnings(Array.from({ length: 70 }, (_, i) => warning(`broken link /tutorial/gone-${i}/`, { file: 'a.md', line: i + 1 })));
    expect(errors).toHaveLength(51);
    expect(errors[0]).toContain('line 1');
    expect(errors.at(-1)).toBe('… and 20 more warnings; `reactsite build --verbose` prints every one');
    errors.length = 0;
    terminal.warnings([warning('broken link /x/', { file: 'a.md', line: 3 })]);
    expect(errors).toHaveLength(1);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
