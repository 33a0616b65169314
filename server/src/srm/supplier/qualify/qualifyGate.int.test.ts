import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { onMysql } from '../../../testing/secondProcess';
import { startTestServer, type TestServer } from '../../../testing/testServer';
import {
  call,
  historyOf,
  newSupplier,
  proofOf,
  rows,
  type Body,
  type Proof,
  type ProofUser,
} from '../../../testing/proofFixtures';
import { settleQualifyNode } from './qualifyNodes';

/**
 * The qualification as a gate (DOMAIN 1.4, 1.5, 1.11, 5.8): getQualifyInfo fills requirements and
 * nodes, the approval passes QUALIFICATION, settleQualifyNode completes the review when the last
 * required node passes (sites, categories, supplier QUALIFIED, ASL rows), a failed node opens
 * doTerminate; scenes and requirements. The race of two nodes runs on two servers of one MariaDB.
 */
let server: TestServer;
let other: TestServer | undefined;
let p: Proof;
beforeAll(async () => {
  server = await startTestServer('srm_qualify_gate');
  p = await proofOf(server);
  // A second server on the same database: its own connection pool, so parallel transactions on MariaDB.
  if (onMysql) other = await startTestServer('srm_qualify_gate_2', { dbUrl: server.config.dbUrl });
}, 180_000);
afterAll(async () => {
  await other?.close();
  await server?.close();
});

const RES = 'srmSlcQualifyHeaderRestful';
const ENTITY = 'srmSlcQualifyHeader';
const act = (user: ProofUser, action: string, body: Body) => call(p, user, 'SLC_QUALIFY_CENSOR', RES, action, body);
const one = async (table: string, key: string, id: number) => (await rows(p, table, key, { [key]: id }))[0];
const nodesOf = async (id: number) =>
  (await rows(p, 'srm_slc_qualify_nodes', 'seq_num', { qualify_header_id: id })).map((n) => [
    n.node_code,
    n.required_flag,
    n.node_status,
  ]);

/** A NEW_PRODUCTION review of a fresh REGISTERED supplier for category 0101 at ME01-OU, filled by getQualifyInfo. */
async function filledDraft(): Promise<{ id: number; supplierId: number }> {
  const supplierId = await newSupplier(p);
  const body = {
    supplierId,
    sceneId: 1,
    qualifyType: 'NEW_SUPPLIER',
    orgId: 2,
    buyerId: 2,
    applyDate: '2026-11-27',
    sites: [{ siteName: '测试工厂', orgId: 3 }],
    categories: [{ categoryId: 2, supplyScope: '螺钉螺母' }],
  };
  const id = expectOk(await act('buyer01', 'saveOrUpdate', body)).qualifyHeaderId as number;
  expectOk(await act('buyer01', 'getQualifyInfo', { id }));
  return { id, supplierId };
}

async function approved(): Promise<{ id: number; supplierId: number }> {
  const r = await filledDraft();
  expectOk(await act('buyer01', 'doQualifySubmit', { id: r.id }));
  expectOk(await act('manager01', 'doQualifyApproval', { id: r.id }));
  return r;
}

const settle = (s: TestServer, id: number, nodeCode: string, passed = true) =>
  s.kernel.db.transaction((tx) =>
    settleQualifyNode(tx, s.kernel, {
      qualifyHeaderId: id,
      nodeCode,
      passed,
      sourceDocType: 'srmSlcLocaleInspect',
      sourceDocId: 9000 + id,
      userId: 4,
    }),
  );

