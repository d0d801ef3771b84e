/** A tutorial route: the hub with the article, the intro (no article frame) or the missing-body panel. */
import { Article, FaqList, MissingBodyPanel, PrevNext } from '../components/Article.js';
import { HubLayout } from '../components/HubLayout.js';
import { renderHast } from '../markdown/components.js';
import { tutorialById } from '../tutorial-by-id.js';
import type { Route, SiteData } from '../types.js';
import type { Components } from 'hast-util-to-jsx-runtime';

/** Props: the route (ref = tutorial id), build data, the markdown tag map and the canonical URL. */
export function TutorialPage({ route, data, components, canonical }: { route: Route; data: SiteData; components: Partial<Components>; canonical: string }) {
  const t = tutorialById(data.tutorials, route.ref)!;
  const body = data.bodies[t.id];
  let view;
  if (!body) view = <MissingBodyPanel t={t} />;
  else if (t.isIntro)
    view = (
      <div className="intro prose">
        <h1>{t.title}</h1>
        {renderHast(body.hast, components)}
        {body.faq.length ? <FaqList faq={body.faq} /> : null}
        <PrevNext prev={route.prev} next={route.next} data={data} />
      </div>
    );
  else view = <Article data={data} t={t} body={body} content={renderHast(body.hast, components)} prev={route.prev} next={route.next} canonical={canonical} />;
  return (
    <HubLayout data={data} slug={t.slug}>
      {view}
    </HubLayout>
  );
}
