/**
 * The approved supplier list's requests (DOMAIN.md §5.8): the header's lines and the effective
 * list srmPurAslList, read and written in the caller's transaction (audited, versioned rows), and
 * the rules of a request's lines, shared by the save hook and the transitions: an application names
 * a supplier, an inventory organisation and an item or a category, and its supplier and site must
 * be QUALIFIED or POTENTIAL (the supplier trade gate); an alteration changes an existing entry (that
 * the status it read is still the entry's is a declared check of its transitions, purAsl.json).
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordValues } from '../../../hooks/recordHooks';
import { declaredError } from '../../../http/declaredErrors';
import type { DomainServiceRegistry } from '../../../platform/domainServices';
import { DomainStore } from '../../../platform/domainStore';
import { lockKeys } from '../../../resource/invariantLocks';
import { SUPPLIER_TRADE_GATE } from '../../supplier/gate/contract';

export const HEADER = 'srmPurAslHeader';
export const LINE = 'srmPurAslLine';
export const ASL = 'srmPurAslList';

/** What an alteration line copies from the entry it changes. */
const ENTRY_FIELDS = ['supplierId', 'supplierSiteId', 'itemId', 'categoryId', 'invOrgId'];
const LINE_FIELDS = [
  'aslLineId',
  'aslId',
  ...ENTRY_FIELDS,
  'vendorBusinessType',
  'aslStatusBefore',
  'aslStatusAfter',
  'quotaPercent',
  'reviewByDate',
];

/** What identifies an ASL entry: supplier × item or category × inventory organisation (the site follows from supplier × organisation). */
export interface AslKey {
  supplierId: number;
  itemId: number | null;
  categoryId: number | null;
  invOrgId: number;
}

const given = (v: unknown): boolean => v !== null && v !== undefined && v !== '';
const num = (v: unknown): number | null => (given(v) ? Number(v) : null);

export const keyOf = (line: Row): AslKey => ({
  supplierId: Number(line.supplierId),
  itemId: num(line.itemId),
  categoryId: num(line.categoryId),
  invOrgId: Number(line.invOrgId),
});

export class AslStore extends DomainStore {
  constructor(
    registry: MetadataRegistry,
    dialect: SqlExecutor['dialect'],
    private readonly services: DomainServiceRegistry,
  ) {
    super(registry, dialect);
  }

  lines(tx: SqlExecutor, aslHeaderId: number): Promise<Row[]> {
    return this.rows.select(tx, LINE, LINE_FIELDS, { aslHeaderId }, { orderBy: ['aslLineId'] });
  }

  /** Serialises writers of the same ASL keys (no unique index can say it: item or category is NULL). */
  lockEntries(tx: SqlExecutor, keys: AslKey[]): Promise<void> {
    return lockKeys(
      tx,
      keys.map((k) => `${ASL} ${k.supplierId}|${k.itemId ?? '-'}|${k.categoryId ?? '-'}|${k.invOrgId}`),
    );
  }

  /** The entry with this key, read under lock (after lockEntries). */
  entryByKey(tx: SqlExecutor, key: AslKey): Promise<Row | undefined> {
    return this.rows.one(tx, ASL, ['aslId'], { ...key }, { underLock: true });
  }

  /** An application line: item or category, no entry of its own; the supplier and its site may be listed (the site is filled in). */
  async checkApplyLine(tx: SqlExecutor, line: RecordValues, i: number): Promise<void> {
    if (given(line.aslId))
      throw declaredError('purchasingOrders.aslApplyLineNamesEntry', {}, [
        { field: `lines[${i}].aslId`, message: 'not allowed / 不允许' },
      ]);
    if (!given(line.itemId) && !given(line.categoryId))
      throw declaredError('purchasingOrders.aslApplyLineNeedsItem', {}, [
        { field: `lines[${i}].categoryId`, message: 'required / 必填' },
      ]);
    line.supplierSiteId = await this.services.get(SUPPLIER_TRADE_GATE).checkSupplierMayBeListed(tx, {
      supplierId: Number(line.supplierId),
      supplierSiteId: num(line.supplierSiteId),
      invOrgId: num(line.invOrgId),
    });
  }

  /** An alteration line: the entry it changes; what identifies the entry and its current status are copied from it, never typed. */
  async fillAlterationLine(tx: SqlExecutor, line: RecordValues, i: number): Promise<void> {
    const entry = given(line.aslId)
      ? await this.rows.one(tx, ASL, [...ENTRY_FIELDS, 'aslStatus'], { aslId: Number(line.aslId) })
      : undefined;
    if (!entry)
      throw declaredError('purchasingOrders.aslAlterationNeedsEntry', {}, [
        { field: `lines[${i}].aslId`, message: 'required / 必填' },
      ]);
    for (const f of ENTRY_FIELDS) line[f] = num(entry[f]);
    line.aslStatusBefore = entry.aslStatus;
  }
}
