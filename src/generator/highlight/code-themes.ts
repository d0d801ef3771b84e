/** The Shiki themes of code blocks; its own module so the cache key can name them without loading Shiki. */

/** Shiki themes for the dark and light site themes (both pass WCAG AA on the site's code backgrounds). */
export const CODE_THEMES = { dark: 'github-dark-default', light: 'github-light-default' } as const;