describe('getQualifyInfo fills the review', () => {
  it('requirements of the supplier type, nodes of the scene, sites kept', async () => {
    const { id } = await filledDraft();
    const requires = await rows(p, 'srm_slc_qualify_require', 'qualify_require_id', { qualify_header_id: id });
    expect(requires.map((r) => [r.require_name, r.credential_type, r.mandatory_flag])).toEqual([
      ['营业执照', 'BUSINESS_LICENSE', 'Y'],
      ['IATF16949汽车质量管理体系认证', 'IATF16949', 'N'],
      ['ISO9001质量管理体系认证', 'ISO9001', 'Y'],
    ]);
    expect(await nodesOf(id)).toEqual([
      ['QUALIFICATION', 'Y', 'PENDING'],
      ['INSPECTION', 'Y', 'PENDING'],
      ['SAMPLE', 'Y', 'PENDING'],
      ['BATCH_TRYOUT', 'N', 'PENDING'],
    ]);
    // Filling twice adds nothing.
    expectOk(await act('buyer01', 'getQualifyInfo', { id }));
    expect(await rows(p, 'srm_slc_qualify_require', 'qualify_require_id', { qualify_header_id: id })).toHaveLength(3);
    expect(await rows(p, 'srm_slc_qualify_site', 'qualify_site_id', { qualify_header_id: id })).toHaveLength(1);
  });
});

