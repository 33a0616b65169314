import type { EntityModel } from './entityModel';
import type { FilterNode } from './generated/meta-model';
import type { ResolvedField } from './systemFields';
import { checkReferenceFilter } from './referenceFilterCheck';

type Report = (pointer: string, message: string) => void;

/** What a document number of one type must name: a row of `entity` whose valueField holds it and that satisfies `filter`. */
export interface NumberTarget {
  entity: string;
  valueField: string;
  filter?: FilterNode;
}

/**
 * FieldDef.numberOf: the document a number field names for the record's document type (the value
 * of numberOf.typeField), as a reference by number; undefined when the field has no numberOf or
 * the type has no documents declared (not checked).
 */
export function numberTarget(field: ResolvedField, type: unknown): NumberTarget | undefined {
  const document = field.numberOf?.documents[String(type ?? '')];
  return document && { entity: document.entity, valueField: document.numberField, filter: document.filter };
}

/**
 * A numberOf names a field of its entity as the type, and per type an entity and number field that
 * exist; each type's filter is checked as a reference filter is (target fields, `$form` names).
 */
export function checkNumberOf(
  entity: EntityModel,
  field: ResolvedField,
  at: string,
  lookup: (name: string) => EntityModel | undefined,
  report: Report,
): void {
  const declared = field.numberOf;
  if (!declared) return;
  if (!entity.field(declared.typeField))
    report(
      at,
      `numberOf of "${field.name}" names type field "${declared.typeField}", which is not a field of ${entity.name}`,
    );
  for (const [type, document] of Object.entries(declared.documents)) {
    const target = lookup(document.entity);
    if (!target)
      report(`${at}/documents/${type}`, `numberOf of "${field.name}" names unknown entity "${document.entity}"`);
    else if (!target.field(document.numberField))
      report(
        `${at}/documents/${type}`,
        `numberOf of "${field.name}" uses "${document.numberField}", which is not a field of ${target.name}`,
      );
    const asReference = { ...field, reference: { entity: document.entity, filter: document.filter } };
    checkReferenceFilter(entity, asReference, `${at}/documents/${type}/filter`, lookup, report);
  }
}
