import { describe, expect, it } from 'vitest';
import type { SourcedDocument } from './documents';
import { loadProblems as problems, miniAppDocuments, todoTypesDocument } from './__fixtures__/miniApp';
import type { MetadataProblem } from './problems';

// Declared effects on the mini application's order lifecycle: a complete set loads; each case
// breaks one thing and must stop the load naming the lifecycle document, the pointer and the problem.

type Lifecycle = any;
const LC = 'metadata/src/__fixtures__/miniApp/lifecycles/demoOrder.json';
const TODO_TYPES = todoTypesDocument([{ code: 'DEMO_CONFIRM', cn: '订单确认', en: 'Order confirmation' }]);

const openTodo = () => ({
  openTodo: {
    billType: 'DEMO_CONFIRM',
    to: { supplierField: 'supplierId' },
    title: { cn: '订单 {orderNumber} 待确认', en: 'Order {orderNumber} awaits confirmation' },
    menuCode: 'DEMO_ORDER',
    link: 'demoOrderManage/demoOrderEdit?id={id}',
    when: { field: 'totalAmount', op: 'gt', value: 0 },
  },
});

function withEffects(mutate: (lc: Lifecycle) => void = () => undefined): SourcedDocument[] {
  const docs = miniAppDocuments();
  const lc = docs.find((d) => d.source === LC)!.doc as Lifecycle;
  lc.transitions[1].effects = [
    'stampApprover',
    { set: { orderDate: { now: 'date' }, totalAmount: null } },
    openTodo(),
    {
      notify: {
        to: { supplierField: 'supplierId' },
        title: { cn: '订单 {orderNumber} {state}', en: 'Order {orderNumber} {state}' },
        content: { cn: '{action}', en: '{action}' },
        type: 'APPROVAL',
        billType: 'DEMO_CONFIRM',
      },
    },
    { setLines: { lines: 'lines', set: { uomCode: 'PCS' }, where: { field: 'quantity', op: 'gt', value: 0 } } },
    { closeTodos: { billTypes: ['DEMO_CONFIRM'], as: 'cancelled' } },
  ];
  lc.transitions[1].checks = [
    {
      record: { field: 'orderDate', op: 'notNull' },
      message: { cn: '订单 {orderNumber} 缺日期', en: 'Order {orderNumber} has no date' },
    },
    { lines: 'lines', min: 1, message: { cn: '至少一行', en: 'At least one line' } },
    {
      lines: 'lines',
      none: { field: 'quantity', op: 'lte', value: 0 },
      message: { cn: '第 {lineNum} 行数量无效', en: 'Line {lineNum}: no quantity' },
    },
  ];
  mutate(lc);
  return [...docs, TODO_TYPES];
}

const createRecord = () => ({
  createRecord: {
    entity: 'demoSupplier',
    set: { supplierCode: { field: 'orderNumber' }, supplierName: { comment: true }, apiToken: 'T' },
    when: { field: 'totalAmount', op: 'gt', value: 0 },
  },
});

const P = (pointer: string, message: string): MetadataProblem => ({ document: LC, pointer, message });
const E = '/transitions/1/effects';

