import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../testing/apiAssertions';
import { runSql } from '../testing/authFixtures';
import { createRequisition, lineBody, REQ, requisitionBody } from '../testing/srmFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';

// reference.filter on save (srmPurRequisitionHeader): 公司 only companies, 收货工厂 only plants of
// the chosen company, 申请部门 only its departments, 申请人 only enabled internal users; the lines'
// items, categories and suppliers only enabled ones. Plant 5 and department 9 belong to company 2
// (seeds/demo); plant 902 is added below company 7 here.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('reference_filters');
  await runSql(
    server,
    "INSERT INTO base_organization (org_id, org_code, org_name, org_type, parent_org_id, company_id, legal_entity_flag, enabled_flag, version_num) VALUES (902, 'DG01', '东莞一厂', 'INV_ORG', 7, 7, 'N', 'Y', 1)",
  );
});
afterAll(async () => {
  await server?.close();
});

const save = (body: Record<string, unknown>, language = 'CN') =>
  server.call('srmServer', REQ, 'saveOrUpdate', body, { language });
const messageOf = (answer: Awaited<ReturnType<typeof save>>, field: string) =>
  answer.body.errors?.find((e) => e.field === field)?.message;

describe('reference filters are enforced on save', () => {
  it('refuses a company saved as the plant, naming the field', async () => {
    const answer = await save(requisitionBody({ invOrgId: 2 }));
    expectError(answer, 400, ['invOrgId']);
    expect(messageOf(answer, 'invOrgId')).toBe('所选组织"2"不能作为收货工厂');
  });

  it('refuses a plant of another company, in the caller language', async () => {
    const answer = await save(requisitionBody({ invOrgId: 902 }), 'EN');
    expectError(answer, 400, ['invOrgId']);
    expect(messageOf(answer, 'invOrgId')).toBe('Organisation "902" cannot be chosen as Ship-to plant');
  });

  it('accepts a plant and department of the chosen company', async () => {
    const saved = expectOk(await save(requisitionBody({ orgId: 7, invOrgId: 902, deptId: null })));
    expect(saved).toMatchObject({ orgId: 7, invOrgId: 902 });
    expectOk(await save(requisitionBody()));
  });

  it('refuses a department as the company, a supplier account as the requester and a disabled supplier on a line', async () => {
    const answer = await save(
      requisitionBody({ orgId: 9, invOrgId: 5, requesterId: 5 }, [lineBody(1, { suggestedSupplierId: 7 })]),
    );
    // The plant and department depend on the company: with company 9 they are refused too.
    expectError(answer, 400, ['orgId', 'invOrgId', 'deptId', 'requesterId', 'lines[0].suggestedSupplierId']);
  });

  it('checks an update against the stored values it leaves out: a new company with the old plant is refused', async () => {
    const created = await createRequisition(server);
    const answer = await save({
      requisitionHeaderId: created.requisitionHeaderId,
      versionNum: created.versionNum,
      orgId: 7,
    });
    expectError(answer, 400, ['invOrgId', 'deptId']);
    // A change elsewhere leaves the references alone.
    expectOk(
      await save({
        requisitionHeaderId: created.requisitionHeaderId,
        versionNum: created.versionNum,
        description: 'only the text',
      }),
    );
  });

  it('names the row of a batch', async () => {
    const answer = await server.call('srmServer', REQ, 'doBatchSaveOrUpdate', {
      rows: [requisitionBody(), requisitionBody({ invOrgId: 6 }), requisitionBody({ invOrgId: 902 })],
    });
    expectError(answer, 400, ['rows[2].invOrgId']);
  });
});
