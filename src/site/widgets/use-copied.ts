/** Shared copy-to-clipboard state for the code-block Copy button and the share widget's Copy URL. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { COPIED_MS } from './copy-text.js';

/**
 * Returns [copied, copy, failed]: `copy(text)` writes to the clipboard and sets `copied` for 2000 ms, or, when the
 * browser refused, logs the failure to the console and sets `failed` as long (a click replayed after a slow widget
 * load is no longer the visitor's gesture: Copy URL then asks for another click, which is).
 */
export function useCopied(): [boolean, (text: string) => void, boolean] {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback((text: string) => {
    const show = (next: 'copied' | 'failed') => {
      setState(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setState('idle'), COPIED_MS);
    };
    navigator.clipboard.writeText(text).then(
      () => show('copied'),
      (error: unknown) => {
        console.warn('Copy to clipboard failed:', error);
        show('failed');
      },
    );
  }, []);
  return [state === 'copied', copy, state === 'failed'];
}
