/**
 * The theme switch as the page shows it, before its island hydrates: the server renders it for dark (the default),
 * and the head script may have chosen light, so its pressed state and tooltip are set from the page's class.
 */
export function showThemeState(): void {
  const button = document.querySelector('.theme-toggle');
  if (!button) return;
  const dark = document.documentElement.classList.contains('dark');
  button.setAttribute('aria-pressed', String(dark));
  button.setAttribute('title', `Switch to ${dark ? 'light' : 'dark'} mode`);
}
