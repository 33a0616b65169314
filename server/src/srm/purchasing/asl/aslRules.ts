/**
 * The rules of an ASL request's lines (DOMAIN.md §5.8), shared by the save hook and the
 * transitions: an application names a supplier, an inventory organisation and an item or a
 * category, and its supplier and site must be QUALIFIED or POTENTIAL (the supplier trade gate);
 * an alteration changes an existing entry (that the status it read is still the entry's is a
 * declared check of its transitions, purAsl.json).
 */
import type { SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordValues } from '../../../hooks/recordHooks';
import { declaredError } from '../../../http/declaredErrors';
import type { DomainServiceRegistry } from '../../../platform/domainServices';
import { SUPPLIER_TRADE_GATE } from '../../supplier/gate/contract';
import type { AslStore } from './aslStore';

const given = (v: unknown): boolean => v !== null && v !== undefined && v !== '';

export class AslRules {
  constructor(
    private readonly store: AslStore,
    private readonly services: DomainServiceRegistry,
  ) {}

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
      supplierSiteId: given(line.supplierSiteId) ? Number(line.supplierSiteId) : null,
      invOrgId: given(line.invOrgId) ? Number(line.invOrgId) : null,
    });
  }

  /** An alteration line: the entry it changes; what identifies the entry and its current status are copied from it, never typed. */
  async fillAlterationLine(tx: SqlExecutor, line: RecordValues, i: number): Promise<void> {
    const entry = given(line.aslId) ? await this.store.entry(tx, Number(line.aslId)) : undefined;
    if (!entry)
      throw declaredError('purchasingOrders.aslAlterationNeedsEntry', {}, [
        { field: `lines[${i}].aslId`, message: 'required / 必填' },
      ]);
    for (const f of ['supplierId', 'supplierSiteId', 'itemId', 'categoryId', 'invOrgId'])
      line[f] = entry[f] === null || entry[f] === undefined ? null : Number(entry[f]);
    line.aslStatusBefore = entry.aslStatus;
  }
}
