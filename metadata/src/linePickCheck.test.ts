import { describe, expect, it } from 'vitest';
import { miniAppProblems, miniAppSource as src } from './__fixtures__/miniApp';
import type { MetadataProblem } from './problems';
import { pickFields, pickedLines, pickQuery } from './linePick';
import type { LinePick } from './generated/meta-model';

// FormLines.pick on the mini application's order edit page: a valid pick loads; each broken part
// stops the load naming the page, the pick's pointer and what is wrong.

const EDIT = 'pages/demoOrderEdit';
const AT = '/form/lines/0/pick';
const label = { cn: '从订单行添加', en: 'Add from order lines' };

/** Lines of other orders (demoOrderLine) picked into this order's lines: lineNum holds the source key. */
const validPick = (): LinePick => ({
  entity: 'demoOrderLine',
  label,
  resourceCode: 'btnSave',
  grid: { columns: [{ key: 'lineNum' }, { key: 'quantity' }], orderBy: 'orderLineId asc' },
  filter: {
    and: [
      { field: 'uomCode', op: 'eq', value: '$form.status' },
      { field: 'quantity', op: 'gt', value: 0 },
    ],
  },
  map: { lineNum: 'orderLineId', quantity: 'quantity', uomCode: 'uomCode' },
  key: 'lineNum',
});

function problemsWith(pick: unknown): MetadataProblem[] {
  return miniAppProblems((doc) => {
    doc(EDIT).form.lines[0].pick = pick;
  });
}

const problem = (pointer: string, message: string): MetadataProblem => ({ document: src(EDIT), pointer, message });

describe('FormLines.pick is checked at load', () => {
  it('a valid pick loads', () => {
    expect(problemsWith(validPick())).toEqual([]);
  });

  it('an unknown source entity', () => {
    expect(problemsWith({ ...validPick(), entity: 'demoNothing' })).toEqual([
      problem(`${AT}/entity`, 'pick source "demoNothing" is not an entity'),
    ]);
  });

  it('columns, map sources and filter fields must be fields of the source; map targets and the key of the line', () => {
    const pick = validPick();
    pick.grid.columns.push({ key: 'orderNumber' });
    pick.map = { lineNum: 'orderLineId', quantity: 'qty', price: 'quantity' };
    pick.filter = { field: 'supplierId', op: 'eq', value: '$form.supplierId' };
    expect(problemsWith(pick)).toEqual([
      problem(`${AT}/grid/columns/2`, 'pick column "orderNumber" is not a field of demoOrderLine'),
      problem(`${AT}/map`, 'pick map reads "qty", which is not a field of demoOrderLine'),
      problem(`${AT}/map`, 'pick map fills "price", which is not a field of demoOrderLine'),
      problem(`${AT}/filter`, 'filter field "supplierId" is not a field of demoOrderLine'),
    ]);
  });

  it('the key must be a line field filled from the source key', () => {
    expect(problemsWith({ ...validPick(), key: 'quantity' })).toEqual([
      problem(
        `${AT}/key`,
        `pick key "quantity" must be mapped from demoOrderLine's key "orderLineId" (map: {"quantity": "orderLineId"})`,
      ),
    ]);
    expect(problemsWith({ ...validPick(), key: 'sourceId' })).toEqual([
      problem(`${AT}/key`, 'pick key "sourceId" is not a field of demoOrderLine'),
    ]);
  });

  it('$form values name header fields; a grid filter, an unknown variable and a missing button are refused', () => {
    const pick = validPick();
    delete pick.resourceCode;
    pick.grid.filter = { field: 'quantity', op: 'gt', value: 1 };
    pick.filter = {
      and: [
        { field: 'uomCode', op: 'eq', value: '$form.uomOfHeader' },
        { field: 'quantity', op: 'eq', value: '$header.quantity' },
      ],
    };
    expect(problemsWith(pick)).toEqual([
      problem(`${AT}/grid/filter`, 'a pick says which rows it offers in its own "filter", not in its grid'),
      problem(
        `${AT}/filter`,
        'pick filter names "$header.quantity": a variable is $form.<header field>, $user.<name> or $resp.id',
      ),
      problem(`${AT}/filter`, 'pick filter names $form.uomOfHeader, which is not a field of demoOrderHeader'),
      problem(
        `${AT}/resourceCode`,
        'a pick needs a resourceCode, or a saveOrUpdate action on its page to take it from',
      ),
    ]);
  });
});

describe('pick rules', () => {
  const source = {
    primaryKey: 'transactionId',
    fields: [
      { name: 'transactionId' },
      { name: 'transactionNumber' },
      { name: 'orderHeaderId', reference: { labelAs: 'poNumber' } },
      { name: 'supplierId', reference: { labelAs: 'supplierName' } },
      { name: 'quantity' },
      { name: 'transactionDate' },
      { name: 'checkedFlag' },
    ],
  };
  const pick: LinePick = {
    entity: 'srmPurReceiptTransaction',
    label,
    grid: { columns: [{ key: 'transactionNumber' }, { key: 'poNumber' }] },
    filter: {
      and: [
        { field: 'supplierId', op: 'eq', value: '$form.supplierId' },
        { field: 'transactionDate', op: 'between', value: ['$form.periodFrom', '$form.periodTo'] },
        { field: 'checkedFlag', op: 'eq', value: 'N' },
      ],
    },
    map: { transactionId: 'transactionId', quantity: 'quantity', poNumber: 'poNumber' },
    key: 'transactionId',
  };

  it('pickFields: the key, columns, map sources and filter fields, with the reference a label is joined through', () => {
    expect([...pickFields(pick, source)].sort()).toEqual(
      [
        'checkedFlag',
        'orderHeaderId',
        'poNumber',
        'quantity',
        'supplierId',
        'transactionDate',
        'transactionId',
        'transactionNumber',
      ].sort(),
    );
  });

  it('pickQuery names the missing header values and searches nothing until they are given', () => {
    const header: Record<string, unknown> = { supplierId: 7, periodFrom: '2026-11-01' };
    expect(pickQuery(pick, (n) => header[n], [])).toEqual({ missing: ['periodTo'] });
  });

  it('pickQuery resolves the header values and leaves out the rows already on the document', () => {
    const header: Record<string, unknown> = { supplierId: 7, periodFrom: '2026-11-01', periodTo: '2026-11-30' };
    const { filter, missing } = pickQuery(pick, (n) => header[n], [{ transactionId: 11 }, { transactionId: null }]);
    expect(missing).toEqual([]);
    expect(filter).toEqual({
      and: [
        {
          and: [
            { field: 'supplierId', op: 'eq', value: 7 },
            { field: 'transactionDate', op: 'between', value: ['2026-11-01', '2026-11-30'] },
            { field: 'checkedFlag', op: 'eq', value: 'N' },
          ],
        },
        { field: 'transactionId', op: 'nin', value: [11] },
      ],
    });
  });

  it('pickedLines maps each row once and skips the rows already on the document', () => {
    const rows = [
      { transactionId: 11, quantity: '1.0000', poNumber: 'PO1' },
      { transactionId: 12, quantity: '2.0000', poNumber: 'PO2' },
      { transactionId: 12, quantity: '2.0000', poNumber: 'PO2' },
      { transactionId: 13, quantity: '3.0000' },
    ];
    expect(pickedLines(pick, rows, [{ transactionId: 11 }])).toEqual([
      { transactionId: 12, quantity: '2.0000', poNumber: 'PO2' },
      { transactionId: 13, quantity: '3.0000', poNumber: null },
    ]);
  });
});
