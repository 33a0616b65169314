import { describe, expect, it } from 'vitest';
import type { SourcedDocument } from './documents';
import { loadProblems as problems, miniAppDocuments } from './__fixtures__/miniApp';
import type { MetadataProblem } from './problems';

// The declared transition checks beyond record/min/none/all (lines rules, a referenced record, no
// other record in states) and an entity's record rules, on the mini application: a complete set
// loads; each case breaks one thing and must stop the load naming the document, pointer and problem.

type Doc = any;
const LC = 'metadata/src/__fixtures__/miniApp/lifecycles/demoOrder.json';
const ENTITY = 'metadata/src/__fixtures__/miniApp/entities/demoOrderHeader.json';
const M = { cn: '不行 {orderNumber}', en: 'No {orderNumber}' };
const LINE_M = { cn: '第 {lineNo} 行 {lineNum} / {other.lineNum}', en: 'Line {lineNo}' };

function withChecks(mutate: (lc: Doc, entity: Doc) => void = () => undefined): SourcedDocument[] {
  const docs = miniAppDocuments();
  const lc = docs.find((d) => d.source === LC)!.doc as Doc;
  const entity = docs.find((d) => d.source === ENTITY)!.doc as Doc;
  lc.transitions[1].checks = [
    { lines: 'lines', required: 'uomCode', message: LINE_M },
    { lines: 'lines', distinct: 'lineNum', where: { field: 'quantity', op: 'gt', value: 0 }, message: LINE_M },
    { lines: 'lines', sum: { field: 'quantity', atMost: '100' }, message: { cn: '{sum} {gap}', en: '{sum} {gap}' } },
    { lines: 'lines', overlap: { from: 'lineNum', to: 'quantity' }, message: LINE_M },
    {
      lines: 'lines',
      none: { field: 'quantity', op: 'gt', value: '$line.lineNum' },
      field: 'quantity',
      message: LINE_M,
    },
    {
      reference: 'supplierId',
      record: { field: 'supplierName', op: 'notNull' },
      message: { cn: '{supplierName}', en: 'x' },
    },
    { noOther: { states: ['SUBMITTED'], same: ['supplierId'] }, message: M },
  ];
  entity.recordRules = [
    {
      when: { field: 'totalAmount', op: 'gt', value: 0 },
      record: { field: 'orderDate', op: 'notNull' },
      field: 'orderDate',
      message: M,
    },
  ];
  mutate(lc, entity);
  return docs;
}

const P = (pointer: string, message: string, document = LC): MetadataProblem => ({ document, pointer, message });
const C = '/transitions/1/checks';