describe('approval and completion', () => {
  it('approval passes QUALIFICATION, makes the site and its category POTENTIAL; the last node completes', async () => {
    const { id, supplierId } = await approved();
    expect((await one('srm_slc_qualify_header', 'qualify_header_id', id)).status).toBe('APPROVED');
    const [qNode] = await rows(p, 'srm_slc_qualify_nodes', 'seq_num', { qualify_header_id: id });
    expect([qNode.node_status, qNode.source_doc_type, Number(qNode.source_doc_id)]).toEqual(['PASSED', ENTITY, id]);
    expect((await one('srm_slc_supplier_info', 'supplier_id', supplierId)).supplier_status).toBe('POTENTIAL');
    const [site] = await rows(p, 'srm_slc_supplier_site', 'site_id', { supplier_id: supplierId });
    expect([site.site_status, Number(site.org_id)]).toEqual(['POTENTIAL', 3]);
    const [cat] = await rows(p, 'srm_slc_supplier_category', 'supplier_category_id', { supplier_id: supplierId });
    expect([cat.category_status, Number(cat.category_id), Number(cat.qualify_header_id)]).toEqual(['POTENTIAL', 2, id]);

    expect(await settle(server, id, 'INSPECTION')).toEqual({ nodeStatus: 'PASSED', completed: false });
    expect((await one('srm_slc_qualify_header', 'qualify_header_id', id)).current_node_code).toBe('SAMPLE');
    expect(await rows(p, 'srm_pur_asl_list', 'asl_id', { supplier_id: supplierId })).toHaveLength(0);
    expect(await settle(server, id, 'SAMPLE')).toEqual({ nodeStatus: 'PASSED', completed: true });

    const header = await one('srm_slc_qualify_header', 'qualify_header_id', id);
    expect([header.status, header.qualify_result]).toEqual(['COMPLETED', 'PASS']);
    expect((await historyOf(p, ENTITY, id)).map((h) => [h.action, h.to_state])).toEqual([
      ['doQualifySubmit', 'SUBMITTED'],
      ['doQualifyApproval', 'APPROVED'],
      ['doQualifyComplete', 'COMPLETED'],
    ]);
    expect((await one('srm_slc_supplier_info', 'supplier_id', supplierId)).supplier_status).toBe('QUALIFIED');
    expect((await one('srm_slc_supplier_site', 'site_id', Number(site.site_id))).site_status).toBe('QUALIFIED');
    // Every move of the supplier and the site is in their own history, naming the review (DOMAIN 1.11).
    const moves = async (entity: string, recordId: number) =>
      (await historyOf(p, entity, recordId))
        .filter((h) => String(h.action).startsWith('doQualify'))
        .map((h) => [h.action, h.from_state, h.to_state, h.bill_number]);
    const number = String(header.qualify_number);
    expect(await moves('srmSlcSupplierInfo', supplierId)).toEqual([
      ['doQualifyApproval', 'REGISTERED', 'POTENTIAL', number],
      ['doQualifyComplete', 'POTENTIAL', 'QUALIFIED', number],
    ]);
    expect(await moves('srmSlcSupplierSite', Number(site.site_id))).toEqual([
      ['doQualifyComplete', 'POTENTIAL', 'QUALIFIED', number],
    ]);
    expect(
      (await one('srm_slc_supplier_category', 'supplier_category_id', Number(cat.supplier_category_id)))
        .category_status,
    ).toBe('QUALIFIED');
    // One APPROVED row per inventory organisation of ME01-OU (SZ01, SZ02).
    const asl = await rows(p, 'srm_pur_asl_list', 'inv_org_id', { supplier_id: supplierId });
    expect(
      asl.map((a) => [Number(a.category_id), Number(a.inv_org_id), a.asl_status, Number(a.source_qualify_header_id)]),
    ).toEqual([
      [2, 5, 'APPROVED', id],
      [2, 6, 'APPROVED', id],
    ]);
    // The optional node may still be reported, but nothing settles twice and a completed review refuses nodes.
    await expect(settle(server, id, 'BATCH_TRYOUT')).rejects.toMatchObject({ httpStatus: 409 });
  });

  it('a node settled twice, an unknown node and a review not introducing answer 409', async () => {
    const { id } = await approved();
    await settle(server, id, 'INSPECTION');
    await expect(settle(server, id, 'INSPECTION')).rejects.toMatchObject({ httpStatus: 409 });
    await expect(settle(server, id, 'CONTRACT')).rejects.toMatchObject({ httpStatus: 409 });
    const draft = await filledDraft();
    await expect(settle(server, draft.id, 'INSPECTION')).rejects.toMatchObject({ httpStatus: 409 });
    await expect(settle(server, 987654, 'INSPECTION')).rejects.toMatchObject({ httpStatus: 404 });
  });

  it('a failed required node sets the result FAIL and opens doTerminate (not before)', async () => {
    const { id, supplierId } = await approved();
    expectError(await act('buyer01', 'doTerminate', { id, comment: 'no reason' }), 409);
    expect(await settle(server, id, 'INSPECTION', false)).toEqual({ nodeStatus: 'FAILED', completed: false });
    expect((await one('srm_slc_qualify_header', 'qualify_header_id', id)).qualify_result).toBe('FAIL');
    expectError(await act('buyer01', 'doTerminate', { id }), 400);
    expectOk(await act('buyer01', 'doTerminate', { id, comment: '现场考察不通过' }));
    expect((await one('srm_slc_qualify_header', 'qualify_header_id', id)).status).toBe('TERMINATED');
    expect((await one('srm_slc_supplier_info', 'supplier_id', supplierId)).supplier_status).toBe('POTENTIAL');
    expectError(await act('buyer01', 'doTerminate', { id, comment: 'again' }), 409);
  });

  it('the completing transition cannot be called from the screen', async () => {
    const { id } = await approved();
    const answer = await act('admin', 'doQualifyComplete', { id });
    expect([403, 404]).toContain(answer.status);
    expect((await one('srm_slc_qualify_header', 'qualify_header_id', id)).status).toBe('APPROVED');
  });
});

describe('the demo review QLF202611250001 (seeds/demo/40i)', () => {
  it('is introducing with INSPECTION and SAMPLE open; passing both completes it for a QUALIFIED supplier', async () => {
    expect((await one('srm_slc_qualify_header', 'qualify_header_id', 40)).status).toBe('APPROVED');
    await settle(server, 40, 'SAMPLE');
    expect((await one('srm_slc_qualify_header', 'qualify_header_id', 40)).current_node_code).toBe('INSPECTION');
    expect(await settle(server, 40, 'INSPECTION')).toEqual({ nodeStatus: 'PASSED', completed: true });
    expect((await one('srm_slc_supplier_info', 'supplier_id', 3)).supplier_status).toBe('QUALIFIED');
    expect((await one('srm_slc_supplier_category', 'supplier_category_id', 8)).category_status).toBe('QUALIFIED');
    const asl = await rows(p, 'srm_pur_asl_list', 'inv_org_id', { supplier_id: 3, category_id: 6 });
    expect(asl.map((a) => [Number(a.inv_org_id), a.asl_status])).toEqual([
      [5, 'APPROVED'],
      [6, 'APPROVED'],
    ]);
  });
});

