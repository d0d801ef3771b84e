/** Island: the floating share button (bottom right) with share links and "Copy URL". */
import { useEffect, useId, useRef, useState } from 'react';
import { shareLinks } from './share-links.js';
import { useCopied } from './use-copied.js';

/** Props: the page's canonical URL and title. Escape and a click outside close the menu. */
export default function ShareWidget({ url, title }: { url: string; title: string }) {
  const [open, setOpen] = useState(false);
  const [copied, copy, failed] = useCopied();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onDown = (e: PointerEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open]);
  return (
    <div className="share" ref={root}>
      {open ? (
        <ul id={menuId} className="share-menu" aria-label="Share this tutorial">
          {shareLinks(url, title).map((l) => (
            <li key={l.name}>
              <a href={l.href} target="_blank" rel="noopener noreferrer">
                {l.name}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
          <li>
            <button type="button" onClick={() => copy(url)}>
              <span aria-live="polite">{copied ? 'Copied!' : failed ? 'Not copied: again' : 'Copy URL'}</span>
            </button>
          </li>
        </ul>
      ) : null}
      <button ref={button} type="button" className="share-toggle" aria-expanded={open} aria-controls={open ? menuId : undefined} aria-label="Share" onClick={() => setOpen(!open)}>
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <circle cx="18" cy="5" r="3" />
          <circle cx="6" cy="12" r="3" />
          <circle cx="18" cy="19" r="3" />
          <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
        </svg>
      </button>
    </div>
  );
}
