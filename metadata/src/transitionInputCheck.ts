/**
 * Load checks of a transition's input (lifecycle.schema.json `input`): each names a field of every
 * entity of the lifecycle that a user may write — not its key, its status (that moves only by the
 * transition) or a platform column — once, and a default copied from a field copies an existing one.
 */
import type { EntityModel } from './entityModel';
import { isLineAggregate, valueFields } from './effects';
import type { TransitionDef } from './generated/meta-model';
import { AUDIT_FIELD_NAMES, VERSION_FIELD } from './systemFields';

type Report = (pointer: string, message: string) => void;

const PLATFORM_FIELDS = new Set<string>([...AUDIT_FIELD_NAMES, VERSION_FIELD]);

export function checkTransitionInput(entities: EntityModel[], pointer: string, t: TransitionDef, report: Report): void {
  const seen = new Set<string>();
  (t.input ?? []).forEach((input, i) => {
    const at = `${pointer}/${i}`;
    if (seen.has(input.field)) report(`${at}/field`, `"${input.field}" is an input of ${t.action} twice`);
    seen.add(input.field);
    for (const entity of entities) {
      if (!entity.field(input.field)) report(`${at}/field`, `"${input.field}" is not a field of ${entity.name}`);
      else if (input.field === entity.primaryKey || input.field === entity.statusField)
        report(`${at}/field`, `"${input.field}" is the key or the status of ${entity.name}: not an input`);
      else if (PLATFORM_FIELDS.has(input.field))
        report(`${at}/field`, `"${input.field}" of ${entity.name} is written by the platform, not an input`);
      for (const source of input.default === undefined ? [] : valueFields(input.default))
        if (!entity.field(source)) report(`${at}/default`, `value field "${source}" is not a field of ${entity.name}`);
      // A default is worked out before the transition reads anything else (its lines included).
      if (isLineAggregate(input.default)) report(`${at}/default`, 'an input default cannot count or sum lines');
    }
  });
}
