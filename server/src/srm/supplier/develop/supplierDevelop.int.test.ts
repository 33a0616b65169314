import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { rows, todosOf, type Body } from '../../../testing/proofFixtures';
import { decide, fromMenu, register, registerForm, sessionOf } from '../registration/registrationFixtures';
import { act, docRow, saved, submitted, supplierRow } from '../status/statusFixtures';
import { INVITE_PURPOSE } from './developEffects';
import { proofServer } from '../../../testing/proofServer';

/** Supplier development (DOMAIN 1.10): approval mails the registration invitation through the outbox and stamps inviteDate. */
const p = proofServer('srm_supplier_develop', { timeout: 300_000 }); // a fresh MariaDB schema with the demo seeds takes minutes on a loaded machine

let seq = 0;
function developBody(): Body {
  seq += 1;
  return {
    categoryId: 6,
    orgId: 3,
    developReason: 'NEW_CATEGORY',
    targetSupplierName: `测试线缆有限公司 ${seq}`,
    contactName: '黄工',
    contactEmail: `cable${seq}@example.com`,
    contactMobile: '13912345678',
  };
}
const invites = (to: string) => rows(p, 'base_mail_outbox', 'mail_id', { to_address: to, purpose: INVITE_PURPOSE });

describe('development', () => {
  it('approval: APPROVED, inviteDate stamped, one invitation to the contact with the /register link naming the development', async () => {
    const body = developBody();
    const id = await submitted(p, 'develop', body);
    expect((await todosOf(p, 'srmSlcSupplierDevelop', id)).map((t) => t.bill_type)).toEqual(['SLC_DEVELOP']);
    expect(await invites(String(body.contactEmail))).toEqual([]);
    expectOk(await act(p, 'develop', 'manager01', 'doApprove', { id, comment: 'ok' }));
    const row = await docRow(p, 'develop', id);
    expect(row.status).toBe('APPROVED');
    expect(row.invite_date).toBeTruthy();
    const mails = await invites(String(body.contactEmail));
    expect(mails).toHaveLength(1);
    expect(mails[0].status).toBe('OUTBOX_ONLY');
    expect(String(mails[0].body)).toContain(`/register?invite=${String(row.develop_number)}`);
    expect(String(mails[0].body)).toContain(String(body.targetSupplierName));
  });

  it('a rejected development sends nothing; a bad e-mail is refused on save (400)', async () => {
    const body = developBody();
    const id = await submitted(p, 'develop', body);
    expectOk(await act(p, 'develop', 'manager01', 'doReject', { id, comment: '已有同类供应商' }));
    expect((await docRow(p, 'develop', id)).status).toBe('REJECTED');
    expect(await invites(String(body.contactEmail))).toEqual([]);
    expectError(
      await act(p, 'develop', 'buyer01', 'saveOrUpdate', { ...developBody(), contactEmail: 'not-mail' }),
      400,
      ['contactEmail'],
    );
  });

  it('illegal transitions (409), self-approval (403), the buyer cannot approve (403), suppliers cannot reach it (403)', async () => {
    const id = await saved(p, 'develop', developBody());
    expectError(await act(p, 'develop', 'manager01', 'doApprove', { id }), 409);
    const own = await saved(p, 'develop', developBody(), 'admin');
    expectOk(await act(p, 'develop', 'admin', 'doSubmit', { id: own }));
    expectError(await act(p, 'develop', 'admin', 'doApprove', { id: own }), 403);
    expectError(await act(p, 'develop', 'buyer01', 'doApprove', { id: own }), 403);
    expectOk(await act(p, 'develop', 'manager01', 'doApprove', { id: own, comment: 'ok' }));
    expectError(await act(p, 'develop', 'manager01', 'doApprove', { id: own }), 409);
    expectError(await act(p, 'develop', 'buyer01', 'doSubmit', { id: own }), 409);
    expectError(await act(p, 'develop', 'supplier01', 'listByPage', { pageIndex: 1, pageRows: 10 }), 403);
  });
});

describe('the invitation link', () => {
  it('a registration naming an approved development is INVITE once approved, and the development gets its supplier; an unknown one is REGISTER', async () => {
    const id = await submitted(p, 'develop', developBody());
    expectOk(await act(p, 'develop', 'manager01', 'doApprove', { id, comment: 'ok' }));
    const number = String((await docRow(p, 'develop', id)).develop_number);
    const invited = expectOk(await register(p.server, registerForm({ inviteNumber: number }))).registerId as number;
    const stray = expectOk(
      await register(
        p.server,
        registerForm({
          inviteNumber: 'DEV000000000000',
          supplierName: '佛山市测试电缆有限公司',
          unifiedSocialCreditCode: '91440600MA4W3E7H5X',
          userName: 'straysupp',
        }),
      ),
    ).registerId as number;
    const buyer = await fromMenu(p.server, await sessionOf(p.server, 'buyer01'), 'SLC_REGISTER_APPROVAL');
    const approved = expectOk(await decide(p.server, buyer, 'doApproveRegister', { id: invited }));
    const supplierId = Number(approved.supplierId);
    expect((await supplierRow(p, supplierId)).source_type).toBe('INVITE');
    expect(Number((await docRow(p, 'develop', id)).supplier_id)).toBe(supplierId);
    const other = expectOk(await decide(p.server, buyer, 'doApproveRegister', { id: stray }));
    expect((await supplierRow(p, Number(other.supplierId))).source_type).toBe('REGISTER');
  });
});
