/** Keeps the current tutorial visible in the sidebar list's own scroll area. */

/** Scrolls `list` (only the list, never the page) so its current entry (`aria-current="page"`) sits in its middle. */
export function centerCurrent(list: HTMLElement): void {
  const current = list.querySelector<HTMLElement>('[aria-current="page"]');
  if (!current) return;
  const top = current.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
  list.scrollTop = top - (list.clientHeight - current.offsetHeight) / 2;
}
