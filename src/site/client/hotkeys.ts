/**
 * Keyboard shortcuts declared in the markup: a key pressed outside a text field focuses the element whose
 * `aria-keyshortcuts` lists it ("/ Control+K Meta+K"). Works before any island hydrates: the focus itself then
 * hydrates the island it lands in.
 */

/** The `aria-keyshortcuts` name of a key press: "Control+K", "Meta+K", or the key alone ("/"). */
export function shortcutOf(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>): string {
  const mod = (e.ctrlKey ? 'Control+' : '') + (e.metaKey ? 'Meta+' : '');
  return mod ? mod + e.key.toUpperCase() : e.key;
}

const typing = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));

/**
 * Listens for the page's shortcuts. A target inside a closed drawer (a container named by a collapsed
 * `aria-controls` button) opens the drawer first, with that button's click, and is focused once it has opened.
 */
export function listenForShortcuts(): void {
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented) return;
    const combo = shortcutOf(e);
    if (combo === e.key && typing(e.target)) return;
    const target = [...document.querySelectorAll<HTMLElement>('[aria-keyshortcuts]')].find((el) => el.getAttribute('aria-keyshortcuts')!.split(' ').includes(combo));
    if (!target) return;
    e.preventDefault();
    const opener = closedDrawerOpener(target);
    if (!opener) return target.focus();
    new MutationObserver((_, mo) => {
      if (opener.getAttribute('aria-expanded') !== 'true') return;
      mo.disconnect();
      requestAnimationFrame(() => target.focus());
    }).observe(opener, { attributes: true, attributeFilter: ['aria-expanded'] });
    opener.click();
  });
}

/** The collapsed button that opens the off-screen container holding `el`, if `el` is in one. */
function closedDrawerOpener(el: HTMLElement): HTMLElement | undefined {
  for (let c = el.parentElement; c; c = c.parentElement) {
    if (!c.id || getComputedStyle(c).position !== 'fixed') continue;
    const opener = document.querySelector<HTMLElement>(`[aria-controls="${c.id}"][aria-expanded="false"]`);
    if (opener && opener.offsetParent !== null) return opener;
  }
  return undefined;
}
