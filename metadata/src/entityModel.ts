import type { ChildDef, EntityDef } from './generated/meta-model';
import { resolveFields, type ResolvedField } from './systemFields';

/** An entity definition with its fields resolved and indexed; built once per registry load. */
export class EntityModel {
  readonly name: string;
  readonly fields: ResolvedField[];
  private readonly byName: Map<string, ResolvedField>;

  constructor(
    readonly def: EntityDef,
    readonly source: 'file' | 'db' = 'file',
  ) {
    this.name = def.name;
    this.fields = resolveFields(def);
    this.byName = new Map(this.fields.map((f) => [f.name, f]));
  }

  get area(): string {
    return this.def.area;
  }
  get table(): string {
    return this.def.table;
  }
  get primaryKey(): string {
    return this.def.primaryKey;
  }
  get children(): ChildDef[] {
    return this.def.children ?? [];
  }
  get statusField(): string | undefined {
    return this.def.statusField;
  }

  field(name: string): ResolvedField | undefined {
    return this.byName.get(name);
  }

  /** Fields people may read, filter and sort on: not secret, not retired. */
  get readableFields(): ResolvedField[] {
    return this.fields.filter((f) => !f.secret && !f.retired);
  }

  isFilterable(name: string): boolean {
    const f = this.byName.get(name);
    return !!f && !f.secret && !f.retired && f.filterable !== false && f.type !== 'json';
  }

  /** The def as sent to the runtime: system fields appended, secret and retired ones removed. */
  toClientDef(): EntityDef {
    const fields = this.readableFields.map(({ column: _column, ...rest }) => rest);
    return { ...this.def, fields: fields as EntityDef['fields'] };
  }
}

/**
 * The target field that names a referenced record in a language: in English the reference's
 * `labelFieldEn`, else the target's `{labelField}En` when it has one (orgName → orgNameEn),
 * else the label field itself. One rule for the server's joined labels and the runtime's pickers.
 */
export function referenceLabelField(
  reference: { labelField?: string; labelFieldEn?: string },
  target: { fields: { name: string }[]; displayField?: string },
  language: 'CN' | 'EN',
): string | undefined {
  const base = reference.labelField ?? target.displayField;
  if (!base || language !== 'EN') return base;
  const english = reference.labelFieldEn ?? `${base}En`;
  return target.fields.some((f) => f.name === english) ? english : base;
}
