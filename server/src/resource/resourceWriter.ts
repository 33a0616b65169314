import { evaluateFilter, isContextDefault, type EntityModel, type FilterNode } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Row, SqlExecutor, SqlParam } from '../db/sqlExecutor';
import { Errors } from '../http/apiError';
import type { RecordHookRegistry, RecordValues } from '../hooks/recordHooks';
import { formatDateTime } from '../util/time';
import type { ResourceContext } from './context';
import { nextDocumentNumber } from './documentNumber';
import { checkLookupCodes } from './lookupCheck';
import type { PreparedRecord } from './recordPreparation';
import { checkFixedLines } from './fixedLines';
import { checkReferences } from './referenceCheck';
import type { ResourceReader } from './resourceReader';
import { readStoredLines, sameAsStored } from './storedLines';
import { readStoredReferences } from './storedReferences';
import { toSqlParam } from './values';
import { assertRecordRules } from './recordRules';
import { assertWrittenValues } from './writtenValues';

function applyScopeValues(record: PreparedRecord, creating: boolean, ctx: ResourceContext): void {
  for (const [name, value] of Object.entries(ctx.scopeValues ?? {})) {
    if (creating) record.values[name] = value;
    else delete record.values[name];
  }
}

/** Writes prepared records: insert or versioned update, lines diffed in the same transaction. */
export class ResourceWriter {
  constructor(
    private readonly registry: MetadataRegistry,
    private readonly reader: ResourceReader,
    private readonly hooks: RecordHookRegistry,
  ) {}

  /**
   * Saves header and lines inside tx; returns the header id. `referencesChecked`: the caller has
   * already run checkReferences on this record (a batch checks its new rows in one go);
   * `prefix`: the path its reference errors start with (a batch's 'rows[3].'); `declared`: the values
   * are a lifecycle effect's (createRecord), not a request body's (SaveDraft.declared).
   */
  async save(
    tx: SqlExecutor,
    entity: EntityModel,
    record: PreparedRecord,
    ctx: ResourceContext,
    scope?: FilterNode,
    options: { referencesChecked?: boolean; prefix?: string; declared?: boolean } = {},
  ): Promise<number> {
    const creating = record.id === undefined;
    const current = creating ? undefined : await this.reader.byId(entity, record.id!, ctx, scope, tx, true);
    if (!creating && !current) throw Errors.recordNotFound();
    if (current && entity.def.editableWhen && !evaluateFilter(entity.def.editableWhen, current, ctx.vars)) {
      throw Errors.conflict(
        '当前状态的记录不能修改',
        `This record cannot be changed in its current state${entity.statusField ? ` (${String(current[entity.statusField])})` : ''}`,
      );
    }
    applyScopeValues(record, creating, ctx);
    await checkLookupCodes(this.registry, tx, entity, record);
    if (!options.referencesChecked) await this.checkReferences(tx, entity, record, ctx, current, options.prefix);
    await checkFixedLines(this.registry, tx, entity, record);
    const children = Object.fromEntries(
      Object.entries(record.children).map(([k, rows]) => [k, rows?.map((r) => r.values)]),
    );
    const childIds = Object.fromEntries(
      Object.entries(record.children).map(([k, rows]) => [k, rows?.map((r) => r.id)]),
    );
    await this.hooks.runBeforeSave({
      entity,
      values: record.values,
      children,
      childIds,
      creating,
      id: record.id,
      ctx,
      tx,
      ...(options.declared ? { declared: true } : {}),
    });
    // What the hooks computed is held to the fields' bounds, named as the body names it (lines[0].newPrice).
    const lines = entity.children.map((c) => ({
      name: c.name,
      entity: this.registry.entity(c.entity)!,
      rows: record.children[c.name]?.map((r) => r.values) ?? [],
    }));
    assertWrittenValues(entity, record.values, ctx.language, lines);
    assertRecordRules(entity, { ...current, ...record.values }, ctx);
    const id = creating
      ? await this.insertChecked(tx, entity, await this.withCreateDefaults(tx, entity, record.values), ctx)
      : await this.update(tx, entity, record.id!, record.values, record.versionNum, ctx);
    await this.hooks.runAfterSave({ entity, id, values: record.values, ctx, tx });
    for (const child of entity.children) {
      const rows = record.children[child.name];
      if (rows) await this.saveLines(tx, this.registry.entity(child.entity)!, child.foreignKey, id, rows, ctx);
    }
    await this.assertStillInScope(tx, entity, id, ctx, scope);
    return id;
  }

