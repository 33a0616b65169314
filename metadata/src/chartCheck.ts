/**
 * Load checks of the internal home's charts (chart.schema.json): each names an entity that exists
 * and fields of it of the right kind, which people may read (a chart counts them in SQL, so a
 * secret or retired field would leak through its figures).
 */
import type { HomeChartDef } from './generated/meta-model';
import type { EntityModel } from './entityModel';
import { DATE_TYPES, NUMBER_TYPES } from './fieldTypes';
import type { MetadataCatalog } from './metadataCatalog';
import type { MetadataProblem } from './problems';

type Report = (pointer: string, message: string) => void;

/** The field `name` of the entity as a chart may use it, or why not. */
function checkField(
  entity: EntityModel,
  name: string,
  types: ReadonlySet<string>,
  what: string,
  at: string,
  report: Report,
): void {
  const field = entity.field(name);
  if (!field) report(at, `"${name}" is not a field of ${entity.name}`);
  else if (!entity.isFilterable(name))
    report(at, `"${name}" of ${entity.name} cannot be read (secret, retired or json)`);
  else if (!types.has(field.type)) report(at, `"${name}" of ${entity.name} is a ${field.type}, not ${what}`);
}

const LOOKUP: ReadonlySet<string> = new Set(['lookup']);

function checkChart(registry: MetadataCatalog, chart: HomeChartDef, at: string, report: Report): void {
  const entity = registry.entity(chart.entity);
  if (!entity) return report(`${at}/entity`, `chart "${chart.key}" counts unknown entity "${chart.entity}"`);
  if (chart.kind === 'byStatus') checkField(entity, chart.field, LOOKUP, 'a lookup', `${at}/field`, report);
  else {
    checkField(entity, chart.dateField, DATE_TYPES, 'a date or datetime', `${at}/dateField`, report);
    if (chart.amountField) checkField(entity, chart.amountField, NUMBER_TYPES, 'a number', `${at}/amountField`, report);
  }
  if (!chart.excludeStatuses) return;
  const statusField = chart.statusField ?? 'status';
  checkField(entity, statusField, LOOKUP, 'a lookup', `${at}/statusField`, report);
  const lookup = registry.lookupType(entity.field(statusField)?.lookupType ?? '');
  if (!lookup) return;
  const codes = new Set(lookup.values.map((v) => v.lookupCode));
  chart.excludeStatuses.forEach((code, i) => {
    if (!codes.has(code)) report(`${at}/excludeStatuses/${i}`, `"${code}" is not a value of ${lookup.lookupType}`);
  });
}

/** Every home chart of every chart set, against the entities it counts. */
export function checkHomeCharts(registry: MetadataCatalog, problems: MetadataProblem[]): void {
  // Pointers count within each document, as the menus' do.
  const next = new Map<string, number>();
  for (const chart of registry.homeCharts()) {
    const source = registry.source(chart);
    const i = next.get(source) ?? 0;
    next.set(source, i + 1);
    checkChart(registry, chart, `/charts/${i}`, (pointer, message) =>
      problems.push({ document: source, pointer, message }),
    );
  }
}
