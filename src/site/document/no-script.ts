/**
 * The page without JavaScript (`<noscript><style>` in the head): controls that need a script are hidden (on phones
 * that includes the menu of the two external links), and below the desktop layout the sidebar's list follows the
 * article instead of waiting in a drawer, so that every page still reads and every tutorial is a link away.
 */
export const NO_SCRIPT_CSS = [
  '.menu-btn,.theme-toggle,.drawer-btn,.share,.copy-btn,.ads-collapse,.ad-close,.sidebar-search,.drawer-hint{display:none!important}',
  '@media (max-width:1023px){.hub-grid{display:flex;flex-direction:column}.sidebar{order:2;position:static;transform:none;visibility:visible;width:auto;max-width:none;border-right:0;border-top:1px solid var(--border)}.hub-main{order:1}.ads-column{order:3}}',
].join('');
