// html-validate over every built page (tests/build/html-validate.test.ts): the recommended rules, three of
// them set to how the site is serialized. React's renderToString writes what these options describe, and
// both forms are valid HTML; every other rule runs as recommended.
export default {
  extends: ['html-validate:recommended'],
  rules: {
    // React closes void elements: <meta ... />.
    'void-style': ['error', { style: 'selfclose' }],
    // React keeps the camelCase names of a few attributes (charSet, srcSet, autoComplete, fetchPriority).
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
    // Inline styles a page needs: the island marker's `display: contents`, and rehype-pretty-code's
    // `counter-set` for `showLineNumbers{N}` (its documented markup; the start line is per block).
    'no-inline-style': ['error', { allowedProperties: ['display', 'counter-set'] }],
  },
};
