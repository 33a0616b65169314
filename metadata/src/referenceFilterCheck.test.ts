import { describe, expect, it } from 'vitest';
import { miniAppProblems, miniAppSource as src } from './__fixtures__/miniApp';
import type { MetadataProblem } from './problems';

// Reference filters of the mini application (__fixtures__/miniApp): each broken filter stops the load
// naming the document, the field's pointer and what is wrong.

const HEADER = 'entities/demoOrderHeader';
const LINE = 'entities/demoOrderLine';
const label = { cn: '标签', en: 'Label' };

type Doc = (file: string) => any;

const load = (mutate: (doc: Doc) => void): MetadataProblem[] => miniAppProblems(mutate);

/** A supplier picker on the line, filtered by the given node. */
const lineSupplier = (filter: unknown) => ({
  name: 'vendorId',
  label,
  type: 'reference',
  reference: { entity: 'demoSupplier', labelField: 'supplierName', filter },
});

describe('reference filters are checked at load', () => {
  it('a valid filter on the header and one on a line naming a header field load', () => {
    expect(
      load((d) => {
        d(HEADER).fields[2].reference.filter = {
          and: [
            { field: 'supplierCode', op: 'like', value: 'S' },
            { field: 'supplierName', op: 'ne', value: '$form.orderNumber' },
          ],
        };
        d(LINE).fields.push(
          lineSupplier({
            or: [
              { field: 'supplierId', op: 'eq', value: '$form.supplierId' },
              { field: 'supplierCode', op: 'eq', value: '$form.uomCode' },
            ],
          }),
        );
      }),
    ).toEqual([]);
  });

  it('names target fields that do not exist or are secret', () => {
    const problems = load((d) => {
      d(HEADER).fields[2].reference.filter = {
        and: [
          { field: 'enabledFlag', op: 'eq', value: 'Y' },
          { field: 'apiToken', op: 'notNull' },
        ],
      };
    });
    expect(problems).toEqual([
      {
        document: src(HEADER),
        pointer: '/fields/2/reference/filter',
        message: 'field "supplierId" filter: filter field "enabledFlag" is not a field of demoSupplier',
      },
      {
        document: src(HEADER),
        pointer: '/fields/2/reference/filter',
        message: 'field "supplierId" filter: "apiToken" of demoSupplier is secret and cannot be filtered on',
      },
    ]);
  });

  it('names $form fields of neither the record nor its header, self-dependencies and unknown variables', () => {
    const problems = load((d) => {
      d(HEADER).fields[2].reference.filter = {
        and: [
          { field: 'supplierCode', op: 'eq', value: '$form.companyId' },
          { field: 'supplierName', op: 'eq', value: '$form.supplierId' },
        ],
      };
      d(LINE).fields.push(
        lineSupplier({
          and: [
            { field: 'supplierCode', op: 'eq', value: '$form.plantId' },
            { field: 'supplierName', op: 'eq', value: '$session.user' },
          ],
        }),
      );
    });
    expect(problems.map((p) => `${p.document} ${p.pointer}: ${p.message}`)).toEqual([
      `${src(HEADER)} /fields/2/reference/filter: field "supplierId" filter names $form.companyId, which is not a field of demoOrderHeader`,
      `${src(HEADER)} /fields/2/reference/filter: field "supplierId" filter names $form.supplierId: a field cannot depend on itself`,
      `${src(LINE)} /fields/4/reference/filter: field "vendorId" filter names "$session.user": a filter variable is $form.<field>, $user.<name> or $resp.id`,
      `${src(LINE)} /fields/4/reference/filter: field "vendorId" filter names $form.plantId, which is not a field of demoOrderLine or of its header demoOrderHeader`,
    ]);
  });
});
