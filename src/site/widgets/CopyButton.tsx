/**
 * Island: the Copy button of a code block; copies the block's code (read from the page) to the clipboard. A refused
 * write is the spec's console-only variant: logged, and the button stays "Copy" (the share widget's Copy URL says it).
 */
import { useRef } from 'react';
import { codeOfLines, copyText } from './copy-text.js';
import { useCopied } from './use-copied.js';

/** Props: the block's language, used to strip shell prompts. */
export default function CopyButton({ language }: { language?: string }) {
  const [copied, copy] = useCopied();
  const ref = useRef<HTMLButtonElement>(null);
  const onClick = () => {
    const code = ref.current?.closest('figure')?.querySelector('pre code');
    const lines = [...(code?.querySelectorAll(':scope > [data-line]') ?? [])].map((l) => ({ text: l.textContent ?? '', removed: l.classList.contains('remove') }));
    copy(copyText(lines.length ? codeOfLines(lines) : (code?.textContent ?? ''), language));
  };
  return (
    <button ref={ref} type="button" className="copy-btn" onClick={onClick} aria-label={copied ? 'Copied!' : 'Copy code'} data-copied={copied || undefined}>
      {copied ? (
        <>
          <CheckIcon /> Copied!
        </>
      ) : (
        <>
          <CopyIcon /> Copy
        </>
      )}
    </button>
  );
}

function CopyIcon() {
  return (
    <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <rect x="9" y="9" width="13" height="13" rx="2" />
      <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}
