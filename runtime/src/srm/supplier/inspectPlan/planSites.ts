/**
 * The inspection plan's site lines (pure rules, tested beside): which qualifications the plan's
 * suppliers bring, how loaded qualification sites merge into the lines, and who may tick
 * "participate in inspection" (DOMAIN 1.5: internal users, on sites whose editFlag is Y).
 */
import type { DataRecord } from '../../../meta';

export interface PlanSiteLine extends DataRecord {
  qualifySiteId: number;
  supplierId?: number | null;
  supplierName?: string | null;
  siteName?: string | null;
  orgId?: number | null;
  ouName?: string | null;
  siteStatus?: string | null;
  inspectFlag?: string | null;
  editFlag?: string | null;
}

/** The qualification reviews named on the plan's supplier lines, once each. */
export function qualificationsOf(suppliers: unknown): number[] {
  if (!Array.isArray(suppliers)) return [];
  const ids = suppliers
    .map((s) => Number((s as DataRecord | null)?.qualifyHeaderId))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  return [...new Set(ids)];
}

/** Loaded sites not yet on the plan are appended; lines already there keep the team's choice. */
export function mergeSites(current: PlanSiteLine[], loaded: PlanSiteLine[]): { lines: PlanSiteLine[]; added: number } {
  const present = new Set(current.map((line) => Number(line.qualifySiteId)));
  const fresh = loaded.filter((site) => !present.has(Number(site.qualifySiteId)));
  return { lines: [...current, ...fresh], added: fresh.length };
}

/** Whether this user may change the participate flag of this line (the server checks the same on save). */
export function canTickSite(
  line: Pick<PlanSiteLine, 'editFlag'>,
  userType: string | undefined,
  formEditable: boolean,
): boolean {
  return formEditable && (userType ?? '').startsWith('INSIDE') && (line.editFlag ?? 'Y') === 'Y';
}
