/**
 * Load checks of line aggregates in effect values (lifecycle.schema.json LineAggregateValue): the
 * child and its fields exist, a count names no field, a sum adds a number field, min and max
 * compare a number or a date.
 */
import { childEntity } from './childEntity';
import { lineAggregatesIn } from './effects';
import type { EntityModel } from './entityModel';
import { filterFields } from './filter';
import { DATE_TYPES, NUMBER_TYPES } from './fieldTypes';
import type { MetadataCatalog } from './metadataCatalog';
import type { ResolvedField } from './systemFields';

type Report = (pointer: string, message: string) => void;

function fieldProblem(aggregate: string, field: ResolvedField | undefined, name?: string): string | undefined {
  if (aggregate === 'count') return name ? 'a count names no field' : undefined;
  if (!name || !field) return `${aggregate} needs a field of the lines${name ? ` ("${name}" is not one)` : ''}`;
  if (NUMBER_TYPES.has(field.type) || (aggregate !== 'sum' && DATE_TYPES.has(field.type))) return undefined;
  return `"${name}" is a ${field.type}: ${aggregate === 'sum' ? 'a sum adds numbers' : 'min and max compare numbers or dates'}`;
}

/** Every line aggregate the effect holds, against each entity of the lifecycle. */
export function checkLineAggregates(
  registry: Pick<MetadataCatalog, 'entity'>,
  entities: EntityModel[],
  pointer: string,
  effect: unknown,
  report: Report,
): void {
  for (const value of lineAggregatesIn(effect))
    for (const entity of entities) {
      const lines = childEntity(registry, entity, value.lines, report, pointer);
      if (!lines) continue;
      const problem = fieldProblem(value.aggregate, value.field ? lines.field(value.field) : undefined, value.field);
      if (problem) report(pointer, `${value.aggregate} of ${value.lines}: ${problem}`);
      for (const name of filterFields(value.where))
        if (!lines.field(name)) report(pointer, `filter field "${name}" is not a field of ${lines.name}`);
    }
}
