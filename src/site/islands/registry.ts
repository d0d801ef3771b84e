/** Every island type of the site, by name. Each is `src/site/widgets/<Name>.tsx` with a default export. */
import AdsPanel from '../widgets/AdsPanel.js';
import CopyButton from '../widgets/CopyButton.js';
import DrawerButton from '../widgets/DrawerButton.js';
import NavMenu from '../widgets/NavMenu.js';
import PointerEffects from '../widgets/PointerEffects.js';
import ShareWidget from '../widgets/ShareWidget.js';
import SidebarSearch from '../widgets/SidebarSearch.js';
import ThemeToggle from '../widgets/ThemeToggle.js';
import type { IslandName } from '../types.js';

/** Island components by name, one for each IslandName; the bundler makes one browser chunk per entry. */
export const islandComponents = { AdsPanel, CopyButton, DrawerButton, NavMenu, PointerEffects, ShareWidget, SidebarSearch, ThemeToggle } satisfies Record<IslandName, unknown>;

export type { IslandName };
