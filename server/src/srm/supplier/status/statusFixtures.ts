import type { SqlParam } from '../../../db/sqlExecutor';
import { systemContext } from '../../../resource/context';
import { expectOk } from '../../../testing/apiAssertions';
import { call, newSupplier, rows, type Body, type Proof, type ProofUser } from '../../../testing/proofFixtures';

/** Calls and rows of the supplier-status tests (daily management, development, exit, blacklist; DOMAIN 1.8, 1.10, 1.11). */
export const DOCS = {
  manage: {
    res: 'srmSlcDailyManageRestful',
    menu: 'SLC_DAILY_MANAGE',
    entity: 'srmSlcDailyManage',
    table: 'srm_slc_daily_manage',
    key: 'daily_manage_id',
    pk: 'dailyManageId',
  },
  develop: {
    res: 'srmSlcSupplierDevelopRestful',
    menu: 'SLC_SUPPLIER_DEVELOP',
    entity: 'srmSlcSupplierDevelop',
    table: 'srm_slc_supplier_develop',
    key: 'develop_id',
    pk: 'developId',
  },
  quit: {
    res: 'srmSlcSupplierQuitRestful',
    menu: 'SLC_SUPPLIER_QUIT',
    entity: 'srmSlcSupplierQuit',
    table: 'srm_slc_supplier_quit',
    key: 'quit_id',
    pk: 'quitId',
  },
  blacklist: {
    res: 'srmSlcSupplierBlacklistRestful',
    menu: 'SLC_SUPPLIER_BLACKLIST',
    entity: 'srmSlcSupplierBlacklist',
    table: 'srm_slc_supplier_blacklist',
    key: 'blacklist_id',
    pk: 'blacklistId',
  },
} as const;
export type Doc = keyof typeof DOCS;

export const act = (p: Proof, doc: Doc, user: ProofUser, action: string, body: Body) =>
  call(p, user, DOCS[doc].menu, DOCS[doc].res, action, body);

export const docRow = async (p: Proof, doc: Doc, id: number) =>
  (await rows(p, DOCS[doc].table, DOCS[doc].key, { [DOCS[doc].key]: id }))[0];

export const supplierRow = async (p: Proof, id: number) =>
  (await rows(p, 'srm_slc_supplier_info', 'supplier_id', { supplier_id: id }))[0];
export const siteRows = (p: Proof, supplierId: number) =>
  rows(p, 'srm_slc_supplier_site', 'site_id', { supplier_id: supplierId });
export const aslRows = (p: Proof, supplierId: number) =>
  rows(p, 'srm_pur_asl_list', 'asl_id', { supplier_id: supplierId });

async function insert(p: Proof, entity: string, values: Record<string, SqlParam>): Promise<number> {
  const k = p.server.kernel;
  return k.db.transaction((tx) => k.resources.writer.insert(tx, k.registry.entity(entity)!, values, systemContext()));
}

export interface TestSupplier {
  supplierId: number;
  locationId: number;
  /** Site ids by organisation: 3 (ME01-OU) and 2 (ME01, the company; both within buyer01's permit). */
  sites: number[];
}

/**
 * A supplier of its own for one case: a location, a site at ME01-OU (org 3) and one at ME01
 * (org 2), both in `status`, and an APPROVED ASL row per site (invOrg SZ01 = 5 under ME01-OU; ME01 itself for the second).
 */
export async function supplierWithSites(p: Proof, status = 'QUALIFIED'): Promise<TestSupplier> {
  const supplierId = await newSupplier(p, status);
  const locationId = await insert(p, 'srmSlcSupplierLocation', {
    supplierId,
    locationName: '测试工厂',
    locationType: 'FACTORY',
    addressDetail: '苏州市吴中区1号',
    enabledFlag: 'Y',
  });
  const sites: number[] = [];
  for (const orgId of [3, 2]) {
    const siteId = await insert(p, 'srmSlcSupplierSite', {
      supplierId,
      locationId,
      siteName: `测试地点-${orgId}`,
      orgId,
      siteStatus: status,
      purchaseFlag: 'Y',
      payFlag: 'Y',
    });
    sites.push(siteId);
    await insert(p, 'srmPurAslList', {
      supplierId,
      supplierSiteId: siteId,
      categoryId: 2,
      invOrgId: orgId === 3 ? 5 : 2,
      aslStatus: 'APPROVED',
      primaryFlag: 'N',
    });
  }
  return { supplierId, locationId, sites };
}

export function manageBody(s: TestSupplier, manageType: string, siteIds: number[] = s.sites, extra: Body = {}): Body {
  return {
    supplierId: s.supplierId,
    manageType,
    effectiveDate: '2027-01-01',
    reason: '测试 / test',
    sites: siteIds.map((siteId) => ({ siteId, selectFlag: 'Y' })),
    ...extra,
  };
}

/** A saved document (by buyer01 unless told) and, when asked, submitted. */
export async function saved(p: Proof, doc: Doc, body: Body, by: ProofUser = 'buyer01'): Promise<number> {
  const row = expectOk(await act(p, doc, by, 'saveOrUpdate', body));
  return Number(row[DOCS[doc].pk]);
}

export async function submitted(p: Proof, doc: Doc, body: Body, action = 'doSubmit'): Promise<number> {
  const id = await saved(p, doc, body);
  expectOk(await act(p, doc, 'buyer01', action, { id }));
  return id;
}

/** History rows of a supplier or a site written by the status moves. */
export const moveHistory = (p: Proof, entityName: 'srmSlcSupplierInfo' | 'srmSlcSupplierSite', id: number) =>
  rows(p, 'base_lifecycle_history', 'history_id', { entity_name: entityName, record_id: id });
