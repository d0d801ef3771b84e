/** The hub frame around every tutorial: header, sidebar (drawer on phones), article column and ads column. */
import type { ReactNode } from 'react';
import { Island } from '../islands/Island.js';
import { withBase } from '../seo/urls.js';
import type { SiteData } from '../types.js';
import { Slot } from '../document/slots.js';
import { SharedPart } from '../document/shared-part.js';
import { sidebarPieces } from './SidebarList.js';

/** Renders the hub with `children` in the article column; `slug` is the current tutorial, if any. */
export function HubLayout({ data, slug, children }: { data: SiteData; slug?: string; children: ReactNode }) {
  return (
    <div className="hub">
      {/* The same on every hub page: rendered once, shared (see shared-part.tsx). */}
      <SharedPart from={[data.assets]} id={`hub-top ${data.base} ${data.searchIndex}`}>
        <section className="hub-header" aria-labelledby="hub-title">
          <Island name="DrawerButton" props={{}} when="interaction" className="hub-menu" />
          <p className="hub-title" id="hub-title">React Tutorial Hub</p>
        </section>
      </SharedPart>
      <div className="hub-grid">
        <aside id="sidebar" className="sidebar" aria-label="Tutorials">
          <SharedPart from={[data.assets]} id={`sidebar-top ${data.base} ${data.searchIndex}`}>
            <div className="sidebar-top">
              <p className="sidebar-title">Tutorials</p>
              <p className="drawer-hint">Swipe or tap outside to close</p>
            </div>
            <Island name="SidebarSearch" props={data.searchIndex ? { index: withBase(data.base, data.searchIndex) } : {}} when="interaction" className="sidebar-search" />
          </SharedPart>
          <nav className="sidebar-list" aria-label="Tutorial list">
            {/* Shared by every page of the category: slotted in after rendering, not copied through React. */}
            <Slot name="sidebar" fill={sidebarPieces(data.tutorials, data.base, slug)} />
          </nav>
        </aside>
        <main id="main" className="hub-main" tabIndex={-1}>
          {children}
        </main>
        <SharedPart from={[data.ads, data.assets]} id={`ads ${data.base}`}>
          <aside className="ads-column" aria-label="Recommended">
            <Island name="AdsPanel" props={{ ads: data.ads, base: data.base }} when="interaction" />
          </aside>
        </SharedPart>
      </div>
    </div>
  );
}
