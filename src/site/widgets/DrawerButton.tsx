/** Island: the hub header's menu button; opens the sidebar as a drawer with an overlay on phones. */
import { useCallback, useEffect, useRef, useState } from 'react';

const SWIPE_PX = 60;

/**
 * Toggles `#sidebar[data-open]`; overlay tap, Escape, swipe left, choosing an entry and tabbing out close it; focus
 * moves into the drawer and back to the button. (Centring the current entry and prefetching are the page script's.)
 */
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
    // Focus the drawer itself, not the search box: on phones that would pop up the keyboard.
    if (!sidebar.hasAttribute('tabindex')) sidebar.tabIndex = -1;
    sidebar.focus({ preventScroll: true });
    let startX: number | undefined;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close(true);
    const onStart = (e: TouchEvent) => (startX = e.touches[0]?.clientX);
    const onEnd = (e: TouchEvent) => {
      const endX = e.changedTouches[0]?.clientX;
      if (startX !== undefined && endX !== undefined && startX - endX > SWIPE_PX) close(true);
      startX = undefined;
    };
    const onChoose = (e: MouseEvent) => (e.target as Element).closest('a') && close(false);
    // Tabbing out of the drawer closes it (a tap on the overlay has no related target and is handled by its click).
    const onFocusOut = (e: FocusEvent) => {
      const to = e.relatedTarget as Node | null;
      if (to && !sidebar.contains(to) && to !== button.current) close(false);
    };
    document.addEventListener('keydown', onKey);
    sidebar.addEventListener('touchstart', onStart, { passive: true });
    sidebar.addEventListener('touchend', onEnd);
    overlay.addEventListener('touchend', () => close(true));
    sidebar.addEventListener('click', onChoose);
    sidebar.addEventListener('focusout', onFocusOut);
    return () => {
      overlay.remove();
      document.removeEventListener('keydown', onKey);
      sidebar.removeEventListener('touchstart', onStart);
      sidebar.removeEventListener('touchend', onEnd);
      sidebar.removeEventListener('click', onChoose);
      sidebar.removeEventListener('focusout', onFocusOut);
    };
  }, [open, close]);

  return (
    <button ref={button} type="button" className="drawer-btn" aria-expanded={open} aria-controls="sidebar" onClick={() => setOpen(!open)}>
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M4 7h16M4 12h16M4 17h10" />
      </svg>
      <span className="drawer-btn-label">Tutorials</span>
    </button>
  );
}
