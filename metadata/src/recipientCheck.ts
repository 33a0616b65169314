/**
 * Load checks of a to-do's or notification's recipients (lifecycle.schema.json $defs/recipients):
 * exactly one kind; the field a recipient names is the record's, or with lines the lines' (or a
 * field of the record a line's reference names).
 */
import { childEntity } from './childEntity';
import type { EntityModel } from './entityModel';
import { recipientFields } from './effects';
import { filterFields } from './filter';
import type { RecipientsDef } from './generated/meta-model';
import type { MetadataCatalog } from './metadataCatalog';
import { referencedField } from './referencedNames';

interface RecipientScope {
  registry: MetadataCatalog;
  entities: EntityModel[];
  report: (pointer: string, message: string) => void;
}

const RECIPIENT_KINDS = ['userField', 'supplierField', 'submitter', 'creator', 'approvers'] as const;

/** With lines, the recipient field and the filter are the lines' (each entity's child of that name). */
function checkLineRecipients(s: RecipientScope, pointer: string, to: RecipientsDef): void {
  if (!to.userField && !to.supplierField) s.report(pointer, 'lines name the recipients by userField or supplierField');
  for (const entity of s.entities) {
    const lines = childEntity(s.registry, entity, to.lines, s.report, `${pointer}/lines`);
    if (!lines) continue;
    // A recipient may sit one reference further, on the record a line names ("orderHeaderId.buyerId").
    for (const name of recipientFields(to))
      if (!lines.field(name) && !referencedField(s.registry, lines, name))
        s.report(pointer, `recipient field "${name}" is not a field of ${lines.name}`);
    for (const name of filterFields(to.where))
      if (!lines.field(name)) s.report(pointer, `recipient field "${name}" is not a field of ${lines.name}`);
  }
}

export function checkRecipients(
  s: RecipientScope,
  pointer: string,
  to: RecipientsDef,
  checkFields: (pointer: string, names: string[], what: string) => void,
): void {
  const kinds = RECIPIENT_KINDS.filter((k) => to[k] !== undefined);
  if (kinds.length !== 1)
    s.report(pointer, `recipients name one of ${RECIPIENT_KINDS.join(', ')}, not ${kinds.join(' and ') || 'none'}`);
  if (to.where && !to.lines) s.report(`${pointer}/where`, 'where selects lines: only with lines');
  if (to.internal && to.supplierField)
    s.report(`${pointer}/internal`, 'internal keeps internal users: not with supplierField');
  if (to.lines) return checkLineRecipients(s, pointer, to);
  checkFields(pointer, recipientFields(to), 'recipient field');
  const set = to.approvers;
  if (set && !set.responsibilities?.length && !set.roles?.length && !set.users?.length)
    s.report(pointer, 'approvers name no responsibility, role or user');
}
