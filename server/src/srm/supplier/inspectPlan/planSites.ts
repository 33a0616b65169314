/**
 * The inspection plan's site table (DOMAIN 1.5/1.6): the qualification sites of the plan's
 * suppliers, copied onto the plan as `srmSlcInspectPlanSite` lines where the team ticks
 * "participate in inspection". The qualification's site row is the authority: a plan line takes
 * its name, organisation, status and editFlag from it, and on a locked site (editFlag N) the
 * participate flag cannot differ from the qualification's.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../../../access/metaSql';
import type { SqlExecutor } from '../../../db/sqlExecutor';
import type { SaveDraft } from '../../../hooks/recordHooks';
import { declaredError } from '../../../http/declaredErrors';

const QUALIFY = 'srmSlcQualifyHeader';
const SITE = 'srmSlcQualifySite';

export interface QualifySiteRow {
  qualifySiteId: number;
  qualifyHeaderId: number;
  supplierId: number | null;
  siteName: string | null;
  orgId: number | null;
  siteStatus: string | null;
  inspectFlag: string;
  editFlag: string;
}

export class PlanSites {
  constructor(private readonly registry: MetadataRegistry) {}

  /** The site rows of these qualifications, with the supplier of each. */
  async ofQualifications(
    tx: Pick<SqlExecutor, 'select' | 'dialect'>,
    qualifyHeaderIds: number[],
  ): Promise<QualifySiteRow[]> {
    if (!qualifyHeaderIds.length) return [];
    const { t, c } = new MetaSql(this.registry, tx.dialect);
    const rows = await tx.select(
      `SELECT ${c(SITE, 'qualifySiteId', 's')} AS qualifySiteId, ${c(SITE, 'qualifyHeaderId', 's')} AS qualifyHeaderId,
        ${c(QUALIFY, 'supplierId', 'q')} AS supplierId, ${c(SITE, 'siteName', 's')} AS siteName, ${c(SITE, 'orgId', 's')} AS orgId,
        ${c(SITE, 'siteStatus', 's')} AS siteStatus, ${c(SITE, 'inspectFlag', 's')} AS inspectFlag, ${c(SITE, 'editFlag', 's')} AS editFlag
       FROM ${t(SITE)} s JOIN ${t(QUALIFY)} q ON ${c(QUALIFY, 'qualifyHeaderId', 'q')} = ${c(SITE, 'qualifyHeaderId', 's')}
       WHERE ${c(SITE, 'qualifyHeaderId', 's')} IN (${qualifyHeaderIds.map(() => '?').join(', ')})
       ORDER BY ${c(SITE, 'qualifyHeaderId', 's')}, ${c(SITE, 'qualifySiteId', 's')}`,
      qualifyHeaderIds,
    );
    // Keys and organisations come back as numbers on both databases; blank flags read as N (inspect) and Y (editable).
    return rows.map(
      (r) =>
        ({ ...r, inspectFlag: String(r.inspectFlag ?? 'N'), editFlag: String(r.editFlag ?? 'Y') }) as QualifySiteRow,
    );
  }

  /**
   * Before a plan is saved: every site line must come from the qualification of one of the plan's
   * suppliers; its copied values are refreshed from that row; a locked site keeps its flag.
   */
  async checkDraft(draft: SaveDraft): Promise<void> {
    const lines = draft.children.sites ?? [];
    if (!lines.length) return;
    const qualifyIds = [
      ...new Set((draft.children.suppliers ?? []).map((s) => Number(s.qualifyHeaderId)).filter((id) => id > 0)),
    ];
    const sources = new Map((await this.ofQualifications(draft.tx, qualifyIds)).map((s) => [s.qualifySiteId, s]));
    lines.forEach((line, i) => {
      const source = sources.get(Number(line.qualifySiteId));
      if (!source) {
        throw declaredError('supplier.planSiteNotOfSuppliers', { lineNo: i + 1 }, [
          { field: `sites[${i}].qualifySiteId`, message: 'not a site of the plan suppliers' },
        ]);
      }
      const wanted = String(line.inspectFlag ?? 'N');
      if (source.editFlag !== 'Y' && wanted !== source.inspectFlag) {
        throw declaredError('qualify.siteLocked');
      }
      Object.assign(line, {
        supplierId: source.supplierId,
        siteName: source.siteName,
        orgId: source.orgId,
        siteStatus: source.siteStatus,
        editFlag: source.editFlag,
        inspectFlag: wanted,
      });
    });
  }
}
