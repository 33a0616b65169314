import type {
  ChartSetDef,
  EntityDef,
  LifecycleDef,
  LookupSetDef,
  MenuSetDef,
  MessageSetDef,
  PageDef,
  ScheduleSetDef,
} from './generated/meta-model';

export type MetaDocumentKind =
  'entity' | 'page' | 'lifecycle' | 'lookupSet' | 'menuSet' | 'scheduleSet' | 'messageSet' | 'chartSet';

/** A metadata document and where it came from (a file path, or "db:meta_document/{id}"). */
export interface SourcedDocument {
  source: string;
  doc: unknown;
}

export type MetaDocument =
  EntityDef | PageDef | LifecycleDef | LookupSetDef | MenuSetDef | ScheduleSetDef | MessageSetDef | ChartSetDef;

export const SCHEMA_FILE_BY_KIND: Record<MetaDocumentKind, string> = {
  entity: 'entity.schema.json',
  page: 'page.schema.json',
  lifecycle: 'lifecycle.schema.json',
  lookupSet: 'lookup.schema.json',
  menuSet: 'menu.schema.json',
  scheduleSet: 'schedule.schema.json',
  messageSet: 'message.schema.json',
  chartSet: 'chart.schema.json',
};

export function documentKind(doc: unknown): MetaDocumentKind | undefined {
  const kind = (doc as { kind?: unknown } | null)?.kind;
  return typeof kind === 'string' && Object.hasOwn(SCHEMA_FILE_BY_KIND, kind) ? (kind as MetaDocumentKind) : undefined;
}
