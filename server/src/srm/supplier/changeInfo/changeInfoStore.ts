import type { EntityModel } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, Row, SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import type { ResourceContext } from '../../../resource/context';
import { attachmentIds } from '../../../files/attachmentLinks';
import { EntityStore } from '../../../resource/entityStore';

export const CHANGE = 'srmSlcChangeInfo';
export const SUPPLIER = 'srmSlcSupplierInfo';

/** The master's basic fields an info change may carry a new value for (same names on both records). */
export const BASIC_FIELDS = [
  'supplierNameEn',
  'supplierShortName',
  'legalRepresentative',
  'registeredAddress',
  'email',
  'phone',
] as const;

/**
 * A change child and the master sub-record it edits (DOMAIN 1.3), as the metadata says: the line's
 * reference field `source…` names the master row. `softDelete`: a DELETE line disables the master
 * row when it has an enabledFlag (contacts, accounts and locations: documents name them);
 * credentials and tax records have none and are removed, as the master edit does.
 */
export interface ChildTarget {
  child: string;
  line: EntityModel;
  sourceField: string;
  master: string;
  masterKey: string;
  softDelete: boolean;
}

/** Reads and writes of the info-change effects across the change, the supplier master and its sub-records. */
export class ChangeInfoStore extends EntityStore {
  constructor(registry: MetadataRegistry, db: Database, hooks: RecordHookRegistry) {
    super(registry, db, hooks, 'Info changes');
  }

  /** The change's children (contacts, accounts, locations, credentials, taxes), each with the master sub-record it edits. */
  readonly targets: ChildTarget[] = this.model(CHANGE).children.map((child) => {
    const line = this.model(child.entity);
    const source = line.fields.find((f) => f.type === 'reference' && f.name.startsWith('source'))!;
    const master = this.model(source.reference!.entity);
    const { name, primaryKey } = master;
    const softDelete = !!master.field('enabledFlag');
    return { child: child.name, line, sourceField: source.name, master: name, masterKey: primaryKey, softDelete };
  });

  /** The supplier master row, read under lock inside the transaction. */
  async supplier(tx: SqlExecutor, supplierId: number, ctx: ResourceContext): Promise<Row | undefined> {
    return this.reader.byId(this.model(SUPPLIER), supplierId, ctx, undefined, tx, true);
  }

  /** Which of `ids` are rows of the supplier's master sub-record (contacts or accounts). */
  async ownRows(tx: SqlExecutor, target: ChildTarget, supplierId: number, ids: number[]): Promise<Set<number>> {
    const rows = await this.rows.select(tx, target.master, [target.masterKey], { supplierId, [target.masterKey]: ids });
    return new Set(rows.map((r) => Number(r[target.masterKey])));
  }

  /** The current versionNum of each of `ids` in the master sub-record (read under lock: the row approval will check). */
  async versions(tx: SqlExecutor, target: ChildTarget, ids: number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const fields = [target.masterKey, 'versionNum'];
    const rows = await this.rows.select(tx, target.master, fields, { [target.masterKey]: ids }, { underLock: true });
    return new Map(rows.map((r) => [Number(r[target.masterKey]), Number(r.versionNum)]));
  }

  /** DELETE of one master sub-record row of the supplier, only at the version the change saw. Returns rows affected. */
  async remove(tx: SqlExecutor, target: ChildTarget, id: number, supplierId: number, version: number): Promise<number> {
    return this.rows.delete(tx, target.master, { [target.masterKey]: id, supplierId, versionNum: version });
  }

  /**
   * The attachments a change line lists (a credential's scans) move with its values to the master
   * row: from then on whoever may read the master row may read them (server/src/files/attachmentLinks.ts).
   * Only files linked to this very line move, so a line naming another record's file gains nothing.
   */
  async moveAttachments(
    tx: SqlExecutor,
    ctx: ResourceContext,
    lineModel: EntityModel,
    line: Row,
    master: EntityModel,
    masterId: number,
  ) {
    const ids = master.fields
      .filter((f) => f.type === 'attachment' && !!line[f.name])
      .flatMap((f) => attachmentIds(line[f.name]));
    if (!ids.length) return;
    const where = { attachmentId: ids, functionId: lineModel.name, businessId: Number(line[lineModel.primaryKey]) };
    await this.rows.update(tx, 'baseFile', { functionId: master.name, businessId: masterId }, where, ctx.userId);
  }
}
