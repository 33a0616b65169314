/**
 * Page documents ⇄ the page designer's form values. The form edits section fields as names and
 * buttons as resource codes; assembling puts back the objects the names stood for (a wide text
 * field's span, a detail page's readOnly), the standard action of each ticked code, and the line
 * grids with their edited columns.
 */
import type { ColumnConfig, FormField, FormLines, PageAction, PageDef } from '../meta';
import { pruneEmpty } from './entityDraft';
import { STANDARD_ACTIONS } from './pageLayout';

export interface PageFormValues extends Omit<PageDef, 'form' | 'actions'> {
  form?: { columns?: number; sections?: { title?: { cn: string; en: string }; fields: string[] }[]; lines?: unknown[] };
  actionCodes: string[];
}

const fieldName = (f: FormField) => (typeof f === 'string' ? f : f.field);

/**
 * The line grids with the designer's columns: the form edits only the columns, so everything else
 * (child, title, widget, grid flags) stays as the original has it.
 */
function linesOf(edited: unknown[] | undefined, original: FormLines[]): FormLines[] {
  return original.map((line, i) => {
    const columns = (edited?.[i] as { grid?: { columns?: ColumnConfig[] } } | undefined)?.grid?.columns;
    return columns ? { ...line, grid: { ...line.grid, columns: pruneEmpty(columns) } } : line;
  });
}

export function pageFormValues(page: PageDef): PageFormValues {
  const { form, actions, ...rest } = page;
  return {
    ...rest,
    ...(form && {
      form: { ...form, sections: (form.sections ?? []).map((s) => ({ ...s, fields: s.fields.map(fieldName) })) },
    }),
    actionCodes: (actions ?? []).map((a) => a.resourceCode),
  };
}

/**
 * The page document of the form values; `original` supplies the objects behind names and codes,
 * `offered` the actions of codes the page did not have yet (standard and lifecycle buttons).
 */
export function pageDocument(
  values: PageFormValues,
  original: PageDef,
  offered: Record<string, PageAction> = STANDARD_ACTIONS,
): PageDef {
  const { actionCodes, form, ...rest } = values;
  const known = new Map<string, FormField>();
  for (const s of original.form?.sections ?? []) for (const f of s.fields) known.set(fieldName(f), f);
  const readOnly = values.type === 'detail';
  const sectionField = (name: string): FormField =>
    known.get(name) ?? (readOnly ? { field: name, readOnly: true } : name);
  const byCode = new Map<string, PageAction>((original.actions ?? []).map((a) => [a.resourceCode, a]));
  const doc = pruneEmpty({
    ...rest,
    ...(form && {
      form: {
        ...original.form,
        ...form,
        sections: (form.sections ?? []).map((s) => ({ ...s, fields: (s.fields ?? []).map(sectionField) })),
      },
    }),
  }) as PageDef;
  if (doc.form && original.form?.lines) doc.form.lines = linesOf(form?.lines, original.form.lines);
  const actions = (actionCodes ?? [])
    .map((code) => byCode.get(code) ?? offered[code] ?? STANDARD_ACTIONS[code])
    .filter(Boolean);
  if (actions.length || original.actions) doc.actions = actions;
  return doc;
}