describe('declared checks and record rules', () => {
  it('load when every field, child, reference, state and placeholder exists', () => {
    expect(problems(withChecks())).toEqual([]);
  });

  it.each<[string, (lc: Doc, entity: Doc) => void, MetadataProblem[]]>([
    [
      'unknown line fields in required, where and a $line comparison',
      (lc) => {
        lc.transitions[1].checks[0].required = 'uom';
        lc.transitions[1].checks[1].where = { field: 'qty', op: 'gt', value: 0 };
        lc.transitions[1].checks[4].none.value = '$line.lineNo';
      },
      [
        P(`${C}/0`, '"uom" is not a field of demoOrderLine'),
        P(`${C}/1`, '"qty" is not a field of demoOrderLine'),
        P(`${C}/4`, '"lineNo" is not a field of demoOrderLine'),
      ],
    ],
    [
      'a sum over a field that is no number, with a bound that is no decimal',
      (lc) => (lc.transitions[1].checks[2].sum = { field: 'uomCode', equals: 'one' }),
      [P(`${C}/2/sum`, '"uomCode" of demoOrderLine is not numeric'), P(`${C}/2/sum`, 'bound "one" is not a decimal')],
    ],
    [
      'two rules in one lines check',
      (lc) => (lc.transitions[1].checks[0].distinct = 'lineNum'),
      [P(`${C}/0`, 'a lines check states one rule besides min, not required and distinct')],
    ],
    [
      'a reference that is no reference field, and a field of the referenced record it lacks',
      (lc) => {
        lc.transitions[1].checks[5].record = { field: 'supplierNo', op: 'notNull' };
        lc.transitions[1].checks.push({ reference: 'orderDate', record: { field: 'x', op: 'null' }, message: M });
      },
      [
        P(`${C}/5/record`, 'filter field "supplierNo" is not a field of demoSupplier'),
        P(`${C}/7/reference`, '"orderDate" is not a reference field of demoOrderHeader'),
      ],
    ],
    [
      'noOther in a state the lifecycle lacks, on a field it lacks',
      (lc) => (lc.transitions[1].checks[6].noOther = { states: ['OPEN'], same: ['vendorId'] }),
      [
        P(`${C}/6/noOther`, 'field "vendorId" is not a field of demoOrderHeader'),
        P(`${C}/6/noOther/states`, '"OPEN" is not a state of demoOrderHeader'),
      ],
    ],
    [
      'a record rule on a field, condition and comparison the entity lacks',
      (_lc, entity) => {
        entity.recordRules[0].field = 'endDate';
        entity.recordRules[0].when = { field: 'permanentFlag', op: 'ne', value: 'Y' };
        entity.recordRules[0].record = { field: 'orderDate', op: 'gte', value: '$record.startDate' };
      },
      [
        P('/recordRules/0/field', '"endDate" is not a field of demoOrderHeader', ENTITY),
        P('/recordRules/0/when', '"permanentFlag" is not a field of demoOrderHeader', ENTITY),
        P('/recordRules/0/record', '"startDate" is not a field of demoOrderHeader', ENTITY),
      ],
    ],
    [
      'a variable no check knows, a $line variable outside lines, and a state rule naming a field',
      (lc) => {
        lc.transitions[1].checks[5].record = { field: 'supplierName', op: 'gte', value: '$todya' };
        lc.transitions[1].checks.push({ record: { field: 'orderDate', op: 'lt', value: '$line.x' }, message: M });
        lc.transitions[1].checks[4].state = true;
      },
      [
        P(`${C}/4/state`, 'a state rule names no field: not with field or recordField'),
        P(`${C}/5`, '"$todya" is not a variable of a check: $record.<field>, $user.<name>, $resp.id, $today or $now'),
        P(`${C}/7`, '"$line.x" is not a variable of a check: $record.<field>, $user.<name>, $resp.id, $today or $now'),
      ],
    ],
  ])('stop the load: %s', (_name, mutate, expected) => {
    expect(problems(withChecks(mutate))).toEqual(expected);
  });

  // when (over the record), recordField (a header field a lines rule is about), reference lines
  // (a child of the referenced record) and lineReference (each line's own referenced record).
  const pushed = (check: Doc) => withChecks((lc) => lc.transitions[1].checks.push(check));
  it('load checks comparing with $today, $now, $user and $record, and a lines state rule', () => {
    const docs = withChecks((lc) =>
      lc.transitions[1].checks.push(
        { record: { field: 'orderDate', op: 'gte', value: '$today' }, field: 'orderDate', message: M },
        {
          record: { field: 'orderDate', op: 'lte', value: '$now' },
          when: { field: 'supplierId', op: 'eq', value: '$user.supplierId' },
          message: M,
        },
        {
          lines: 'lines',
          min: 1,
          state: true,
          where: { field: 'quantity', op: 'gt', value: '$record.totalAmount' },
          message: LINE_M,
        },
      ),
    );
    expect(problems(docs)).toEqual([]);
  });

  it('load a lines check with when and recordField', () => {
    const check = {
      lines: 'lines',
      when: { field: 'totalAmount', op: 'gt', value: 0 },
      none: { field: 'quantity', op: 'gt', value: 100 },
      recordField: 'orderDate',
      message: LINE_M,
    };
    expect(problems(pushed(check))).toEqual([]);
  });

  it.each<[string, Doc, MetadataProblem[]]>([
    [
      'when and recordField on fields the record lacks, field beside recordField',
      {
        lines: 'lines',
        when: { field: 'permanentFlag', op: 'eq', value: 'Y' },
        none: { field: 'quantity', op: 'gt', value: 100 },
        recordField: 'endDate',
        field: 'quantity',
        message: LINE_M,
      },
      [
        P(`${C}/7/when`, 'filter field "permanentFlag" is not a field of demoOrderHeader'),
        P(`${C}/7/recordField`, 'field "endDate" is not a field of demoOrderHeader'),
        P(`${C}/7/field`, 'field names a line of the body: not with recordField or reference'),
      ],
    ],
    [
      'the lines of a referenced record that has no such child',
      { lines: 'lines', reference: 'supplierId', min: 1, message: M },
      [P(`${C}/7/lines`, '"lines" is not a child of demoSupplier')],
    ],
    [
      'a lineReference that is no reference field of the lines',
      { lines: 'lines', lineReference: 'uomCode', all: { field: 'quantity', op: 'gt', value: 0 }, message: LINE_M },
      [P(`${C}/7/lineReference`, '"uomCode" is not a reference field of demoOrderLine')],
    ],
  ])('stop the load: %s', (_name, check, expected) => {
    expect(problems(pushed(check))).toEqual(expected);
  });
});
