import type { EntityDef, PageDef } from '../meta';

/** What every page component (generated or custom widget) receives from the PageResolver. */
export interface PageProps {
  page: PageDef;
  entities: Record<string, EntityDef>;
}
