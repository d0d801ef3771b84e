/** Types of .htmlvalidate.mjs (the html-validate config of the built pages). */
declare const config: import('html-validate').ConfigData;
export default config;
