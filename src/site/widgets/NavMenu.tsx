/** Island: the navbar's external links; below the medium breakpoint they sit behind a menu button. */
import { useEffect, useRef, useState } from 'react';

/** Props: the sister UI-library link and the social profile link from site.json. */
export default function NavMenu({ library, social }: { library: { name: string; url: string }; social: { label: string; url: string } }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    // Home and React Tutorial close the menu too (they live outside this island), and so do its own links: they
    // open a new tab, and the visitor coming back finds the menu closed.
    const onClick = (e: MouseEvent) => {
      const target = e.target as Element | null;
      if (target?.closest('.navbar-links a, #external-links a') || !target?.closest('.navbar-external')) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [open]);
  return (
    <>
      <button ref={button} type="button" className="menu-btn" aria-expanded={open} aria-controls="external-links" aria-label="More links" onClick={() => setOpen(!open)}>
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>
      <ul id="external-links" className="external-links" data-open={open || undefined}>
        <li>
          <a href={library.url} target="_blank" rel="noopener noreferrer">
            {library.name}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
        <li>
          <a href={social.url} target="_blank" rel="noopener noreferrer">
            {social.label}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      </ul>
    </>
  );
}