describe('two nodes passed at the same moment complete the review exactly once', () => {
  it('in one process (parallel transactions on MariaDB), 3 rounds', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { id, supplierId } = await approved();
      const results = await Promise.all([settle(server, id, 'INSPECTION'), settle(server, id, 'SAMPLE')]);
      expect(results.filter((r) => r.completed)).toHaveLength(1);
      expect((await historyOf(p, ENTITY, id)).filter((h) => h.action === 'doQualifyComplete')).toHaveLength(1);
      expect(await rows(p, 'srm_pur_asl_list', 'asl_id', { supplier_id: supplierId })).toHaveLength(2);
    }
  });

  it.skipIf(!onMysql)('on two servers of one MariaDB, 3 rounds', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { id, supplierId } = await approved();
      const results = await Promise.all([settle(server, id, 'INSPECTION'), settle(other!, id, 'SAMPLE')]);
      expect(results.filter((r) => r.completed)).toHaveLength(1);
      expect((await one('srm_slc_qualify_header', 'qualify_header_id', id)).status).toBe('COMPLETED');
      expect((await historyOf(p, ENTITY, id)).filter((h) => h.action === 'doQualifyComplete')).toHaveLength(1);
      expect(await rows(p, 'srm_pur_asl_list', 'asl_id', { supplier_id: supplierId })).toHaveLength(2);
    }
  });
});

describe('scenes and requirements', () => {
  const scene = (user: ProofUser, action: string, body: Body) =>
    call(p, user, 'SLC_INTRODUCE_SCENE', 'srmSlcIntroduceSceneRestful', action, body);
  const requirement = (user: ProofUser, action: string, body: Body) =>
    call(p, user, 'SLC_QUALIFICATION_REQUIRE', 'srmSlcQualificationRequireRestful', action, body);

  it('a scene is created NEW, enabled only with a node list starting with QUALIFICATION, then invalidated', async () => {
    const bad = expectOk(
      await scene('buyer01', 'saveOrUpdate', {
        sceneCode: 'T_BAD',
        sceneName: '坏场景',
        nodeConfig: [{ nodeCode: 'INSPECTION', requiredFlag: 'Y' }],
      }),
    );
    expect(bad.status).toBe('NEW');
    expectError(await scene('buyer01', 'doSetup', { id: bad.sceneId }), 409);
    const good = expectOk(
      await scene('buyer01', 'saveOrUpdate', {
        sceneCode: 'T_GOOD',
        sceneName: '好场景',
        nodeConfig: [
          { nodeCode: 'QUALIFICATION', requiredFlag: 'Y' },
          { nodeCode: 'CONTRACT', requiredFlag: 'N' },
        ],
      }),
    );
    expectOk(await scene('buyer01', 'doSetup', { id: good.sceneId }));
    expectError(await scene('buyer01', 'doSetup', { id: good.sceneId }), 409);
    expectOk(await scene('buyer01', 'doInvalidScene', { id: good.sceneId }));
    expect((await one('srm_slc_introduce_scene', 'scene_id', good.sceneId as number)).status).toBe('INVALID');
    expectError(await scene('supplier01', 'listByPage', {}), 403);
  });

  it('a requirement is created VALID and invalidated once; an invalid one no longer fills reviews', async () => {
    const r = expectOk(
      await requirement('buyer01', 'saveOrUpdate', {
        requireCode: 'T_ROHS',
        requireName: 'RoHS检测报告',
        credentialType: 'ROHS_REPORT',
        mandatoryFlag: 'Y',
      }),
    );
    expect(r.status).toBe('VALID');
    let { id } = await filledDraft();
    expect(await rows(p, 'srm_slc_qualify_require', 'qualify_require_id', { qualify_header_id: id })).toHaveLength(4);
    expectOk(await requirement('buyer01', 'doInvalid', { id: r.qualificationRequireId }));
    expectError(await requirement('buyer01', 'doInvalid', { id: r.qualificationRequireId }), 409);
    ({ id } = await filledDraft());
    expect(await rows(p, 'srm_slc_qualify_require', 'qualify_require_id', { qualify_header_id: id })).toHaveLength(3);
  });
});

