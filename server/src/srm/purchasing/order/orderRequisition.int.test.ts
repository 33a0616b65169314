import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { menuId, sessionHeaders } from '../../../testing/authFixtures';
import { onMysql } from '../../../testing/secondProcess';
import { RESP } from '../../../testing/proofFixtures';
import {
  act,
  approvedRequisitionLine,
  headerOf,
  line,
  released,
  requisitionLine,
  RES,
  submitted,
} from '../../../testing/orderFixtures';
import { proofServer } from '../../../testing/proofServer';

/**
 * An order never makes a requisition line's orderedQty exceed its approved quantity (DOMAIN §5.4,
 * doApprove): checked under the requisition line's lock, in one process and from two server
 * processes on one MariaDB (docs/developer-guide.md, "Invariants under concurrency").
 */
const PORT = 20000 + ((process.pid + 7) % 1000);
const ROUNDS = 4;
const p = proofServer('srm_pur_order_req', { secondProcessPort: PORT });

const fromReq = (requisitionLineId: number, quantity: string) => [line({ requisitionLineId, quantity })];

// Every order here goes to supplier 1, the one qualified for the requisition's item (0101 hardware):
// the supplier trade gate refuses the others (orderGate.int.test.ts).
describe('requisition quantities', () => {
  it('approval orders the requisition line; a second order beyond its quantity is refused naming the numbers', async () => {
    const reqLine = await approvedRequisitionLine(p, '100');
    await released(p, 1, fromReq(reqLine, '60'));
    expect(await requisitionLine(p, reqLine)).toMatchObject({ line_status: 'PARTIAL_ORDERED' });
    expect(Number((await requisitionLine(p, reqLine)).ordered_qty)).toBe(60);
    const second = await submitted(p, 1, fromReq(reqLine, '60'));
    const refused = await act(p, 'manager01', 'doApprove', { id: second, comment: 'ok' });
    expectError(refused, 409);
    expect(refused.body.msg).toMatch(/ordered quantity 120\.0000 would exceed its approved quantity 100\.0000/);
    expect((await headerOf(p, second)).status).toBe('SUBMITTED');
    const third = await released(p, 1, fromReq(reqLine, '40'));
    expect(await requisitionLine(p, reqLine)).toMatchObject({ line_status: 'ORDERED' });
    expectOk(await act(p, 'buyer01', 'doCancel', { id: third }));
    expect(Number((await requisitionLine(p, reqLine)).ordered_qty)).toBe(60);
    expect(await requisitionLine(p, reqLine)).toMatchObject({ line_status: 'PARTIAL_ORDERED' });
  });

  it('a requisition that is not approved cannot be ordered from', async () => {
    // Demo requisition 1 is a DRAFT: its line 1.
    const id = await submitted(p, 1, fromReq(1, '10'));
    expectError(await act(p, 'manager01', 'doApprove', { id, comment: 'ok' }), 409);
  });

  it(`two approvals at once in one process: exactly one succeeds, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const reqLine = await approvedRequisitionLine(p, '100');
      const ids = [await submitted(p, 1, fromReq(reqLine, '60')), await submitted(p, 1, fromReq(reqLine, '60'))];
      const answers = await Promise.all(ids.map((id) => act(p, 'manager01', 'doApprove', { id, comment: 'ok' })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(Number((await requisitionLine(p, reqLine)).ordered_qty)).toBe(60);
    }
  });

  it.skipIf(!onMysql)(
    `two approvals at once on two server processes: exactly one succeeds, ${ROUNDS} rounds`,
    async () => {
      const headers = sessionHeaders(p.sessions.manager01, RESP.manager01, await menuId(p.server, 'PUR_ORDER'));
      for (let round = 0; round < ROUNDS; round++) {
        const reqLine = await approvedRequisitionLine(p, '100');
        const ids = [await submitted(p, 1, fromReq(reqLine, '60')), await submitted(p, 1, fromReq(reqLine, '60'))];
        const answers = await Promise.all([
          p.server.call('srmServer', RES, 'doApprove', { id: ids[0], comment: 'ok' }, headers),
          p.other!.call('srmServer', RES, 'doApprove', { id: ids[1], comment: 'ok' }, headers),
        ]);
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
        expect(answers.find((a) => a.status === 409)!.body.msg).toMatch(/would exceed its approved quantity 100\.0000/);
        expect(Number((await requisitionLine(p, reqLine)).ordered_qty)).toBe(60);
        const statuses = await Promise.all(ids.map(async (id) => (await headerOf(p, id)).status));
        expect(statuses.sort()).toEqual(['RELEASED', 'SUBMITTED']);
      }
    },
  );
});
