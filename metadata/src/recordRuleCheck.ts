/**
 * Load checks of entities' cross-field rules (entity.schema.json `recordRules`): the field a rule
 * names, the fields its filters read and compare with ("$record.startDate"), and its message's
 * placeholders are fields of the entity, so a typo stops the start instead of every save.
 */
import type { FilterNode } from './generated/meta-model';
import { placeholders } from './effects';
import { filterConditions, filterFields } from './filter';
import type { MetadataCatalog } from './metadataCatalog';
import type { MetadataProblem } from './problems';

/** Fields a filter compares with as "$record.x". */
export function recordComparedFields(...filters: Array<FilterNode | undefined>): string[] {
  return filters
    .flatMap((f) => filterConditions(f))
    .flatMap((c) => (Array.isArray(c.value) ? c.value : [c.value]))
    .filter((v): v is string => typeof v === 'string' && v.startsWith('$record.'))
    .map((v) => v.slice('$record.'.length));
}

export function checkRecordRules(registry: MetadataCatalog, problems: MetadataProblem[]): void {
  for (const entity of registry.entities()) {
    entity.def.recordRules?.forEach((rule, i) => {
      const at = `/recordRules/${i}`;
      const named: Array<[string, string[]]> = [
        [`${at}/field`, [rule.field]],
        [`${at}/when`, filterFields(rule.when)],
        [`${at}/record`, [...filterFields(rule.record), ...recordComparedFields(rule.when, rule.record)]],
        [`${at}/message`, placeholders(`${rule.message.cn} ${rule.message.en}`)],
      ];
      for (const [pointer, names] of named)
        for (const name of new Set(names))
          if (!entity.field(name))
            problems.push({
              document: registry.source(entity),
              pointer,
              message: `"${name}" is not a field of ${entity.name}`,
            });
    });
  }
}