describe('declared transition effects', () => {
  it('load when every field, child, menu, page, to-do type and placeholder exists', () => {
    expect(problems(withEffects())).toEqual([]);
    expect(problems(withEffects((lc) => lc.transitions[1].effects.push(createRecord())))).toEqual([]);
    const difference = { setLines: { lines: 'lines', set: { quantity: { field: 'quantity', minus: 'lineNum' } } } };
    expect(problems(withEffects((lc) => lc.transitions[1].effects.push(difference)))).toEqual([]);
    const toLines = { lines: 'lines', userField: 'lineNum', where: { field: 'quantity', op: 'gt', value: 0 } };
    expect(problems(withEffects((lc) => (lc.transitions[1].effects[3].notify.to = toLines)))).toEqual([]);
  });

  it('read "reference.field" from the record a reference names, and stop on a name it does not have', () => {
    const through = (title: string, supplierField: string) =>
      withEffects((lc) => {
        lc.transitions[1].effects[3].notify.title = { cn: title, en: 'Order' };
        lc.transitions[1].effects[3].notify.to = { supplierField };
      });
    expect(problems(through('{supplierId.supplierName}', 'supplierId'))).toEqual([]);
    expect(problems(through('{supplierId.nickName} {orderDate.x}', 'supplierId.nope'))).toEqual([
      P(`${E}/3/notify/to`, 'recipient field "supplierId.nope" is not a field of demoOrderHeader'),
      P(`${E}/3/notify`, 'placeholder "supplierId.nickName" is not a field of demoOrderHeader'),
      P(`${E}/3/notify`, 'placeholder "orderDate.x" is not a field of demoOrderHeader'),
    ]);
  });

  it.each<[string, (lc: Lifecycle) => void, MetadataProblem[]]>([
    [
      'a to-do type that is not a SYS_TOBEDO value',
      (lc) => (lc.transitions[1].effects[2].openTodo.billType = 'DEMO_CONFIRMED'),
      [P(`${E}/2/openTodo/billType`, 'billType "DEMO_CONFIRMED" is not a value of SYS_TOBEDO')],
    ],
    [
      'a recipient field the entity lacks',
      (lc) => (lc.transitions[1].effects[2].openTodo.to = { userField: 'buyerId' }),
      [P(`${E}/2/openTodo/to`, 'recipient field "buyerId" is not a field of demoOrderHeader')],
    ],
    [
      'recipients of lines the record lacks, a line field the lines lack, two kinds, where without lines',
      (lc) => {
        lc.transitions[1].effects[2].openTodo.to = { lines: 'items', supplierField: 'supplierId' };
        lc.transitions[1].effects[3].notify.to = { lines: 'lines', supplierField: 'supplierId' };
        lc.transitions[1].effects.push(
          { notify: { ...lc.transitions[1].effects[3].notify, to: { creator: true, submitter: true } } },
          {
            notify: {
              ...lc.transitions[1].effects[3].notify,
              to: { creator: true, where: { field: 'x', op: 'null' } },
            },
          },
          { notify: { ...lc.transitions[1].effects[3].notify, to: { supplierField: 'supplierId', internal: true } } },
        );
      },
      [
        P(`${E}/2/openTodo/to/lines`, '"items" is not a child of demoOrderHeader'),
        P(`${E}/3/notify/to`, 'recipient field "supplierId" is not a field of demoOrderLine'),
        P(
          `${E}/6/notify/to`,
          'recipients name one of userField, supplierField, submitter, creator, approvers, not submitter and creator',
        ),
        P(`${E}/7/notify/to/where`, 'where selects lines: only with lines'),
        P(`${E}/8/notify/to/internal`, 'internal keeps internal users: not with supplierField'),
      ],
    ],
    [
      'an unknown menu and a link to no page',
      (lc) => Object.assign(lc.transitions[1].effects[2].openTodo, { menuCode: 'NOPE', link: 'nowhere?id={id}' }),
      [
        P(`${E}/2/openTodo/menuCode`, 'menu "NOPE" does not exist'),
        P(`${E}/2/openTodo/link`, 'link opens page "nowhere", which does not exist'),
      ],
    ],
    [
      'a placeholder that is no field',
      (lc) => (lc.transitions[1].effects[2].openTodo.title.en = 'Order {orderNo}'),
      [P(`${E}/2/openTodo`, 'placeholder "orderNo" is not a field of demoOrderHeader')],
    ],
    [
      'to-dos closed for a user field the entity lacks',
      (lc) => (lc.transitions[1].effects[5].closeTodos.userField = 'scorerUserId'),
      [P(`${E}/5/closeTodos/userField`, 'user field "scorerUserId" is not a field of demoOrderHeader')],
    ],
    [
      'a set of the status, of an audit column and of an unknown field',
      (lc) => (lc.transitions[1].effects[1].set = { status: 'X', versionNum: 2, amount: { field: 'total' } }),
      [
        P(`${E}/1/set`, '"status" of demoOrderHeader is written by the platform, not by an effect'),
        P(`${E}/1/set`, '"versionNum" of demoOrderHeader is written by the platform, not by an effect'),
        P(`${E}/1/set`, '"amount" is not a field of demoOrderHeader'),
        P(`${E}/1/set`, 'value field "total" is not a field of demoOrderHeader'),
      ],
    ],
    [
      'a line value less a field that is not a number',
      (lc) => (lc.transitions[1].effects[4].setLines.set = { quantity: { field: 'quantity', minus: 'uomCode' } }),
      [P(`${E}/4/setLines/set`, 'value field "uomCode" of demoOrderLine is not a number: it cannot be subtracted')],
    ],
    [
      'lines of an unknown child, and a line filter on no line field',
      (lc) => {
        lc.transitions[1].effects[4].setLines.where = { field: 'qty', op: 'gt', value: 0 };
        lc.transitions[1].effects.push({ setLines: { lines: 'items', set: { uomCode: 'X' } } });
      },
      [
        P(`${E}/4/setLines/where`, 'filter field "qty" is not a field of demoOrderLine'),
        P(`${E}/6/setLines/lines`, '"items" is not a child of demoOrderHeader'),
      ],
    ],
    [
      'a record of no entity; its key, an audit column, no field and a value from no field of the record',
      (lc) => {
        lc.transitions[1].effects.push(createRecord());
        lc.transitions[1].effects.push({ createRecord: { entity: 'demoVendor', set: { supplierCode: 'X' } } });
        lc.transitions[1].effects[6].createRecord.set = {
          supplierId: 1,
          createdBy: 1,
          supplierNo: 'X',
          supplierCode: { field: 'orderNo' },
        };
        lc.transitions[1].effects[6].createRecord.when = { field: 'amount', op: 'gt', value: 0 };
        lc.transitions[1].effects[6].createRecord.lines = { into: 'lines', from: 'items', set: { x: 1 } };
      },
      [
        P(`${E}/6/createRecord/set`, '"supplierId" of demoSupplier is written by the platform, not by an effect'),
        P(`${E}/6/createRecord/set`, '"createdBy" of demoSupplier is written by the platform, not by an effect'),
        P(`${E}/6/createRecord/set`, '"supplierNo" is not a field of demoSupplier'),
        P(`${E}/6/createRecord/set`, 'value field "orderNo" is not a field of the record or its lines'),
        P(`${E}/6/createRecord/lines/into`, '"lines" is not a child of demoSupplier'),
        P(`${E}/6/createRecord/lines/from`, '"items" is not a child of demoOrderHeader'),
        P(`${E}/6/createRecord/when`, 'filter field "amount" is not a field of demoOrderHeader'),
        P(`${E}/7/createRecord/entity`, 'entity "demoVendor" does not exist'),
      ],
    ],
    [
      'checks on unknown fields and an unknown child',
      (lc) => {
        lc.transitions[1].checks[0].record = { field: 'orderDay', op: 'gte', value: '$record.orderDat' };
        lc.transitions[1].checks[0].field = 'orderDat';
        lc.transitions[1].checks[2].none = { field: 'qty', op: 'lte', value: 0 };
        lc.transitions[1].checks[1].lines = 'items';
      },
      [
        P('/transitions/1/checks/0', 'compared field "orderDat" is not a field of demoOrderHeader'),
        P('/transitions/1/checks/0/record', 'filter field "orderDay" is not a field of demoOrderHeader'),
        P('/transitions/1/checks/0/field', 'field "orderDat" is not a field of demoOrderHeader'),
        P('/transitions/1/checks/1/lines', '"items" is not a child of demoOrderHeader'),
        P('/transitions/1/checks/2', '"qty" is not a field of demoOrderLine'),
      ],
    ],
  ])('stop the load: %s', (_name, mutate, expected) => {
    expect(problems(withEffects(mutate))).toEqual(expected);
  });
});

