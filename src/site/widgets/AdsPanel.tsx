/** Island: the "Recommended" panel of static ads; ads can be dismissed for the session and the panel collapsed. */
import { useEffect, useRef, useState } from 'react';
import { DISMISSED_ADS_KEY } from '../islands/inline-scripts.js';
import { withBase } from '../seo/urls.js';
import type { Ad } from '../types.js';

/** sessionStorage key holding the ids of dismissed ads (read before paint by the head script too). */
export const DISMISSED_KEY = DISMISSED_ADS_KEY;

function readDismissed(): string[] {
  try {
    const v: unknown = JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Props: the ads from content/ads.json and the site base path (for image URLs). Ads dismissed earlier in this tab
 * are hidden before first paint by CSS keyed on `html[data-ads-hidden]`, then removed once hydrated.
 */
export default function AdsPanel({ ads, base }: { ads: Ad[]; base: string }) {
  const [dismissed, setDismissed] = useState<string[]>([]);
  const [collapsed, setCollapsed] = useState(false);
  const root = useRef<HTMLElement>(null);
  const focusIndex = useRef<number | undefined>(undefined);
  useEffect(() => setDismissed(readDismissed()), []);
  useEffect(() => {
    // After a dismissal, keep keyboard users in the panel: the next ad's close button, else the panel, else main.
    const i = focusIndex.current;
    if (i === undefined) return;
    focusIndex.current = undefined;
    const closes = root.current?.querySelectorAll<HTMLElement>('.ad-close');
    const target = closes?.length ? closes[Math.min(i, closes.length - 1)] : (root.current?.querySelector<HTMLElement>('.ads-collapse') ?? document.getElementById('main'));
    target?.focus();
  }, [dismissed]);
  const visible = ads.filter((a) => !dismissed.includes(a.id));
  if (visible.length === 0) return null;
  const dismiss = (id: string, index: number) => {
    const next = [...dismissed, id];
    focusIndex.current = index;
    setDismissed(next);
    document.documentElement.setAttribute('data-ads-hidden', next.join(' '));
    try {
      sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
    } catch {
      // Without storage the ad stays hidden on this page only.
    }
  };
  return (
    <>
      <section className="ads" aria-labelledby="ads-title" ref={root}>
        <div className="ads-head">
          <h2 id="ads-title" className="ads-title">Recommended</h2>
          <button type="button" className="ads-collapse" aria-expanded={!collapsed} aria-controls="ads-list" onClick={() => setCollapsed(!collapsed)}>
            {collapsed ? 'Show' : 'Hide'}
            <span className="sr-only"> recommended</span>
          </button>
        </div>
        <ul id="ads-list" className="ads-list" hidden={collapsed}>
          {visible.map((ad, i) => (
            <li key={ad.id} className="ad" data-ad={ad.id}>
              <button type="button" className="ad-close" aria-label={`Dismiss ${ad.title}`} onClick={() => dismiss(ad.id, i)}>
                <span aria-hidden="true">×</span>
              </button>
              <img className="ad-image" src={withBase(base, ad.image)} alt="" width={640} height={360} loading="lazy" decoding="async" />
              <div className="ad-body">
                <p className="ad-meta">
                  <span className="ad-type">{ad.type}</span>
                  <span className="ad-badge">{ad.badge}</span>
                </p>
                <h3 className="ad-heading">{ad.title}</h3>
                <p className="ad-desc">{ad.description}</p>
                <p className="ad-foot">
                  {ad.price ? <span className="ad-price">{ad.price}</span> : null}
                  <a className="ad-cta" href={ad.link} target="_blank" rel="sponsored noopener">
                    {ad.cta}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </p>
              </div>
            </li>
          ))}
        </ul>
        <p className="ads-footer">Sponsored content helps keep tutorials free</p>
      </section>
    </>
  );
}
