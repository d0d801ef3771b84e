/**
 * The request header of a dev tab's in-place update fetch (dev/tab/browser/page-update.ts): with it, a missing
 * page comes with status 200, so that the browser does not log a 404 on every update of a tab that shows one.
 */
export const UPDATE_HEADER = 'x-reactsite-update';
