import type { EntityModel } from './entityModel';
import type {
  HomeChartDef,
  LifecycleDef,
  LookupTypeDef,
  MenuDef,
  PageDef,
  ScheduledJobDef,
} from './generated/meta-model';

/**
 * What the load-time checks (crossCheck, checkLifecycleRules) read: the indexed documents and where
 * each came from. MetadataRegistry implements it and hands itself to the checks, so the checks take
 * their input as an argument and never import the registry that runs them.
 */
export interface MetadataCatalog {
  entity(name: string): EntityModel | undefined;
  entities(): EntityModel[];
  page(path: string): PageDef | undefined;
  pages(): PageDef[];
  lifecycle(name: string): LifecycleDef | undefined;
  lifecycles(): LifecycleDef[];
  lookupType(type: string): LookupTypeDef | undefined;
  menus(): MenuDef[];
  scheduledJobs(): ScheduledJobDef[];
  homeCharts(): HomeChartDef[];
  menuEntries(): MenuDef[];
  /** The document (file path, db: or draft: name) an indexed definition came from. */
  source(doc: object): string;
}
