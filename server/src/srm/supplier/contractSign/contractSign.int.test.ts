import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { menuId, sessionHeaders } from '../../../testing/authFixtures';
import { fileCall } from '../../../testing/fileFixtures';
import { PdfTextReader } from '../../reconciliation/invoiceOcr/contract';
import {
  call,
  historyOf,
  notificationsOf,
  RESP,
  rows,
  setState,
  todosOf,
  type Body,
  type ProofUser,
} from '../../../testing/proofFixtures';
import {
  act,
  draft,
  flowOf,
  HEAD_ENTITY,
  headOf,
  LINE_ENTITY,
  LINE_RES,
  linesOf,
  signBody,
  signing,
  submitted,
} from './contractSignFixtures';
import { sha256Hex, signedContent } from './signedPdf';
import { proofServer } from '../../../testing/proofServer';
import { everyActionFromEveryState } from '../../../testing/transitionMatrix';

/** Supplier agreement signing (DOMAIN.md §1.9): head approval, the suppliers' lines, the signed PDF, completion. */
const p = proofServer('srm_contract_sign');

async function download(user: ProofUser, attachmentId: number, menu = 'SUP_CONTRACT_SIGN') {
  const auth = sessionHeaders(p.sessions[user], RESP[user], await menuId(p.server, menu));
  return fileCall(p.server, auth, `v2/file/download?id=${attachmentId}`);
}

describe('the head: submit, approve, reject', () => {
  it('submit makes the approval to-do; approval sends every line to its supplier (PENDING, flow, to-do, notification)', async () => {
    const id = await submitted(p);
    expect((await headOf(p, id)).status).toBe('SUBMITTED');
    const todos = await todosOf(p, HEAD_ENTITY, id);
    expect(todos.map((t) => [t.bill_type, Number(t.assignee_user_id)])).toEqual([['SLC_CONTRACT_SIGN', 3]]);
    expect((await linesOf(p, id)).map((l) => l.supplier_sign_status)).toEqual(['NOT_STARTED', 'NOT_STARTED']);

    expectOk(await act(p, 'manager01', 'doApprove', { id }));
    const head = await headOf(p, id);
    expect(head.status).toBe('SIGNING');
    expect((await todosOf(p, HEAD_ENTITY, id))[0].handle_flag).toBe('Y');
    const lines = await linesOf(p, id);
    expect(lines.map((l) => [Number(l.supplier_id), l.supplier_sign_status, l.sign_number, l.agreement_type])).toEqual([
      [1, 'PENDING', head.sign_number, 'QUALITY_AGREEMENT'],
      [2, 'PENDING', head.sign_number, 'QUALITY_AGREEMENT'],
    ]);
    for (const line of lines) {
      const lineId = Number(line.sign_line_id);
      expect(await flowOf(p, lineId)).toMatchObject({ provider: 'local', sign_status: 'PENDING' });
      const todo = await rows(p, 'base_supplier_todo', 'supplier_todo_id', {
        entity_name: LINE_ENTITY,
        bill_id: lineId,
      });
      expect(todo.map((t) => [t.bill_type, Number(t.supplier_id), t.menu_code, t.bill_link, t.handle_flag])).toEqual([
        ['SRM_CONTRACT', Number(line.supplier_id), 'SUP_CONTRACT_SIGN', `supplierContractSignEdit?id=${lineId}`, 'N'],
      ]);
      const told = (await notificationsOf(p, LINE_ENTITY, lineId)).map((n) => Number(n.recipient_user_id));
      expect(told).toContain(Number(line.supplier_id) === 1 ? 5 : 6);
    }
  });

  it('the submitter cannot approve their own agreement (admin holds every button: 403); a buyer without the button neither (403)', async () => {
    const id = await draft(p, 'admin');
    expectOk(await act(p, 'admin', 'doSubmit', { id }));
    const own = await act(p, 'admin', 'doApprove', { id });
    expectError(own, 403);
    expect(own.body.msg).toBe('The submitter cannot approve their own document');
    expectError(await act(p, 'buyer01', 'doApprove', { id }), 403);
    expect((await headOf(p, id)).status).toBe('SUBMITTED');
    expect((await linesOf(p, id)).map((l) => l.supplier_sign_status)).toEqual(['NOT_STARTED', 'NOT_STARTED']);
  });

  it('reject needs a comment (400); rejected, the agreement can be edited and submitted again', async () => {
    const id = await submitted(p);
    expectError(await act(p, 'manager01', 'doReject', { id }), 400, ['comment']);
    expectOk(await act(p, 'manager01', 'doReject', { id, comment: '请补充条款附件' }));
    expect((await headOf(p, id)).status).toBe('REJECTED');
    const found = expectOk(await act(p, 'buyer01', 'findById', { id }));
    expectOk(await act(p, 'buyer01', 'saveOrUpdate', { ...found, lines: [...found.lines, { supplierId: 3 }] }));
    expectOk(await act(p, 'buyer01', 'doSubmit', { id }));
    expect((await headOf(p, id)).status).toBe('SUBMITTED');
  });

  it('submit refuses an agreement without suppliers (400) and one supplier twice (409)', async () => {
    const empty = await draft(p, 'buyer01', signBody([]));
    expectError(await act(p, 'buyer01', 'doSubmit', { id: empty }), 400, ['lines']);
    expectError(await act(p, 'buyer01', 'saveOrUpdate', signBody([1, 1])), 409);
  });

  everyActionFromEveryState(p, {
    entityName: HEAD_ENTITY,
    table: 'srm_slc_contract_sign_head',
    keyColumn: 'sign_head_id',
    states: ['DRAFT', 'SUBMITTED', 'REJECTED', 'SIGNING', 'COMPLETED'],
    actions: [
      ['doSubmit', 'buyer01', ['DRAFT', 'REJECTED'], 'SUBMITTED'],
      ['doApprove', 'manager01', ['SUBMITTED'], 'SIGNING'],
      ['doReject', 'manager01', ['SUBMITTED'], 'REJECTED'],
    ],
    draft: () => draft(p),
    submitted: () => submitted(p),
    act: (user, action, body) => act(p, user, action, body),
  });
});

