import { describe, expect, it } from 'vitest';
import type { SourcedDocument } from './documents';
import { loadProblems as problems, miniAppDocuments } from './__fixtures__/miniApp';
import type { MetadataProblem } from './problems';

// createRecord per line or group, line aggregates and computed dates on the mini application's
// order lifecycle (doApprove): a complete set loads; each broken case names its pointer and problem.

type Lifecycle = any;
const LC = 'metadata/src/__fixtures__/miniApp/lifecycles/demoOrder.json';
const E = '/transitions/1/effects';
const P = (pointer: string, message: string): MetadataProblem => ({ document: LC, pointer, message });

function withEffects(effects: unknown[]): SourcedDocument[] {
  const docs = miniAppDocuments();
  (docs.find((d) => d.source === LC)!.doc as Lifecycle).transitions[1].effects = effects;
  return docs;
}

const perGroup = (forEach: object, set: object = { supplierCode: { field: 'uomCode' } }) => ({
  createRecord: { entity: 'demoSupplier', forEach, set },
});

describe('createRecord per line or group', () => {
  it('loads when the child, its filter, group and key fields exist; set reads the line, then the header', () => {
    const forEach = {
      lines: 'lines',
      where: { field: 'quantity', op: 'gt', value: 0 },
      groupBy: ['uomCode'],
      keyInto: 'lineNum',
    };
    const set = { supplierCode: { field: 'uomCode' }, supplierName: { field: 'orderNumber' } };
    expect(problems(withEffects([perGroup(forEach, set)]))).toEqual([]);
  });

  it('stops the load on an unknown child, filter, group or key field, a key no integer holds and a value of neither', () => {
    expect(
      problems(
        withEffects([
          perGroup({ lines: 'items' }),
          perGroup(
            { lines: 'lines', where: { field: 'qty', op: 'gt', value: 0 }, groupBy: ['colour'], keyInto: 'uomCode' },
            { supplierCode: { field: 'colour' } },
          ),
        ]),
      ),
    ).toEqual([
      P(`${E}/0/createRecord/forEach/lines`, '"items" is not a child of demoOrderHeader'),
      P(`${E}/0/createRecord/set`, 'value field "uomCode" is not a field of the record or its lines'),
      P(`${E}/1/createRecord/forEach/where`, 'filter field "qty" is not a field of demoOrderLine'),
      P(`${E}/1/createRecord/forEach/groupBy`, 'group field "colour" is not a field of demoOrderLine'),
      P(`${E}/1/createRecord/forEach/keyInto`, '"uomCode" of demoOrderLine cannot hold the new record\'s key'),
      P(`${E}/1/createRecord/set`, 'value field "colour" is not a field of the record or its lines'),
    ]);
  });
});

describe('line aggregates and computed dates in effect values', () => {
  const set = (values: object) => ({ set: values });

  it('load a count, a sum of a number, a min of a date and a date some days after a field, with a default', () => {
    const values = {
      totalAmount: {
        aggregate: 'sum',
        lines: 'lines',
        field: 'quantity',
        where: { field: 'uomCode', op: 'eq', value: 'PCS' },
      },
      orderDate: { field: 'orderDate', addDaysFrom: 'totalAmount', default: { now: 'date', addDays: 7 } },
    };
    const count = { setLines: { lines: 'lines', set: { lineNum: { aggregate: 'count', lines: 'lines' } } } };
    expect(problems(withEffects([set(values), count]))).toEqual([]);
  });

  it('stop the load on an unknown child or field, a count with a field, a sum of text and days from no field', () => {
    const values = {
      totalAmount: { aggregate: 'sum', lines: 'lines', field: 'uomCode' },
      orderNumber: {
        aggregate: 'count',
        lines: 'lines',
        field: 'quantity',
        where: { field: 'qty', op: 'gt', value: 0 },
      },
      supplierId: { aggregate: 'max', lines: 'items', field: 'quantity' },
      orderDate: { field: 'orderDate', addDaysFrom: 'days', default: { now: 'date', addDaysFrom: 'weeks' } },
    };
    expect(problems(withEffects([set(values)]))).toEqual([
      P(`${E}/0/set`, 'value field "days" is not a field of demoOrderHeader'),
      P(`${E}/0/set`, 'value field "weeks" is not a field of demoOrderHeader'),
      P(`${E}/0/set`, 'sum of lines: "uomCode" is a lookup: a sum adds numbers'),
      P(`${E}/0/set`, 'count of lines: a count names no field'),
      P(`${E}/0/set`, 'filter field "qty" is not a field of demoOrderLine'),
      P(`${E}/0/set`, '"items" is not a child of demoOrderHeader'),
    ]);
  });
});