describe('doOAWriteSupplierInfo', () => {
  const outboxOf = (id: number) => rows(p, 'srm_slc_oa_outbox', 'outbox_id', { qualify_header_id: id });

  it('refused before approval; once approved the local provider stores the supplier in the outbox and flags the review', async () => {
    const draft = await filledDraft();
    expectError(await act('buyer01', 'doOAWriteSupplierInfo', { id: draft.id }), 409);
    expect(await outboxOf(draft.id)).toHaveLength(0);
    const { id, supplierId } = await approved();
    const answer = expectOk(await act('buyer01', 'doOAWriteSupplierInfo', { id }));
    expect(answer.oaSyncFlag).toBe('Y');
    const [row] = await outboxOf(id);
    expect([row.provider, row.send_status, Number(row.supplier_id)]).toEqual(['LOCAL', 'STORED', supplierId]);
    const payload = JSON.parse(String(row.payload)) as { supplier: { supplierId: number }; sites: unknown[] };
    expect(payload.supplier.supplierId).toBe(supplierId);
    expect(payload.sites).toHaveLength(1);
    // The administrator sees it on the OA outbox screen; the buyer does not hold that menu.
    const list = await call(p, 'admin', 'SLC_OA_OUTBOX', 'srmSlcOaOutboxRestful', 'listByPage', {
      pageIndex: 1,
      pageRows: 50,
    });
    expect(expectOk(list).map((r: { outboxId: number }) => r.outboxId)).toContain(Number(row.outbox_id));
    expectError(await call(p, 'buyer01', 'SLC_OA_OUTBOX', 'srmSlcOaOutboxRestful', 'listByPage', {}), 403);
  });

  describe('the HTTP provider (OA_SUPPLIER_URL)', () => {
    let oa: Server;
    let answer = 200;
    const received: string[] = [];
    beforeAll(async () => {
      oa = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          received.push(body);
          res.writeHead(answer, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ oaId: `OA-${received.length}` }));
        });
      });
      await new Promise<void>((resolve) => oa.listen(0, '127.0.0.1', resolve));
      server.kernel.config.oaSupplierUrl = `http://127.0.0.1:${(oa.address() as AddressInfo).port}/supplier`;
    });
    afterAll(async () => {
      server.kernel.config.oaSupplierUrl = undefined;
      await new Promise((resolve) => oa.close(resolve));
    });

    it('posts the supplier, records the OA answer; a refusal answers 502 and changes nothing', async () => {
      const { id, supplierId } = await approved();
      answer = 500;
      expectError(await act('buyer01', 'doOAWriteSupplierInfo', { id }), 502);
      expect(await outboxOf(id)).toHaveLength(0);
      expect((await one('srm_slc_qualify_header', 'qualify_header_id', id)).oa_sync_flag).toBe('N');
      answer = 200;
      expectOk(await act('buyer01', 'doOAWriteSupplierInfo', { id }));
      expect((JSON.parse(received.at(-1)!) as { supplierId: number }).supplierId).toBe(supplierId);
      const [row] = await outboxOf(id);
      expect([row.provider, row.send_status]).toEqual(['HTTP', 'SENT']);
      expect(String(row.response)).toContain('OA-');
      expect((await one('srm_slc_qualify_header', 'qualify_header_id', id)).oa_sync_flag).toBe('Y');
    });
  });
});
