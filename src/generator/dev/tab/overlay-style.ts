/** The error overlay's look, shared by the overlay page and the panel dev draws over a page (browser/problems-panel.ts). */

/** Rules for the overlay's heading and its list of errors (where, message, code frame, hint). */
export const OVERLAY_ERRORS_CSS = `h1{color:#f87171;font-size:1.4rem;margin:0 0 .25rem}ol{list-style:none;padding:0}li{background:#27272a;border-left:4px solid #f87171;padding:1rem 1.25rem;margin:1rem 0;border-radius:4px}.where{font:600 14px ui-monospace,monospace;color:#fca5a5;margin:0 0 .5rem}.message{white-space:pre-wrap;margin:0 0 .75rem;font-size:1.05rem}.frame{background:#09090b;color:#d4d4d8;padding:.75rem 1rem;overflow:auto;font:13px/1.5 ui-monospace,monospace;margin:0 0 .75rem}.hint{color:#a1a1aa;margin:0}`;
