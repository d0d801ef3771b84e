import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeProject } from '../helpers/project.js';

const body = (fence: string) => `Beta.\n\n## Events\n\n\`\`\`${fence}\nconst broken = <div>;\n\`\`\`\n\n\`\`\`tsx\nexport const ok = (n: number) => <b>{n}</b>;\n\`\`\`\n`;

describe('reactsite check content checks', () => {
  it('reports a jsx sample that does not parse, with its file and line', async () => {
    const root = makeProject({ 'content/tutorials/beta.md': body('jsx') });
    const run = await runCli(['check', '--root', root]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/error content\/tutorials\/beta\.md:5\n {2}jsx code sample does not parse: .*\(code line 1\)/);
    expect(run.stderr).toContain('hint: fix the code, or mark a deliberate fragment with ```jsx fragment');
  });
  it('exempts a sample marked as a fragment and reports the per-article minimums as warnings', async () => {
    const root = makeProject({ 'content/tutorials/beta.md': body('jsx fragment') });
    const run = await runCli(['check', '--root', root]);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('does not parse');
    expect(run.stderr).toContain('warning content/tutorials/beta.md\n  needs at least 900 words of prose (found');
    expect(run.stderr).toContain('needs a FAQ of at least 4 questions (found 0)');
  });
  it("does not count the footnotes' heading, which the build writes, as the article's last section", async () => {
    const root = makeProject({ 'content/tutorials/beta.md': `${body('jsx fragment')}\n## Summary\n\nAll of it.[^1]\n\n[^1]: A note.\n` });
    const run = await runCli(['check', '--root', root]);
    expect(run.stderr).toContain('warning content/tutorials/beta.md\n  needs at least 3 "##" sections (found 2)');
    expect(run.stderr).not.toContain('warning content/tutorials/beta.md\n  needs a summary section');
  });
});
