/** Zod schemas for every content file a maintainer edits; the single source of what is valid. */
import * as z from 'zod';

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lowercase letters, digits and single hyphens only (no spaces, dots or slashes)');
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/, 'an ISO date such as 2026-01-31')
  .refine(isCalendarDate, 'a date that exists (month 01-12, a day that month has), such as 2026-01-31');

/**
 * Whether the date (and time) at the start of `text` exists: "2026-02-30" and "2026-13-45" do not, though both
 * have the form (and YAML reads the second as 2027-02-14).
 */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[Tt]|[ \t]+|$)(?:(\d{1,2}):(\d{2})(?::(\d{2}))?)?/.exec(text);
  if (!m) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1).map((x) => (x === undefined ? undefined : Number(x))) as number[];
  const days = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  return month! >= 1 && month! <= 12 && day! >= 1 && day! <= days && hour <= 23 && minute <= 59 && second <= 60;
}
const sitePath = z.string().regex(/^\/[^\s]*$/, 'a path starting with "/" such as /images/logo.svg');
const httpUrl = z.url({ protocol: /^https?$/, error: 'an absolute http(s) URL' });
const sizedImage = z.strictObject({ src: sitePath, width: z.int().positive(), height: z.int().positive(), alt: z.string().optional() });

/** `content/site.json`: the site's identity. */
export const siteSchema = z.strictObject({
  $schema: z.string().optional(),
  name: z.string().min(1),
  description: z.string().min(1),
  url: httpUrl,
  owner: z.string().min(1),
  email: z.email(),
  social: z.strictObject({ label: z.string().min(1), url: httpUrl, handle: z.string().optional() }),
  library: z.strictObject({ name: z.string().min(1), url: httpUrl }),
  themeColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a six-digit hex colour such as #3B82F6'),
  language: z.string().min(2),
  region: z.string().min(2),
  socialImage: sizedImage,
  publisherLogo: sizedImage,
  logo: z.strictObject({ light: sitePath, dark: sitePath, width: z.int().positive(), height: z.int().positive() }),
  landing: z.strictObject({
    headline: z.string().min(1),
    subhead: z.string(),
    image: sitePath,
    imageSet: z.array(z.strictObject({ src: sitePath, width: z.int().positive() })),
    fallback: sitePath,
  }),
  icons: z.array(z.strictObject({ rel: z.enum(['icon', 'apple-touch-icon']), href: sitePath, type: z.string().optional(), sizes: z.string().optional() })).default([]),
  allowRawHtml: z.boolean().default(false),
});

/** One entry of `content/registry.json`. */
export const tutorialSchema = z.strictObject({
  id: slug,
  slug,
  name: z.string().min(1),
  title: z.string().min(1),
  description: z.string().min(1),
  category: z.string().min(1),
  difficulty: z.string().min(1),
  keywords: z.array(z.string().min(1)).min(1),
  teaches: z.array(z.string().min(1)).default([]),
  author: z.string().min(1).optional(),
  readTime: z.string().optional(),
  publishDate: isoDate.optional(),
  isIntro: z.boolean().default(false),
  prev: slug.optional(),
  next: slug.optional(),
});

/** `content/registry.json`: the ordered tutorial list (sidebar and reading order). */
export const registrySchema = z.array(tutorialSchema).min(1, 'at least one tutorial');

/** One entry of `content/ads.json`. */
export const adSchema = z.strictObject({
  id: slug,
  type: z.string().min(1),
  title: z.string().min(1),
  description: z.string().min(1),
  image: sitePath,
  cta: z.string().min(1),
  badge: z.string().min(1),
  price: z.string().optional(),
  link: httpUrl,
});

/** `content/ads.json`: the static ads of the "Recommended" panel. */
export const adsSchema = z.array(adSchema);

/** Front matter of a tutorial body. */
export const tutorialMatterSchema = z.strictObject({
  faq: z.array(z.strictObject({ question: z.string().min(1), answer: z.string().min(1) })).default([]),
  updated: z.union([isoDate, z.date().transform((d) => d.toISOString().slice(0, 10))]).optional(),
});

/** Front matter of a static page. */
export const pageMatterSchema = z.strictObject({ title: z.string().min(1), description: z.string().min(1) });
