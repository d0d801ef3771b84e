/** Island: the hub header's menu button; opens the sidebar as a drawer with an overlay on phones. */
import { useCallback, useEffect, useRef, useState } from 'react';

const SWIPE_PX = 60;

/** Toggles `#sidebar[data-open]`; overlay tap, Escape, swipe left and choosing an entry close it; focus goes in and back. */
export default function DrawerButton() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback((restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) button.current?.focus();
  }, []);

  useEffect(() => {
    const sidebar = document.getElementById('sidebar');
    if (!sidebar) return;
    sidebar.toggleAttribute('data-open', open);
    document.documentElement.toggleAttribute('data-drawer-open', open);
    if (!open) return;
    const overlay = document.createElement('div');
    overlay.className = 'drawer-overlay';
    overlay.setAttribute('aria-hidden', 'true');
    sidebar.before(overlay);
    overlay.addEventListener('click', () => close(true));
    (sidebar.querySelector<HTMLElement>('input, a[aria-current], a') ?? sidebar).focus();
    let startX: number | undefined;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close(true);
    const onStart = (e: TouchEvent) => (startX = e.touches[0]?.clientX);
    const onEnd = (e: TouchEvent) => {
      const endX = e.changedTouches[0]?.clientX;
      if (startX !== undefined && endX !== undefined && startX - endX > SWIPE_PX) close(true);
      startX = undefined;
    };
    const onChoose = (e: MouseEvent) => (e.target as Element).closest('a') && close(false);
    document.addEventListener('keydown', onKey);
    sidebar.addEventListener('touchstart', onStart, { passive: true });
    sidebar.addEventListener('touchend', onEnd);
    overlay.addEventListener('touchend', () => close(true));
    sidebar.addEventListener('click', onChoose);
    return () => {
      overlay.remove();
      document.removeEventListener('keydown', onKey);
      sidebar.removeEventListener('touchstart', onStart);
      sidebar.removeEventListener('touchend', onEnd);
      sidebar.removeEventListener('click', onChoose);
    };
  }, [open, close]);

  return (
    <button ref={button} type="button" className="drawer-btn" aria-expanded={open} aria-controls="sidebar" aria-label="Open tutorial list" onClick={() => setOpen(!open)}>
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M4 7h16M4 12h16M4 17h10" />
      </svg>
      <span className="drawer-btn-label">Tutorials</span>
    </button>
  );
}
