import { describe, expect, it } from 'vitest';
import { systemContext } from '../../../resource/context';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { call, newSupplier, rows, type Body, type ProofUser } from '../../../testing/proofFixtures';
import { proofServer } from '../../../testing/proofServer';

/**
 * DOMAIN 1.1, the master's sub-records on its screens: the supplier's own view (supplierInfoList,
 * menu SUP_MY_COMPANY) shows every tab read-only; supplierInfoEdit (INSIDE) edits the editable
 * ones, while sites and categories are read-only lines that only lifecycle actions move.
 */
const p = proofServer('srm_supplier_master_view');

const INFO = 'srmSlcSupplierInfoRestful';
const mine = (user: ProofUser, action: string, body: Body) => call(p, user, 'SUP_MY_COMPANY', INFO, action, body);
const edit = (action: string, body: Body) => call(p, 'buyer01', 'SLC_SUPPLIER_CREATE', INFO, action, body);

async function insert(entity: string, values: Body): Promise<number> {
  const { registry, db, resources } = p.server.kernel;
  return db.transaction((tx) => resources.writer.insert(tx, registry.entity(entity)!, values, systemContext()));
}

describe('the supplier views its own master', () => {
  it('with contacts, accounts, locations, sites (status), categories, credentials (expiry), taxes and supply ability', async () => {
    const own = expectOk(await mine('supplier01', 'findById', { id: 1 }));
    for (const tab of ['contacts', 'accounts', 'locations', 'sites', 'categories', 'credentials', 'taxes'])
      expect((own[tab] as Body[]).length, tab).toBeGreaterThan(0);
    expect(own.supplyAbilities).toBeInstanceOf(Array);
    expect((own.sites as Body[])[0]).toMatchObject({ supplierId: 1, siteStatus: 'QUALIFIED' });
    expect((own.categories as Body[])[0]).toMatchObject({ supplierId: 1, categoryStatus: 'QUALIFIED' });
    expect((own.credentials as Body[]).every((c) => 'expireDate' in c)).toBe(true);
    expect([...(own.locations as Body[]), ...(own.taxes as Body[])].every((r) => r.supplierId === 1)).toBe(true);
  });

  it("never another supplier's: findById is 404, the list holds only its own row, and it cannot write", async () => {
    expectError(await mine('supplier01', 'findById', { id: 2 }), 404);
    const list = expectOk(await mine('supplier01', 'listByPage', { pageIndex: 1, pageRows: 50 })) as unknown as Body[];
    expect(list.map((r) => r.supplierId)).toEqual([1]);
    const own = expectOk(await mine('supplier01', 'findById', { id: 1 }));
    expectError(await mine('supplier01', 'saveOrUpdate', { ...own, supplierShortName: 'x' }), 403);
  });
});

describe('supplierInfoEdit (INSIDE)', () => {
  it('edits locations with the master; the sites and categories sent back are ignored (only lifecycle actions move them)', async () => {
    const supplierId = await newSupplier(p);
    const locationId = await insert('srmSlcSupplierLocation', {
      supplierId,
      locationName: '一厂',
      locationType: 'FACTORY',
      addressDetail: '苏州市1号',
      enabledFlag: 'Y',
    });
    const siteId = await insert('srmSlcSupplierSite', {
      supplierId,
      locationId,
      siteName: '一厂-苏州',
      orgId: 2,
      siteStatus: 'REGISTERED',
      purchaseFlag: 'Y',
      payFlag: 'Y',
    });
    await insert('srmSlcSupplierCategory', { supplierId, siteId, categoryId: 1, categoryStatus: 'REGISTERED' });
    const current = expectOk(await edit('findById', { id: supplierId }));
    const sites = (current.sites as Body[]).map((s) => ({ ...s, siteStatus: 'QUALIFIED' }));
    const categories = (current.categories as Body[]).map((c) => ({ ...c, categoryStatus: 'QUALIFIED' }));
    const savedAnswer = await edit('saveOrUpdate', {
      ...current,
      locations: [
        ...(current.locations as Body[]),
        { locationName: '二厂', locationType: 'OFFICE', addressDetail: '苏州市2号', enabledFlag: 'Y' },
      ],
      sites: [...sites, { siteName: 'forged', orgId: 2, siteStatus: 'QUALIFIED' }],
      categories,
    });
    expectOk(savedAnswer);
    const locations = await rows(p, 'srm_slc_supplier_location', 'location_id', { supplier_id: supplierId });
    expect(locations.map((l) => l.location_name)).toEqual(['一厂', '二厂']);
    const storedSites = await rows(p, 'srm_slc_supplier_site', 'site_id', { supplier_id: supplierId });
    expect(storedSites.map((s) => [s.site_id, s.site_status])).toEqual([[siteId, 'REGISTERED']]);
    const storedCategories = await rows(p, 'srm_slc_supplier_category', 'supplier_category_id', {
      supplier_id: supplierId,
    });
    expect(storedCategories.map((c) => c.category_status)).toEqual(['REGISTERED']);
  });
});
