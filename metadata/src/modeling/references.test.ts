import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDocumentFiles } from '../loader';
import { MetadataRegistry } from '../registry';
import { findFieldReferences, referencedPages } from './references';

const docs = loadDocumentFiles([path.join(__dirname, '..', '__fixtures__', 'miniApp')]);
const doc = (name: string) => docs.find((d) => d.source.endsWith(`${name}.json`))!.doc as any;
doc('lifecycles/demoOrder').transitions[0].guard = { field: 'orderDate', op: 'notNull' };
const registry = MetadataRegistry.load(docs);

describe('findFieldReferences', () => {
  it('finds the status field in entity settings, filters, pages, buttons and the menu that opens them', () => {
    const refs = findFieldReferences(registry, 'demoOrderHeader', 'status');
    const where = refs.map((r) => `${r.kind} ${r.document} ${r.pointer}`);
    expect(where).toEqual(
      expect.arrayContaining([
        'entity entity:demoOrderHeader /statusField',
        'entity entity:demoOrderHeader /indexes/0',
        'filter entity:demoOrderHeader /rowScope/supplierVisible',
        'filter entity:demoOrderHeader /deletableWhen',
        'page page:demoOrderList /search/fields/1',
        'page page:demoOrderList /grid/columns/1',
        'permission page:demoOrderList /actions/1/showWhen',
        'menu menu:DEMO_ORDER /',
      ]),
    );
    expect(referencedPages(refs)).toContain('demoOrderList');
  });

  it('finds a reference target field, a line foreign key and a lifecycle guard', () => {
    expect(
      findFieldReferences(registry, 'demoSupplier', 'supplierName').map((r) => `${r.document} ${r.pointer}`),
    ).toContain('entity:demoOrderHeader /fields/2/reference');
    expect(
      findFieldReferences(registry, 'demoOrderLine', 'orderHeaderId').map((r) => `${r.document} ${r.pointer}`),
    ).toContain('entity:demoOrderHeader /children/0/foreignKey');
    expect(findFieldReferences(registry, 'demoOrderHeader', 'orderDate').map((r) => `${r.kind} ${r.pointer}`)).toEqual(
      expect.arrayContaining([
        'lifecycle /transitions/0/guard',
        'page /form/sections/0/fields/2',
        'page /grid/orderBy',
      ]),
    );
  });

  it('an unused field has no references', () => {
    expect(findFieldReferences(registry, 'demoOrderHeader', 'noSuchField')).toEqual([]);
  });
});