/** The mini application with a reference from an order to its parent order, and effects on related records. */
function withRelated(effects: unknown[]): SourcedDocument[] {
  const docs = withEffects((lc) => lc.transitions[1].effects.push(...effects));
  const header = docs.find((d) => d.source.endsWith('demoOrderHeader.json'))!.doc as Lifecycle;
  header.fields.push({
    name: 'parentOrderId',
    label: { cn: '上级订单', en: 'Parent order' },
    type: 'reference',
    reference: { entity: 'demoOrderHeader', labelField: 'orderNumber' },
  });
  const line = docs.find((d) => d.source.endsWith('demoOrderLine.json'))!.doc as Lifecycle;
  line.fields.push({
    name: 'sourceOrderId',
    label: { cn: '来源订单', en: 'Source order' },
    type: 'reference',
    reference: { entity: 'demoOrderHeader', labelField: 'orderNumber' },
  });
  // An integer named as the order's key, no reference (a receipt's accountCheckId).
  const supplier = docs.find((d) => d.source.endsWith('demoSupplier.json'))!.doc as Lifecycle;
  supplier.fields.push({ name: 'orderHeaderId', label: { cn: '订单', en: 'Order' }, type: 'integer' });
  return docs;
}

describe('effects on related records', () => {
  it('load when the selection, fields, filter and action exist', () => {
    const effects = [
      {
        setRelated: {
          related: { reference: 'supplierId' },
          set: { supplierName: { field: 'orderNumber' } },
          where: { field: 'supplierCode', op: 'notNull' },
        },
      },
      {
        transitionRelated: {
          related: { entity: 'demoOrderHeader', field: 'parentOrderId' },
          action: 'doApprove',
          ifAllowed: true,
        },
      },
      { transitionRelated: { related: { reference: 'parentOrderId' }, action: 'doSubmit' } },
      // The records whose integer field named as the order's key holds it.
      { setRelated: { related: { entity: 'demoSupplier', field: 'orderHeaderId' }, set: { supplierName: 'x' } } },
      // The lines, by their foreign key.
      { setRelated: { related: { entity: 'demoOrderLine', field: 'orderHeaderId' }, set: { quantity: 1 } } },
      // The records naming one of the lines (here the lines themselves, by their key).
      {
        setRelated: { related: { entity: 'demoOrderLine', field: 'orderLineId', via: 'lines' }, set: { quantity: 2 } },
      },
      {
        closeTodos: {
          billTypes: ['DEMO_CONFIRM'],
          as: 'cancelled',
          related: { entity: 'demoOrderHeader', field: 'parentOrderId' },
          where: { field: 'status', op: 'eq', value: 'DRAFT' },
        },
      },
      // The records the matching lines name, when the record matches.
      {
        transitionRelated: {
          related: { via: 'lines', reference: 'sourceOrderId', viaWhere: { field: 'quantity', op: 'gt', value: 0 } },
          action: 'doApprove',
          when: { field: 'orderDate', op: 'notNull' },
        },
      },
      // The supplier of the order each line names (a recipient two references away).
      {
        notify: {
          to: { lines: 'lines', supplierField: 'sourceOrderId.supplierId' },
          title: { cn: '订单 {orderNumber}', en: 'Order {orderNumber}' },
          content: { cn: '已处理', en: 'Done' },
          type: 'BUSINESS',
        },
      },
      // The supplier's to-dos on the parent order, once none of its lines is above this order's total.
      {
        closeTodos: {
          billTypes: ['DEMO_CONFIRM'],
          as: 'handled',
          related: { reference: 'parentOrderId' },
          supplierField: 'supplierId',
          noLine: { lines: 'lines', where: { field: 'quantity', op: 'gt', value: '$record.totalAmount' } },
        },
      },
      // The orders of the same supplier.
      {
        setRelated: {
          related: { entity: 'demoOrderHeader', field: 'supplierId', equals: 'supplierId' },
          set: { totalAmount: 0 },
        },
      },
    ];
    expect(problems(withRelated(effects))).toEqual([]);
  });

  it('stop the load on a wrong selection, field, filter or action', () => {
    const effects = [
      { setRelated: { related: { reference: 'orderDate' }, set: { note: 1 } } },
      { setRelated: { related: { entity: 'demoOrderLine', field: 'lineNum' }, set: { quantity: 1 } } },
      { setRelated: { related: {}, set: { quantity: 1 } } },
      {
        setRelated: {
          related: { reference: 'supplierId' },
          set: { supplierId: 1, apiKey: 'x', supplierName: { field: 'name' } },
          where: { field: 'code', op: 'null' },
        },
      },
      { transitionRelated: { related: { reference: 'supplierId' }, action: 'doApprove' } },
      { transitionRelated: { related: { reference: 'parentOrderId' }, action: 'doShip' } },
      { closeTodos: { billTypes: ['DEMO_CONFIRM'], as: 'handled', related: { reference: 'orderNumber' } } },
      { closeTodos: { billTypes: ['DEMO_CONFIRM'], as: 'handled', where: { field: 'status', op: 'null' } } },
      { setRelated: { related: { entity: 'demoOrderLine', field: 'lineNum', via: 'lines' }, set: { quantity: 1 } } },
      {
        setRelated: { related: { entity: 'demoOrderLine', field: 'orderLineId', via: 'items' }, set: { quantity: 1 } },
      },
      { transitionRelated: { related: { reference: 'parentOrderId' }, action: 'doSubmit', ifChecksPass: true } },
      {
        transitionRelated: {
          related: { via: 'lines', reference: 'lineNum', viaWhere: { field: 'qty', op: 'gt', value: 0 } },
          action: 'doApprove',
          when: { field: 'orderDay', op: 'notNull' },
        },
      },
      {
        setRelated: {
          related: { entity: 'demoOrderHeader', field: 'supplierId', equals: 'parentOrderId' },
          set: { totalAmount: 0 },
        },
      },
      {
        setRelated: {
          related: { reference: 'supplierId', viaWhere: { field: 'quantity', op: 'gt', value: 0 } },
          set: { supplierName: 'x' },
        },
      },
      {
        notify: {
          to: { lines: 'lines', userField: 'sourceOrderId.buyer' },
          title: { cn: '订单', en: 'Order' },
          content: { cn: '已处理', en: 'Done' },
          type: 'BUSINESS',
        },
      },
      {
        closeTodos: {
          billTypes: ['DEMO_CONFIRM'],
          as: 'handled',
          userField: 'supplierId',
          supplierField: 'supplierId',
          noLine: { lines: 'items', where: { field: 'quantity', op: 'gt', value: 0 } },
        },
      },
      {
        closeTodos: {
          billTypes: ['DEMO_CONFIRM'],
          as: 'handled',
          supplierField: 'vendorId',
          noLine: { lines: 'lines', where: { field: 'qty', op: 'gt', value: 0 } },
        },
      },
    ];
    const R = `${E}`;
    expect(problems(withRelated(effects))).toEqual([
      P(`${R}/6/setRelated/related/reference`, '"orderDate" is not a reference field of demoOrderHeader'),
      P(`${R}/7/setRelated/related`, '"demoOrderLine.lineNum" is not a reference to demoOrderHeader'),
      P(`${R}/8/setRelated/related`, 'related names either a reference field, or an entity and its field'),
      P(`${R}/9/setRelated/where`, 'filter field "code" is not a field of demoSupplier'),
      P(`${R}/9/setRelated/set`, '"supplierId" of demoSupplier is written by the platform, not by an effect'),
      P(`${R}/9/setRelated/set`, '"apiKey" is not a field of demoSupplier'),
      P(`${R}/9/setRelated/set`, 'value field "name" is not a field of demoOrderHeader'),
      P(`${R}/10/transitionRelated/action`, 'demoSupplier has no lifecycle action "doApprove"'),
      P(`${R}/11/transitionRelated/action`, 'demoOrderHeader has no lifecycle action "doShip"'),
      P(`${R}/12/closeTodos/related/reference`, '"orderNumber" is not a reference field of demoOrderHeader'),
      P(`${R}/13/closeTodos/where`, 'where filters related records: name them (related)'),
      P(`${R}/14/setRelated/related`, '"demoOrderLine.lineNum" does not name a line of demoOrderLine'),
      P(`${R}/15/setRelated/related/via`, '"items" is not a child of demoOrderHeader'),
      P(`${R}/16/transitionRelated/ifChecksPass`, 'demoOrderHeader\'s "doSubmit" has no checks to pass'),
      P(`${R}/17/transitionRelated/when`, 'filter field "orderDay" is not a field of demoOrderHeader'),
      P(`${R}/17/transitionRelated/related/reference`, '"lineNum" is not a reference field of demoOrderLine'),
      P(`${R}/17/transitionRelated/related/viaWhere`, 'filter field "qty" is not a field of demoOrderLine'),
      P(
        `${R}/18/setRelated/related`,
        '"demoOrderHeader.supplierId" and "parentOrderId" do not reference the same entity',
      ),
      P(`${R}/19/setRelated/related/viaWhere`, 'viaWhere filters the lines of via: name them'),
      P(`${R}/20/notify/to`, 'recipient field "sourceOrderId.buyer" is not a field of demoOrderLine'),
      P(`${R}/21/closeTodos`, "a to-do is a user's or a supplier's: userField or supplierField, not both"),
      P(`${R}/21/closeTodos/noLine/lines`, '"items" is not a child of demoOrderHeader'),
      P(`${R}/22/closeTodos/supplierField`, 'supplier field "vendorId" is not a field of demoOrderHeader'),
      P(`${R}/22/closeTodos/noLine/where`, 'filter field "qty" is not a field of demoOrderLine'),
    ]);
  });
});
