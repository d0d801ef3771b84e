/** The site's small inline scripts: theme before first paint, redirects (the page script is bundled: client/page-script.ts). Hashed for CSP. */

/** Key of the remembered theme in localStorage. */
export const THEME_KEY = 'reactsite-theme';

/** Key of the ads dismissed in this tab (a JSON list of ids) in sessionStorage. */
export const DISMISSED_ADS_KEY = 'reactsite-dismissed-ads';

/**
 * Runs first in <head>: applies the remembered theme (default dark) before anything paints, and lists the ads
 * dismissed in this tab in `html[data-ads-hidden]` so the ads panel's CSS hides them before paint (no flash).
 */
export const THEME_SCRIPT = `(function(){var d=document.documentElement,t,a;try{t=localStorage.getItem('${THEME_KEY}')}catch(e){}try{a=JSON.parse(sessionStorage.getItem('${DISMISSED_ADS_KEY}')||'[]').join(' ')}catch(e){}d.classList.toggle('dark',t!=='light');d.style.colorScheme=t==='light'?'light':'dark';if(a)d.setAttribute('data-ads-hidden',a)})()`;

/**
 * Hub pages' speculation rules (JSON, not code; hashed like the scripts): a link the DrawerButton island marks
 * `data-prefetch` on hover or focus is prefetched at once, and the click is then served from that prefetch.
 */
export const SPECULATION_RULES = JSON.stringify({ prefetch: [{ where: { selector_matches: 'a[data-prefetch]' }, eagerness: 'immediate' }] });

/** The 404 page's script: outside /tutorial/ an unknown path goes home, replacing the history entry. */
export function notFoundScript(base: string): string {
  return `(function(){var b=${jsString(base)};if(location.pathname.indexOf(b+'tutorial/')!==0)location.replace(b)})()`;
}

/** A redirect stub's script: replaces the location with the target. */
export function redirectScript(target: string): string {
  return `location.replace(${jsString(target)})`;
}

/** A JS string literal that is also safe inside an HTML <script> element. */
export function jsString(value: string): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