describe("the supplier's line: scope", () => {
  it('a supplier lists only its own lines of agreements being signed or completed', async () => {
    const { id } = await signing(p);
    const list = expectOk<Body[]>(await act(p, 'supplier01', 'listByPage', { pageIndex: 1, pageRows: 200 }));
    expect(new Set(list.map((l) => l.supplierId))).toEqual(new Set([1]));
    expect(list.map((l) => l.signHeadId)).toContain(id);
    expect(list.map((l) => l.signHeadId)).not.toContain(2); // the demo DRAFT
    expect(list.find((l) => l.signHeadId === id)).toMatchObject({
      supplierSignStatus: 'PENDING',
      signTitle: expect.any(String),
    });
  });

  it("supplier02 can neither read nor sign nor refuse supplier01's line (404); a draft's line is hidden (404)", async () => {
    const { line } = await signing(p);
    expectError(await act(p, 'supplier02', 'findById', { id: line[1] }), 404);
    expectError(await act(p, 'supplier02', 'doSupplierSign', { id: line[1] }), 404);
    expectError(await act(p, 'supplier02', 'doSupplierRefuse', { id: line[1], comment: 'no' }), 404);
    expect(
      (await rows(p, 'srm_slc_contract_sign_line', 'sign_line_id', { sign_line_id: line[1] }))[0].supplier_sign_status,
    ).toBe('PENDING');
    expectError(await act(p, 'supplier01', 'findById', { id: 3 }), 404);
  });

  it('internal users cannot sign for the supplier: the line is on no page of their menu (403)', async () => {
    const { line } = await signing(p);
    expectError(await call(p, 'buyer01', 'SLC_CONTRACT_SIGN', LINE_RES, 'doSupplierSign', { id: line[1] }), 403);
    expectError(
      await call(p, 'manager01', 'SLC_CONTRACT_SIGN', LINE_RES, 'doSupplierRefuse', { id: line[1], comment: 'x' }),
      403,
    );
    // admin holds the supplier menu and its buttons, but is no user of the line's supplier: 403.
    expectError(await call(p, 'admin', 'SUP_CONTRACT_SIGN', LINE_RES, 'doSupplierSign', { id: line[1] }), 403);
    expect(
      (await rows(p, 'srm_slc_contract_sign_line', 'sign_line_id', { sign_line_id: line[1] }))[0].supplier_sign_status,
    ).toBe('PENDING');
  });
});

