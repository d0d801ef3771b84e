/** The template placeholder page and the static Markdown pages (privacy, terms, contact, about). */
import type { ReactNode } from 'react';

/** `/template`: the placeholder page with the heading "The React". */
export function TemplatePage() {
  return (
    <main id="main" className="page" tabIndex={-1}>
      <div className="page-inner">
        <h1>The React</h1>
      </div>
    </main>
  );
}

/** A static page: its title as h1 and its Markdown body. */
export function StaticPageView({ title, content }: { title: string; content: ReactNode }) {
  return (
    <main id="main" className="page" tabIndex={-1}>
      <article className="page-inner prose">
        <h1>{title}</h1>
        {content}
      </article>
    </main>
  );
}
