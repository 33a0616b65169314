/**
 * The inspection plan's site table (DOMAIN 1.5/1.6): the qualification sites of the plan's
 * suppliers, copied onto the plan as `srmSlcInspectPlanSite` lines where the team ticks
 * "participate in inspection". The qualification's site row is the authority: a plan line takes
 * its name, organisation, status and editFlag from it, and on a locked site (editFlag N) the
 * participate flag cannot differ from the qualification's.
 */
import type { Row } from '../../../db/sqlExecutor';
import type { SaveDraft } from '../../../hooks/recordHooks';
import { declaredError } from '../../../http/declaredErrors';
import type { PlatformRows, SqlReads } from '../../../lifecycle/platformRows';

const QUALIFY = 'srmSlcQualifyHeader';
const SITE = 'srmSlcQualifySite';
const SITE_FIELDS = ['qualifySiteId', 'qualifyHeaderId', 'siteName', 'orgId', 'siteStatus', 'inspectFlag', 'editFlag'];

export class PlanSites {
  constructor(private readonly rows: PlatformRows) {}

  /** The site rows of these qualifications, with the supplier of each. */
  async ofQualifications(tx: SqlReads, qualifyHeaderIds: number[]): Promise<Row[]> {
    const where = { qualifyHeaderId: qualifyHeaderIds };
    const heads = await this.rows.select(tx, QUALIFY, ['qualifyHeaderId', 'supplierId'], where);
    const supplierOf = new Map(heads.map((q) => [Number(q.qualifyHeaderId), q.supplierId]));
    const sites = await this.rows.select(tx, SITE, SITE_FIELDS, where, {
      orderBy: ['qualifyHeaderId', 'qualifySiteId'],
    });
    // Keys and organisations come back as numbers on both databases; blank flags read as N (inspect) and Y (editable).
    return sites
      .filter((s) => supplierOf.has(Number(s.qualifyHeaderId)))
      .map((s) => ({
        ...s,
        supplierId: supplierOf.get(Number(s.qualifyHeaderId)) ?? null,
        inspectFlag: String(s.inspectFlag ?? 'N'),
        editFlag: String(s.editFlag ?? 'Y'),
      }));
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
