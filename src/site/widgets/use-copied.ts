/** Shared copy-to-clipboard state for the code-block Copy button and the share widget's Copy URL. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { COPIED_MS } from './copy-text.js';

/** Returns [copied, copy]: `copy(text)` writes to the clipboard and sets `copied` for 2000 ms; failures are only logged. */
export function useCopied(): [boolean, (text: string) => void] {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback((text: string) => {
    navigator.clipboard.writeText(text).then(
      () => {
        setCopied(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), COPIED_MS);
      },
      (error: unknown) => console.error('Copy to clipboard failed:', error),
    );
  }, []);
  return [copied, copy];
}
