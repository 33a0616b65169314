import { loadDocumentFiles } from '@meridian/metadata/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId, sessionHeaders } from '../testing/authFixtures';
import { signIn } from '../testing/sessions';
import { startTestServer, type TestServer } from '../testing/testServer';
import { filePost, EXPORT_PATH, readWorkbook, sheetRows } from './exchangeFixtures';

/**
 * The export applies the caller's row scope exactly as listByPage does: a supplier user whose menu
 * offers an export (added here to the supplier's own company page) gets only their own supplier,
 * whatever params or filter they send.
 */
let server: TestServer;
const SUPPLIER_RESP = 104;
const SUPPLIER_ROLE = 103;

/** The file metadata with an export action on the supplier's "my company" list. */
function documentsWithSupplierExport() {
  return loadDocumentFiles().map((d) => {
    const doc = structuredClone(d.doc) as { kind?: string; path?: string; actions?: unknown[] };
    if (doc.kind === 'page' && doc.path === 'supplierInfoList') {
      doc.actions = [
        ...(doc.actions ?? []),
        { action: 'export', resourceCode: 'btnExport', label: { cn: '导出', en: 'Export' }, placement: 'toolbar' },
      ];
    }
    return { source: d.source, doc };
  });
}

beforeAll(async () => {
  server = await startTestServer('exchange_scope', {}, { documents: documentsWithSupplierExport() });
  const menu = await menuId(server, 'SUP_MY_COMPANY');
  await server.kernel.db.transaction((tx) =>
    tx.execute('INSERT INTO base_role_resource (role_id, menu_id, resource_code) VALUES (?, ?, ?)', [
      SUPPLIER_ROLE,
      menu,
      'btnExport',
    ]),
  );
  server.kernel.auth.access.invalidate();
});
afterAll(async () => server?.close());

describe('export row scope', () => {
  it("exports a supplier user only their own supplier's rows, whatever the params or filter ask", async () => {
    const menu = await menuId(server, 'SUP_MY_COMPANY');
    const total = Number((await server.kernel.db.select('SELECT COUNT(*) AS n FROM srm_slc_supplier_info'))[0].n);
    expect(total).toBeGreaterThan(1);
    for (const user of ['supplier01', 'supplier02']) {
      const session = await signIn(server.baseUrl, user);
      const headers = sessionHeaders(session, SUPPLIER_RESP, menu);
      for (const requestParams of [
        {},
        { filter: { field: 'supplierId', op: 'in', value: [1, 2, 3, 4] } },
        { params: { supplierCode: 'S10000' } },
      ]) {
        const answer = await filePost(server, headers, `${EXPORT_PATH}/exportExcel`, {
          requestUrl: '/api/srmServer/v1/srmSlcSupplierInfoRestful/listByPage',
          requestParams,
          columns: [{ key: 'supplierCode', title: 'Code' }],
        });
        expect(answer.status).toBe(200);
        const rows = sheetRows((await readWorkbook(answer.bytes)).worksheets[0]);
        expect(rows.slice(1), `${user} ${JSON.stringify(requestParams)}`).toEqual([
          [user === 'supplier01' ? 'S100001' : 'S100002'],
        ]);
      }
    }
  });
});
