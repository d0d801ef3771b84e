/** A tutorial route: the hub with the article, the intro (no article frame) or the missing-body panel. */
import { Article, FaqList, MissingBodyPanel, PrevNext } from '../components/Article.js';
import { HubLayout } from '../components/HubLayout.js';
import { BodySlot } from '../markdown/render-body.js';
import { tutorialById } from '../tutorial-by-id.js';
import type { Route, SiteData } from '../types.js';

/** Props: the route (ref = tutorial id), build data and the canonical URL; the body's HTML fills its slot. */
export function TutorialPage({ route, data, canonical }: { route: Route; data: SiteData; canonical: string }) {
  const t = tutorialById(data.tutorials, route.ref)!;
  const body = data.bodies[t.id];
  let view;
  if (!body) view = <MissingBodyPanel t={t} />;
  else if (t.isIntro)
    view = (
      <div className="intro prose">
        <h1>{t.title}</h1>
        <BodySlot />
        {body.faq.length ? <FaqList faq={body.faq} /> : null}
        <PrevNext prev={route.prev} next={route.next} data={data} />
      </div>
    );
  else view = <Article data={data} t={t} body={body} content={<BodySlot />} prev={route.prev} next={route.next} canonical={canonical} />;
  return (
    <HubLayout data={data} slug={t.slug}>
      {view}
    </HubLayout>
  );
}
