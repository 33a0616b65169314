import { describe, expect, it } from 'vitest';
import { expectOk } from '../../../testing/apiAssertions';
import { onMysql } from '../../../testing/secondProcess';
import { type ApiAnswer } from '../../../testing/testServer';
import { DeliveryApi, fixed4, NOTE_RES, NOTICE_RES, noteBody, noticeBody } from './deliveryFixtures';
import { serverWith } from '../../../testing/proofServer';

/**
 * Delivery's invariants under concurrency (docs/developer-guide.md "Invariants under concurrency"):
 * two shipments against one order line at once never ship more than its quantity; one note
 * received twice at once is received once. In one process (both engines) and from two server
 * processes on one MariaDB.
 */
const PORT = 20000 + ((process.pid + 500) % 1000);
const ROUNDS = 3;
const t = serverWith('srm_delivery_race', (server) => new DeliveryApi(server), {
  timeout: 180_000,
  secondProcessPort: PORT,
});

type Caller = (
  action: string,
  id: number,
  user: string,
  menu: string,
  body?: Record<string, unknown>,
) => Promise<ApiAnswer>;

const here: Caller = async (action, id, user, menu, body = {}) =>
  t.server.call('srmServer', NOTE_RES, action, { id, ...body }, await t.api.headers(user, menu, NOTE_RES));
const there: Caller = async (action, id, user, menu, body = {}) =>
  t.other!.call('srmServer', NOTE_RES, action, { id, ...body }, await t.api.headers(user, menu, NOTE_RES));

async function draftNote(orderLineId: number, shipQty: string): Promise<number> {
  return expectOk(
    await t.api.note('supplier01', 'SUP_DELIVERY_NOTE_EDIT', 'saveOrUpdate', noteBody([{ orderLineId, shipQty }])),
  ).deliveryNoteId as number;
}

/** Two notes that each fit the line's open quantity but not both: exactly one ships. */
async function shipRace(orderLineId: number, quantity: number, callers: [Caller, Caller]): Promise<void> {
  for (let round = 0; round < ROUNDS; round++) {
    const before = Number((await t.api.orderLine(orderLineId)).shipped);
    const each = String(Math.floor((quantity - before) / 2) + 1);
    const ids = [await draftNote(orderLineId, each), await draftNote(orderLineId, each)];
    const answers = await Promise.all([
      callers[0]('doShip', ids[0], 'supplier01', 'SUP_DELIVERY_NOTE'),
      callers[1]('doShip', ids[1], 'supplier01', 'SUP_DELIVERY_NOTE'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const statuses = await Promise.all(ids.map((id) => t.api.status('srm_pur_delivery_note', 'delivery_note_id', id)));
    expect(statuses.sort()).toEqual(['DRAFT', 'SHIPPED']);
    expect((await t.api.orderLine(orderLineId)).shipped).toBe(fixed4(before + Number(each)));
  }
}

/** One shipped note received twice at once: one 200, one 409, one receipt transaction, received once on the order. */
async function receiveRace(callers: [Caller, Caller]): Promise<void> {
  for (let round = 0; round < ROUNDS; round++) {
    const id = await draftNote(90001, '100');
    expectOk(await here('doShip', id, 'supplier01', 'SUP_DELIVERY_NOTE'));
    const before = Number((await t.api.orderLine(90001)).received);
    const answers = await Promise.all([
      callers[0]('doReceive', id, 'buyer01', 'PUR_DELIVERY_RECEIVE'),
      callers[1]('doReceive', id, 'buyer01', 'PUR_DELIVERY_RECEIVE'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const rcv = await t.api.select('SELECT quantity AS q FROM srm_pur_receipt_transaction WHERE delivery_note_id = ?', [
      id,
    ]);
    expect(rcv.map((r) => fixed4(r.q))).toEqual(['100.0000']);
    expect((await t.api.orderLine(90001)).received).toBe(fixed4(before + 100));
  }
}

/** Two notices that each fit the order line's open quantity but not both, published at once: one publishes. */
async function publishRace(orderLineId: number, quantity: number): Promise<void> {
  const headers = await t.api.headers('buyer01', 'PUR_DELIVERY_NOTICE_EDIT', NOTICE_RES);
  for (let round = 0; round < ROUNDS; round++) {
    const reserved = await t.api.select(
      'SELECT open_qty AS q FROM srm_pur_delivery_notice_line WHERE order_line_id = ?',
      [orderLineId],
    );
    const open = quantity - reserved.reduce((sum, r) => sum + Number(r.q), 0);
    const each = String(Math.floor(open / 2) + 1);
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const body = noticeBody(2, [{ orderLineId, requiredQty: each }]);
      ids.push(
        expectOk(await t.server.call('srmServer', NOTICE_RES, 'saveOrUpdate', body, headers))
          .deliveryNoticeId as number,
      );
    }
    const answers = await Promise.all(
      ids.map((id) => t.server.call('srmServer', NOTICE_RES, 'doPublish', { id }, headers)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  }
}

describe('delivery under concurrency', () => {
  it(`two notices on one order line published at once: never reserving beyond its quantity, ${ROUNDS} rounds`, async () => {
    await publishRace(90007, 1000);
  });

  it(`two shipments against one order line at once in one process: never beyond its quantity, ${ROUNDS} rounds`, async () => {
    await shipRace(90006, 2000, [here, here]);
  });

  it(`one note received twice at once in one process: received once, ${ROUNDS} rounds`, async () => {
    await receiveRace([here, here]);
  });

  it.skipIf(!onMysql)(`two shipments against one order line on two server processes, ${ROUNDS} rounds`, async () => {
    await shipRace(90005, 20000, [here, there]);
  });

  it.skipIf(!onMysql)(`one note received twice on two server processes, ${ROUNDS} rounds`, async () => {
    await receiveRace([here, there]);
  });
});
