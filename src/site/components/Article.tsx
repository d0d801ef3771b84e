/** The article view of a tutorial: badges, title, description, byline, body, tags, FAQ, footer, prev/next. */
import type { ReactNode } from 'react';
import { Island } from '../islands/Island.js';
import { articleTags, difficultyTone, readTime } from '../seo/metadata.js';
import { absoluteUrl, withBase } from '../seo/urls.js';
import type { Body, NavLink, SiteData, Tutorial } from '../types.js';

/** Props: the tutorial, its rendered body, neighbours and the canonical URL. */
export function Article({ data, t, body, content, prev, next, canonical }: { data: SiteData; t: Tutorial; body: Body; content: ReactNode; prev?: NavLink; next?: NavLink; canonical: string }) {
  return (
    <article className="article">
      <header className="article-header">
        <p className="badges">
          <span className={`badge badge-${difficultyTone(t.difficulty)}`}>{t.difficulty}</span>
          <span className="badge badge-category">{t.category}</span>
        </p>
        <h1 className="article-title">{t.title}</h1>
        <p className="article-desc">{t.description}</p>
        <p className="byline">
          <span>By {t.author ?? data.site.owner}</span>
          <span aria-hidden="true"> · </span>
          <span>{t.readTime || readTime(body.words)}</span>
        </p>
      </header>
      <div className="prose">{content}</div>
      {body.faq.length ? <FaqList faq={body.faq} /> : null}
      <section className="tags" aria-labelledby="tags-title">
        <h2 id="tags-title" className="tags-title">Tutorial Tags</h2>
        <ul className="tag-list">
          {articleTags(t.keywords).map((k) => (
            <li key={k} className="tag">{k}</li>
          ))}
        </ul>
      </section>
      <footer className="article-footer">
        <p>
          <span className="footer-label">Canonical URL: </span>
          <a href={canonical}>{canonical}</a>
        </p>
        <p>Schema: Article, Tutorial, TechArticle</p>
      </footer>
      <PrevNext prev={prev} next={next} data={data} />
      <Island name="ShareWidget" props={{ url: canonical, title: t.title }} when="interaction" />
    </article>
  );
}

/** The FAQ as native disclosure widgets (keyboard and screen-reader friendly without JavaScript). */
export function FaqList({ faq }: { faq: Body['faq'] }) {
  return (
    <section className="faq" aria-labelledby="faq-title">
      <h2 id="faq-title">Frequently Asked Questions</h2>
      {faq.map((f) => (
        <details key={f.question} className="faq-item">
          <summary>{f.question}</summary>
          <p>{f.answer}</p>
        </details>
      ))}
    </section>
  );
}

/**
 * An arrow written as its entity, hidden from screen readers (the label says it). A character beyond Latin-1 in
 * the markup makes V8 hold the whole page as UTF-16: twice the memory, and a page over 64K characters then takes a
 * fresh large-object allocation each time it is joined, 0.2-0.3 ms a page.
 */
function Arrow({ entity }: { entity: '&larr;' | '&rarr;' }) {
  return <span aria-hidden="true" dangerouslySetInnerHTML={{ __html: entity }} />;
}

/** Previous and Next buttons; they open in a new tab at `{site}/tutorial/{slug}/` (spec). */
export function PrevNext({ prev, next, data }: { prev?: NavLink; next?: NavLink; data: SiteData }) {
  if (!prev && !next) return null;
  const origin = data.dev?.origin;
  const hrefOf = (slug: string) => (origin ? new URL(withBase(data.base, `/tutorial/${slug}/`), origin).href : absoluteUrl(data.site.url, data.base, `/tutorial/${slug}/`));
  return (
    <nav className="prev-next" aria-label="Previous and next tutorials">
      {prev ? (
        <a className="pn pn-prev" href={hrefOf(prev.slug)} target="_blank" rel="noopener" data-internal>
          <span className="pn-label">
            <Arrow entity={'&larr;'} /> Previous
          </span>
          <span className="pn-title">{prev.name}</span>
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        <span />
      )}
      {next ? (
        <a className="pn pn-next" href={hrefOf(next.slug)} target="_blank" rel="noopener" data-internal>
          <span className="pn-label">
            Next <Arrow entity={'&rarr;'} />
          </span>
          <span className="pn-title">{next.name}</span>
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
    </nav>
  );
}

/** Panel for an unknown tutorial slug (spec text), with the "Go to Introduction" button. */
export function NotFoundPanel({ introHref }: { introHref: string }) {
  return (
    <section className="panel panel-notfound">
      <h1>Tutorial not found</h1>
      <p>The requested tutorial could not be found. Please select a tutorial from the sidebar or return to the introduction.</p>
      <a className="btn" href={introHref}>Go to Introduction</a>
    </section>
  );
}

/** Panel for a registry entry without a body (spec text). */
export function MissingBodyPanel({ t }: { t: Tutorial }) {
  return (
    <section className="panel panel-missing">
      <h1>{t.title}</h1>
      <p>Tutorial component not found for: {t.id}</p>
    </section>
  );
}
