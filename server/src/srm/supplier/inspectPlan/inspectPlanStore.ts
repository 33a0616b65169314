/**
 * SQL of the inspection plan (DOMAIN.md §1.6): its header, suppliers, team, categories and
 * addresses, and the supplier master rows the loaders copy from. Names come from the entity
 * metadata; audit columns are filled like the generic writer (PlatformRows).
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, Row, SqlExecutor, SqlParam } from '../../../db/sqlExecutor';
import { DomainStore } from '../../../platform/domainStore';

export const PLAN = 'srmSlcInspectPlan';
export const PLAN_SUPPLIER = 'srmSlcInspectPlanSupplier';
export const PLAN_STAFF = 'srmSlcInspectPlanStaff';
export const PLAN_SITE = 'srmSlcInspectPlanSite';
export const PLAN_CATEGORY = 'srmSlcInspectPlanCategory';
export const PLAN_LOCATION = 'srmSlcInspectPlanLocation';

export class InspectPlanStore extends DomainStore {
  constructor(registry: MetadataRegistry, db: Database) {
    super(registry, db.dialect);
  }

  /** The named fields of an entity's rows where `where` holds, in key order. */
  select(tx: SqlExecutor, entity: string, fields: string[], where: Record<string, SqlParam>): Promise<Row[]> {
    return this.rows.select(tx, entity, fields, where, { orderBy: [this.registry.entity(entity)!.primaryKey] });
  }

  async plan(tx: SqlExecutor, id: number): Promise<Row | undefined> {
    const fields = ['inspectPlanId', 'planNumber', 'planName', 'leaderId', 'status', 'checklistTemplate'];
    return (await this.select(tx, PLAN, [...fields, 'planStartDate', 'planEndDate'], { inspectPlanId: id }))[0];
  }

  suppliers(tx: SqlExecutor, planId: number): Promise<Row[]> {
    return this.select(tx, PLAN_SUPPLIER, ['planSupplierId', 'supplierId', 'qualifyHeaderId', 'plannedDate'], {
      inspectPlanId: planId,
    });
  }

  /** The users of the plan's team with this role (LEADER, EXPERT), without repeats. */
  async staffOf(tx: SqlExecutor, planId: number, role: string): Promise<number[]> {
    const rows = await this.select(tx, PLAN_STAFF, ['userId'], { inspectPlanId: planId, inspectRole: role });
    return [...new Set(rows.map((r) => Number(r.userId)))];
  }

  async replaceLines(
    tx: SqlExecutor,
    entity: string,
    planId: number,
    lines: Record<string, string | number | null>[],
    userId: number | null,
  ): Promise<void> {
    await this.rows.delete(tx, entity, { inspectPlanId: planId });
    for (const line of lines) await this.rows.insert(tx, entity, { ...line, inspectPlanId: planId }, userId);
  }

  /**
   * The categories of a plan supplier: those of its qualification review when the plan names one,
   * otherwise its supplier categories (srmSlcSupplierCategory) — distinct, in the order found.
   */
  async categoriesOf(tx: SqlExecutor, supplierId: number, qualifyHeaderId: number | null): Promise<number[]> {
    const fromQualify = qualifyHeaderId
      ? await this.select(tx, 'srmSlcQualifyCategory', ['categoryId'], { qualifyHeaderId })
      : [];
    const rows = fromQualify.length
      ? fromQualify
      : await this.select(tx, 'srmSlcSupplierCategory', ['categoryId'], { supplierId });
    return [...new Set(rows.map((r) => Number(r.categoryId)).filter((id) => id > 0))];
  }

  /** The supplier's enabled addresses (srmSlcSupplierLocation). */
  async locationsOf(tx: SqlExecutor, supplierId: number): Promise<Row[]> {
    const rows = await this.select(tx, 'srmSlcSupplierLocation', ['locationId', 'addressDetail', 'enabledFlag'], {
      supplierId,
    });
    return rows.filter((r) => r.enabledFlag !== 'N');
  }
}
