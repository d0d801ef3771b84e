/**
 * The page script, inlined at the end of every page's <body> (bundled and minified at build time, hashed for the
 * CSP): everything a page runs before the visitor's first interaction. It hydrates no island by itself.
 */
import { listenForShortcuts } from './hotkeys.js';
import { armIslands, preloadWhenIdle } from './island-loader.js';
import { prefetchOnIntent } from './prefetch.js';
import { centerCurrent } from './sidebar-scroll.js';
import { showThemeState } from './theme-toggle-state.js';

const list = document.querySelector<HTMLElement>('#sidebar .sidebar-list');
if (list) centerCurrent(list);
showThemeState();
armIslands();
// A dev tab arms the islands its in-place updates bring in.
document.addEventListener('reactsite:islands', armIslands);
listenForShortcuts();
prefetchOnIntent();
preloadWhenIdle((document.currentScript?.dataset.preload ?? '').split(' ').filter(Boolean));
