import { describe, expect, it } from 'vitest';
import { copyText } from '../../src/site/widgets/copy-text.js';
import { shareLinks } from '../../src/site/widgets/share-links.js';

describe('copy button text', () => {
  it('copies code as shown, without a trailing newline', () => {
    expect(copyText('const a = 1;\n', 'jsx')).toBe('const a = 1;');
  });
  it('leaves out "$ " prompts and output lines of shell blocks', () => {
    expect(copyText('$ npm install\nadded 1 package\n$ npm run dev', 'bash')).toBe('npm install\nnpm run dev');
  });
  it('keeps the lines a prompt line continues with a backslash, so the pasted command is the one shown', () => {
    expect(copyText('$ npm install \\\n    react \\\n    react-dom\nadded 2 packages\n$ echo "done"\ndone', 'sh')).toBe('npm install \\\n    react \\\n    react-dom\necho "done"');
    // An output line ending in a backslash continues nothing.
    expect(copyText('$ ls\nC:\\\nD:', 'console')).toBe('ls');
  });
  it('keeps shell blocks without prompts as they are', () => {
    expect(copyText('npm install', 'sh')).toBe('npm install');
  });
});

describe('share links', () => {
  it('encodes the URL and title for the five networks', () => {
    const links = shareLinks('https://x.org/tutorial/a/?q=1&b=2', 'Hooks & "Effects" </script>');
    expect(links.map((l) => l.name)).toEqual(['Twitter', 'LinkedIn', 'WhatsApp', 'Telegram', 'Reddit']);
    for (const l of links) {
      expect(l.href).toMatch(/^https:\/\//);
      expect(l.href).not.toContain('</script>');
      expect(l.href).toContain(encodeURIComponent('https://x.org/tutorial/a/?q=1&b=2').slice(0, 20));
    }
    expect(new URL(links[0]!.href).searchParams.get('text')).toBe('Hooks & "Effects" </script>');
  });
});
