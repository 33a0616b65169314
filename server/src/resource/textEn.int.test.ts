/**
 * A server-written text with an English twin (FieldDef.textEn, issue 33 item 7): the planning
 * warnings (demo seed 56g-planning-warnings.json) are read in the caller's language under the
 * one field name the pages show, the Chinese text where the English one is empty.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../testing/apiAssertions';
import { runSql } from '../testing/authFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('text-en');
});
afterAll(async () => {
  await server?.close();
});

type Row = Record<string, unknown>;
async function warnings(language: 'CN' | 'EN'): Promise<Row[]> {
  const body = { pageIndex: 1, pageRows: 100 };
  return expectOk<Row[]>(await server.call('srmServer', 'srmBaseWarningRestful', 'listByPage', body, { language }));
}

describe('a text with an English twin', () => {
  it("is read in the caller's language, falling back to the Chinese text", async () => {
    const cn = await warnings('CN');
    const en = await warnings('EN');
    expect(cn.length).toBeGreaterThan(0);
    for (const row of cn) expect(String(row.warningContent)).toMatch(/\p{Script=Han}/u);
    const late = (rows: Row[]) => rows.find((r) => String(r.warningContent).includes('PO202611109001-1'))!;
    expect(late(en).warningContent).toMatch(/^Order line PO202611109001-1/);
    await runSql(server, `UPDATE srm_base_warning SET warning_content_en = NULL WHERE warning_type = 'LATE_DELIVERY'`);
    expect(late(await warnings('EN')).warningContent).toBe(late(cn).warningContent);
  });
});