describe('signing and refusing', () => {
  it('signing produces a real signed PDF stored as the line file; its hashes verify; the other supplier cannot download it', async () => {
    const { id, line } = await signing(p);
    const signed = expectOk(await act(p, 'supplier01', 'doSupplierSign', { id: line[1] }));
    expect(signed.supplierSignStatus).toBe('SIGNED');
    const [row] = await rows(p, 'srm_slc_contract_sign_line', 'sign_line_id', { sign_line_id: line[1] });
    expect(Number(row.signed_by)).toBe(5);
    const fileId = Number(row.signed_file_ids);
    const [file] = await rows(p, 'base_file', 'attachment_id', { attachment_id: fileId });
    expect(file).toMatchObject({ function_id: LINE_ENTITY, extension: 'pdf', content_type: 'application/pdf' });
    expect(Number(file.business_id)).toBe(line[1]);

    const got = await download('supplier01', fileId);
    expect(got.status).toBe(200);
    expect(got.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(sha256Hex(got.bytes)).toBe(file.sha256);

    const flow = await flowOf(p, line[1]);
    expect(flow).toMatchObject({ sign_status: 'SIGNED', signer_name: expect.stringContaining('supplier01') });
    expect(Number(flow.signed_file_id)).toBe(fileId);
    const head = await headOf(p, id);
    const content = signedContent(
      {
        signHeadId: id,
        signLineId: line[1],
        signNumber: String(head.sign_number),
        signTitle: String(head.sign_title),
        agreementType: 'QUALITY_AGREEMENT',
        orgName: '子午线电子(苏州)有限公司',
        validFrom: '2027-01-01',
        validTo: '2027-12-31',
        signMethod: 'ELECTRONIC',
        description: '来料检验按 AQL 0.65 / Incoming inspection at AQL 0.65',
        termFileNames: [],
        supplierId: 1,
        supplierName: '苏州恒达精密五金有限公司',
        supplierCode: 'S100001',
      },
      {
        userId: 5,
        userName: 'supplier01',
        supplierId: 1,
        supplierName: '苏州恒达精密五金有限公司',
        signedAt: String(flow.finish_time).slice(0, 19).replace('T', ' '),
      },
    );
    expect(flow.document_sha256).toBe(sha256Hex(content));
    const reading = await new PdfTextReader().read({ fileName: 'x.pdf', extension: 'pdf', content: got.bytes });
    expect('text' in reading && reading.text.replace(/\s/g, '')).toContain(String(flow.document_sha256));

    expect((await download('supplier02', fileId)).status).toBe(404);
    const asBuyer = await download('buyer01', fileId, 'SLC_CONTRACT_SIGN');
    expect([asBuyer.status, sha256Hex(asBuyer.bytes)]).toEqual([200, file.sha256]);
    const todo = await rows(p, 'base_supplier_todo', 'supplier_todo_id', {
      entity_name: LINE_ENTITY,
      bill_id: line[1],
    });
    expect(todo.map((t) => [t.handle_flag, Number(t.handle_user_id)])).toEqual([['Y', 5]]);
    expect((await headOf(p, id)).status).toBe('SIGNING'); // supplier02 still pending
    expectError(await act(p, 'supplier01', 'doSupplierSign', { id: line[1] }), 409);
  });

  it('refusing needs a reason (400); the last answer completes the head once, with history and the submitter told', async () => {
    const { id, line } = await signing(p);
    expectOk(await act(p, 'supplier01', 'doSupplierSign', { id: line[1] }));
    expectError(await act(p, 'supplier02', 'doSupplierRefuse', { id: line[2] }), 400, ['comment']);
    expectOk(await act(p, 'supplier02', 'doSupplierRefuse', { id: line[2], comment: '条款需法务复核' }));
    const [refused] = await rows(p, 'srm_slc_contract_sign_line', 'sign_line_id', { sign_line_id: line[2] });
    expect([refused.supplier_sign_status, refused.refuse_reason]).toEqual(['REFUSED', '条款需法务复核']);
    expect((await flowOf(p, line[2])).sign_status).toBe('REFUSED');
    const head = await headOf(p, id);
    expect(head.status).toBe('COMPLETED');
    expect(head.complete_date).toBeTruthy();
    const history = (await historyOf(p, HEAD_ENTITY, id)).map((h) => [h.action, h.from_state, h.to_state]);
    expect(history).toEqual([
      ['doSubmit', 'DRAFT', 'SUBMITTED'],
      ['doApprove', 'SUBMITTED', 'SIGNING'],
      ['doComplete', 'SIGNING', 'COMPLETED'],
    ]);
    const told = (await notificationsOf(p, HEAD_ENTITY, id)).map((n) => [
      Number(n.recipient_user_id),
      n.notification_title,
    ]);
    expect(told).toContainEqual([2, `协议签署 ${head.sign_number} 已完成`]);
    expectError(await act(p, 'supplier02', 'doSupplierSign', { id: line[2] }), 409);
  });

  it('a line can be signed or refused only while its head is SIGNING (409)', async () => {
    const { id, line } = await signing(p);
    await setState(p, 'srm_slc_contract_sign_head', 'status', 'sign_head_id', id, 'COMPLETED');
    const answer = await act(p, 'supplier01', 'doSupplierSign', { id: line[1] });
    expectError(answer, 409);
    expect(answer.body.msg).toMatch(/not being signed/);
    expect((await linesOf(p, id))[0].supplier_sign_status).toBe('PENDING');
  });

  const LINE_STATES = ['PENDING', 'SIGNED', 'REFUSED', 'NOT_STARTED'];
  it.each(
    LINE_STATES.flatMap((s) => [
      ['doSupplierSign', s],
      ['doSupplierRefuse', s],
    ]),
  )('%s from %s', async (action, state) => {
    const { line } = await signing(p);
    if (state !== 'PENDING')
      await setState(p, 'srm_slc_contract_sign_line', 'supplier_sign_status', 'sign_line_id', line[1], state);
    const answer = await act(p, 'supplier01', action, { id: line[1], comment: 'checked' });
    if (state === 'PENDING') expectOk(answer);
    else expectError(answer, 409);
  });

  it('offline (wet ink) agreements are signed without an e-signing flow or file', async () => {
    const { id, line } = await signing(p, signBody([1], 'OFFLINE'));
    expect(await flowOf(p, line[1])).toBeUndefined();
    expectOk(await act(p, 'supplier01', 'doSupplierSign', { id: line[1] }));
    const [row] = await rows(p, 'srm_slc_contract_sign_line', 'sign_line_id', { sign_line_id: line[1] });
    expect([row.supplier_sign_status, row.signed_file_ids, row.sign_date !== null]).toEqual(['SIGNED', null, true]);
    expect((await headOf(p, id)).status).toBe('COMPLETED');
  });

  it('two suppliers answering the last two lines at once complete the head exactly once', async () => {
    for (let round = 0; round < 3; round++) {
      const { id, line } = await signing(p);
      const answers = await Promise.all([
        act(p, 'supplier01', 'doSupplierSign', { id: line[1] }),
        act(p, 'supplier02', 'doSupplierRefuse', { id: line[2], comment: 'race' }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect((await headOf(p, id)).status).toBe('COMPLETED');
      const completions = (await historyOf(p, HEAD_ENTITY, id)).filter((h) => h.action === 'doComplete');
      expect(completions).toHaveLength(1);
    }
  });
});

describe('demo data', () => {
  it('buyer01 lists the three demo agreements; supplier01 sees its pending and completed lines, not the draft', async () => {
    const heads = expectOk<Body[]>(await act(p, 'buyer01', 'listByPage', { pageIndex: 1, pageRows: 500 }));
    expect(
      heads
        .filter((h) => Number(h.signHeadId) <= 3)
        .map((h) => h.status)
        .sort(),
    ).toEqual(['COMPLETED', 'DRAFT', 'SIGNING']);
    const lines = expectOk<Body[]>(await act(p, 'supplier01', 'listByPage', { pageIndex: 1, pageRows: 500 }));
    expect(lines.filter((l) => Number(l.signLineId) <= 6).map((l) => [l.signLineId, l.supplierSignStatus])).toEqual([
      [5, 'SIGNED'],
      [1, 'PENDING'],
    ]);
  });
});
