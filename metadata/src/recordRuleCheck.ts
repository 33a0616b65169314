/**
 * Load checks of entities' cross-field rules (entity.schema.json `recordRules`): the field a rule
 * names, the fields its filters read and compare with ("$record.startDate"), and its message's
 * placeholders are fields of the entity, so a typo stops the start instead of every save.
 */
import { placeholders } from './effects';
import { comparedFields, filterFields } from './filter';
import type { MetadataCatalog } from './metadataCatalog';
import type { MetadataProblem } from './problems';

export function checkRecordRules(registry: MetadataCatalog, problems: MetadataProblem[]): void {
  for (const entity of registry.entities()) {
    entity.def.recordRules?.forEach((rule, i) => {
      const at = `/recordRules/${i}`;
      const named: Array<[string, string[]]> = [
        [`${at}/field`, [rule.field]],
        [`${at}/when`, filterFields(rule.when)],
        [`${at}/record`, [...filterFields(rule.record), ...comparedFields('record', rule.when, rule.record)]],
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
