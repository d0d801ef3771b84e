// The words of the synthetic corpora: a seeded PRNG, the vocabulary, and a writer of sentences and paragraphs.

/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
export function prng(seed) {
  let a = seed >>> 0 || 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The vocabulary of the corpora: adjectives, nouns, verbs, adverbs, subjects, connectives, topics, depths. */
export const W = {
  adj: 'quick bright quiet stable shared nested lazy eager small large simple complex local global pure stale fresh hidden visible dynamic static typed careful modern classic reusable isolated derived cached async sync controlled uncontrolled optional required default custom native virtual partial empty full active idle'.split(' '),
  noun: 'component prop state hook effect render list key form input button value event handler callback context provider reducer action store ref node tree branch leaf element fragment portal boundary suspense router route link page layout panel card modal menu tab field label counter timer cache request response promise module bundle import export pattern update snapshot closure dependency array object string number boolean'.split(' '),
  verb: 'render update compute store pass read write return call memoize share lift derive subscribe measure trigger schedule batch compare mount unmount hydrate wrap split merge filter map reduce sort validate format parse debounce throttle reset fetch cancel'.split(' '),
  adv: 'quickly carefully rarely often always usually safely clearly directly gradually eventually immediately simply quietly explicitly implicitly'.split(' '),
  who: 'the reader,a beginner,your team,the browser,React,the compiler,the parent,each child,a reviewer,the user'.split(','),
  conn: 'because,although,so,while,when,after,before,unless,since,until'.split(','),
  topic: 'Rendering,State,Effects,Events,Forms,Lists,Context,Refs,Routing,Styling,Testing,Performance,Hooks,Patterns,Data Fetching,Accessibility,Animation,Suspense,Servers,Tooling'.split(','),
  area: 'Basics,In Depth'.split(','),
};

/** The 40 category names: each topic in two depths. */
export const CATEGORIES = W.topic.flatMap((t) => W.area.map((a) => `${t} ${a}`));
/** The difficulties, given in turn. */
export const DIFFICULTY = ['Beginner', 'Intermediate', 'Advanced'];

/** `s` with its first letter upper-case. */
export const cap = (s) => s[0].toUpperCase() + s.slice(1);
/** Words joined in PascalCase. */
export const pascal = (...ws) => ws.map((w) => cap(w)).join('');
/** Words joined in camelCase. */
export const camel = (first, ...ws) => first + pascal(...ws);
/** The third person singular of verb `v`. */
export const third = (v) => (/(ch|sh|s|x)$/.test(v) ? `${v}es` : `${v}s`);

/** A generator of words, sentences and paragraphs over one PRNG. */
export function writer(rand) {
  const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const templates = [
    () => `the ${pick(W.adj)} ${pick(W.noun)} ${third(pick(W.verb))} every ${pick(W.noun)} ${pick(W.adv)}`,
    () => `${pick(W.who)} can ${pick(W.verb)} a ${pick(W.adj)} ${pick(W.noun)} ${pick(W.conn)} the ${pick(W.noun)} is ${pick(W.adj)}`,
    () => `when you ${pick(W.verb)} the ${pick(W.noun)}, ${pick(W.who)} ${third(pick(W.verb))} the ${pick(W.adj)} ${pick(W.noun)} ${pick(W.adv)}`,
    () => `a ${pick(W.adj)} ${pick(W.noun)} is easier to ${pick(W.verb)} than a ${pick(W.adj)} ${pick(W.noun)}`,
    () => `I usually ${pick(W.verb)} the ${pick(W.noun)} first and ${pick(W.verb)} the ${pick(W.noun)} later, ${pick(W.conn)} ${pick(W.who)} expects a ${pick(W.adj)} result`,
    () => `keep the ${pick(W.noun)} ${pick(W.adj)} and ${pick(W.verb)} its \`${camel(pick(W.noun), pick(W.noun))}\` ${pick(W.adv)}`,
    () => `${pick(W.adv)}, the ${pick(W.noun)} and the ${pick(W.noun)} ${pick(W.verb)} the same ${pick(W.adj)} ${pick(W.noun)}`,
    () => `do not ${pick(W.verb)} a ${pick(W.noun)} inside a ${pick(W.adj)} ${pick(W.noun)} ${pick(W.conn)} ${pick(W.who)} has to ${pick(W.verb)} it again`,
    () => `this ${pick(W.noun)} shows how ${pick(W.who)} ${third(pick(W.verb))} ${int(2, 9)} ${pick(W.adj)} ${pick(W.noun)}s in one pass`,
    () => `the ${pick(W.noun)} stays ${pick(W.adj)} ${pick(W.conn)} nothing ${third(pick(W.verb))} it ${pick(W.adv)}`,
  ];
  const sentence = () => cap(pick(templates)()) + (rand() < 0.1 ? '?' : '.');
  const words = (s) => s.split(/\s+/).filter(Boolean).length;
  const paragraph = (target) => {
    const out = [];
    let n = 0;
    while (n < target) {
      const s = sentence();
      out.push(s);
      n += words(s);
    }
    return { text: out.join(' '), words: n };
  };
  return { rand, int, pick, sentence, paragraph, words };
}