  /**
   * checkReferences on one record: an update's values are compared with its stored row (`current`,
   * read in the caller's scope) and stored lines, so what it leaves as stored is not checked again.
   */
  private async checkReferences(
    tx: SqlExecutor,
    entity: EntityModel,
    record: PreparedRecord,
    ctx: ResourceContext,
    current: Row | undefined,
    prefix = '',
  ): Promise<void> {
    const stored = current && (await readStoredReferences(this.registry, tx, entity, record, current));
    await checkReferences(this.registry, tx, entity, [{ record, prefix, stored }], ctx);
  }

  /**
   * A save may not put a record where its author could not reach it (an organisation they are not
   * permitted, another supplier): read back through the scope inside the transaction, or roll back.
   */
  private async assertStillInScope(
    tx: SqlExecutor,
    entity: EntityModel,
    id: number,
    ctx: ResourceContext,
    scope?: FilterNode,
  ): Promise<void> {
    if (!scope || (await this.reader.byId(entity, id, ctx, scope, tx))) return;
    throw Errors.forbidden(
      '不能保存到您的数据范围之外（组织或品类权限）',
      `This record would be outside your data scope (organisation or category permits) — ${entity.name} was not saved`,
    );
  }

  private async withCreateDefaults(tx: SqlExecutor, entity: EntityModel, values: RecordValues): Promise<RecordValues> {
    const result = { ...values };
    for (const field of entity.fields) {
      if (field.system) continue;
      if (field.generated === 'documentNumber' && field.numberPrefix)
        result[field.name] = await nextDocumentNumber(tx, field.numberPrefix);
      else if (result[field.name] === undefined && field.default !== undefined && !isContextDefault(field.default))
        result[field.name] = field.default;
    }
    const lifecycle = entity.def.lifecycle ? this.registry.lifecycle(entity.def.lifecycle) : undefined;
    if (lifecycle && entity.statusField) result[entity.statusField] = lifecycle.initial;
    return result;
  }

  private params(entity: EntityModel, values: RecordValues): [string[], SqlParam[]] {
    const names = Object.keys(values).filter((n) => entity.field(n));
    return [
      names.map((n) => entity.field(n)!.column),
      names.map((n) => toSqlParam(entity.field(n)!, values[n], entity.name)),
    ];
  }

  /** Inserts a row whose values have not been checked yet (seeds, sessions, domain rows): held to its fields' bounds. */
  async insert(tx: SqlExecutor, entity: EntityModel, values: RecordValues, ctx: ResourceContext): Promise<number> {
    assertWrittenValues(entity, values, ctx.language);
    return this.insertChecked(tx, entity, values, ctx);
  }

  /** save() checked the record and its lines once, naming lines as the body does (lines[0].x). */
  private async insertChecked(
    tx: SqlExecutor,
    entity: EntityModel,
    values: RecordValues,
    ctx: ResourceContext,
  ): Promise<number> {
    const now = formatDateTime();
    const [columns, params] = this.params(entity, values);
    columns.push('created_by', 'creation_date', 'last_updated_by', 'last_update_date', 'version_num');
    params.push(ctx.userId, now, ctx.userId, now, 1);
    const explicitKey = values[entity.primaryKey];
    const q = tx.dialect.quote;
    const result = await tx.execute(
      `INSERT INTO ${q(entity.table)} (${columns.map(q).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      params,
    );
    return typeof explicitKey === 'number' ? explicitKey : result.insertId!;
  }

  /**
   * UPDATE … WHERE key = ? AND version_num = ?: a stale versionNum changes nothing and answers 409.
   * Only save() updates, after checking the record and its lines.
   */
  private async update(
    tx: SqlExecutor,
    entity: EntityModel,
    id: number,
    values: RecordValues,
    versionNum: number | undefined,
    ctx: ResourceContext,
  ): Promise<number> {
    if (versionNum === undefined) {
      throw Errors.badRequest('更新时必须提供版本号 versionNum', 'versionNum is required when updating a record', [
        { field: 'versionNum', message: 'required' },
      ]);
    }
    const [columns, params] = this.params(entity, values);
    const q = tx.dialect.quote;
    const sets = [
      ...columns.map((c) => `${q(c)} = ?`),
      `${q('version_num')} = ${q('version_num')} + 1`,
      `${q('last_updated_by')} = ?`,
      `${q('last_update_date')} = ?`,
    ];
    const result = await tx.execute(
      `UPDATE ${q(entity.table)} SET ${sets.join(', ')} WHERE ${q(entity.field(entity.primaryKey)!.column)} = ? AND ${q('version_num')} = ?`,
      [...params, ctx.userId, formatDateTime(), id, versionNum],
    );
    if (result.affected === 0) throw Errors.staleVersion();
    return id;
  }

  /**
   * Lines in the body replace the stored set: update those with a key, insert new ones, delete the
   * rest. A line whose values equal the stored row and whose versionNum is the stored one is left
   * alone — no UPDATE, no new versionNum, no afterSave (nothing was written); a stale versionNum
   * still goes to the versioned UPDATE and answers 409 (docs/decisions.md, issue 15).
   */
  private async saveLines(
    tx: SqlExecutor,
    model: EntityModel,
    foreignKey: string,
    headerId: number,
    rows: PreparedRecord[],
    ctx: ResourceContext,
  ): Promise<void> {
    const q = tx.dialect.quote;
    const lines = rows.map((row) => ({ row, values: { ...row.values, [foreignKey]: headerId } }));
    const stored = await readStoredLines(
      tx,
      model,
      foreignKey,
      headerId,
      lines.map((l) => l.values),
    );
    const kept = new Set<number>();
    for (const { row, values } of lines) {
      if (row.id === undefined) {
        const id = await this.insertChecked(tx, model, await this.withCreateDefaults(tx, model, values), ctx);
        await this.hooks.runAfterSave({ entity: model, id, values, ctx, tx });
        continue;
      }
      const current = stored.get(row.id);
      if (!current) throw Errors.notFound('行记录不属于该单据', `Line ${row.id} does not belong to this document`);
      const versionNum = row.versionNum ?? current.version;
      // A line named twice is written twice, as before (its second versioned UPDATE then answers 409).
      const unchanged = !kept.has(row.id) && versionNum === current.version && sameAsStored(model, values, current.row);
      kept.add(row.id);
      if (unchanged) continue;
      await this.update(tx, model, row.id, values, versionNum, ctx);
      await this.hooks.runAfterSave({ entity: model, id: row.id, values, ctx, tx });
    }
    const removed = [...stored.keys()].filter((id) => !kept.has(id));
    if (removed.length)
      await tx.execute(
        `DELETE FROM ${q(model.table)} WHERE ${q(model.field(model.primaryKey)!.column)} IN (${removed.map(() => '?').join(', ')})`,
        removed,
      );
  }

  /** Deletes a record and its lines; only when deletableWhen holds on the locked current row. */
  async delete(
    tx: SqlExecutor,
    entity: EntityModel,
    id: number,
    ctx: ResourceContext,
    scope?: FilterNode,
  ): Promise<void> {
    const current = await this.reader.byId(entity, id, ctx, scope, tx, true);
    if (!current) throw Errors.recordNotFound();
    if (entity.def.deletableWhen && !evaluateFilter(entity.def.deletableWhen, current, ctx.vars)) {
      throw Errors.conflict(
        '当前状态的记录不能删除',
        `This record cannot be deleted in its current state${entity.statusField ? ` (${String(current[entity.statusField])})` : ''}`,
      );
    }
    await this.hooks.runBeforeDelete({ entity, id, current, ctx, tx });
    const q = tx.dialect.quote;
    for (const child of entity.children) {
      const model = this.registry.entity(child.entity)!;
      await tx.execute(`DELETE FROM ${q(model.table)} WHERE ${q(model.field(child.foreignKey)!.column)} = ?`, [id]);
    }
    await tx.execute(`DELETE FROM ${q(entity.table)} WHERE ${q(entity.field(entity.primaryKey)!.column)} = ?`, [id]);
  }
}
