import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SourcedDocument } from './documents';
import { loadDocumentFiles } from './loader';
import { MetadataError, type MetadataProblem } from './problems';
import { MetadataRegistry } from './registry';

// One broken reference at a time in the valid mini application of __fixtures__/miniApp: each must stop
// the load with a MetadataError naming the document, the JSON pointer and the problem (and nothing else).

type Doc = (file: string) => any;
type Mutate = (doc: Doc, docs: SourcedDocument[]) => void;

const src = (file: string) => `metadata/src/__fixtures__/miniApp/${file}.json`;
const P = (file: string, pointer: string, message: string): MetadataProblem => ({
  document: src(file),
  pointer,
  message,
});
const LIST = 'pages/demoOrderList';
const EDIT = 'pages/demoOrderEdit';
const HEADER = 'entities/demoOrderHeader';
const LINE = 'entities/demoOrderLine';
const LC = 'lifecycles/demoOrder';
const MENUS = 'menus/menus';
const label = { cn: '标签', en: 'Label' };

function problemsAfter(mutate: Mutate): MetadataProblem[] {
  const docs = loadDocumentFiles([path.join(__dirname, '__fixtures__', 'miniApp')]);
  mutate((file) => docs.find((d) => d.source === src(file))!.doc, docs);
  try {
    MetadataRegistry.load(docs);
  } catch (e) {
    expect(e).toBeInstanceOf(MetadataError);
    const { problems, message } = e as MetadataError;
    for (const p of problems) expect(message).toContain(`${p.document} at ${p.pointer}: ${p.message}`);
    return problems;
  }
  throw new Error('the mutated metadata loaded without a problem');
}

const cases: [string, Mutate, MetadataProblem[]][] = [
  // polymorphic references
  [
    'polymorphic reference naming a missing type field, an unknown entity and a label clashing with a field',
    (d) => {
      d(LINE).fields[0].polymorphic = {
        typeField: 'sourceType',
        entities: ['demoOrderHeader', 'demoNothing'],
        labelAs: 'lineNum',
        typeLabelAs: 'sourceTypeLabel',
      };
    },
    [
      P(
        LINE,
        '/fields/0/polymorphic',
        'polymorphic field "orderHeaderId" names type field "sourceType", which is not a field of demoOrderLine',
      ),
      P(LINE, '/fields/0/polymorphic', 'polymorphic field "orderHeaderId" names unknown entity "demoNothing"'),
      P(
        LINE,
        '/fields/0/polymorphic',
        'polymorphic field "orderHeaderId" returns "lineNum", which clashes with a field',
      ),
    ],
  ],
  // English twins of server-written texts (textEn)
  [
    'textEn naming a field that is not text, on a field the saves write',
    (d) => {
      d(HEADER).fields[0].textEn = 'totalAmount';
    },
    [
      P(
        HEADER,
        '/fields/0/textEn',
        'textEn of "orderNumber" names "totalAmount", which is not another text field of demoOrderHeader',
      ),
      P(HEADER, '/fields/0/textEn', 'textEn is for a serverOnly text field; "orderNumber" is not one'),
    ],
  ],
  // document numbers (numberOf)
  [
    'document number naming a missing type field, an unknown entity, a missing number field and a bad $form',
    (d) => {
      d(LINE).fields[1].numberOf = {
        typeField: 'docType',
        documents: {
          A: { entity: 'demoNothing', numberField: 'orderNumber' },
          B: { entity: 'demoOrderHeader', numberField: 'poNumber' },
          C: {
            entity: 'demoOrderHeader',
            numberField: 'orderNumber',
            filter: { field: 'supplierId', op: 'eq', value: '$form.vendorId' },
          },
        },
      };
    },
    [
      P(
        LINE,
        '/fields/1/numberOf',
        'numberOf of "lineNum" names type field "docType", which is not a field of demoOrderLine',
      ),
      P(LINE, '/fields/1/numberOf/documents/A', 'numberOf of "lineNum" names unknown entity "demoNothing"'),
      P(
        LINE,
        '/fields/1/numberOf/documents/B',
        'numberOf of "lineNum" uses "poNumber", which is not a field of demoOrderHeader',
      ),
      P(
        LINE,
        '/fields/1/numberOf/documents/C/filter',
        'field "lineNum" filter names $form.vendorId, which is not a field of demoOrderLine or of its header demoOrderHeader',
      ),
    ],
  ],
  // pages
  [
    'page with an unknown entity',
    (d) => {
      d(LIST).entity = 'demoOrder';
    },
    [P(LIST, '/entity', 'entity "demoOrder" does not exist')],
  ],
  [
    'generated page without an entity',
    (d) => {
      delete d(EDIT).entity;
    },
    [P(EDIT, '/entity', 'a generated page needs an entity')],
  ],
  [
    'custom page without a widget',
    (d) => {
      delete d('pages/demoHome').widget;
    },
    [P('pages/demoHome', '/widget', 'a custom page needs a widget')],
  ],
  [
    'search field not on the entity',
    (d) => {
      d(LIST).search.fields[1].field = 'state';
    },
    [P(LIST, '/search/fields/1', 'search field "state" is not a field of demoOrderHeader')],
  ],
  [
    'grid column not on the entity',
    (d) => {
      d(LIST).grid.columns[2].key = 'vendorName';
    },
    [P(LIST, '/grid/columns/2', 'column "vendorName" is not a field of demoOrderHeader')],
  ],
  [
    'grid column field overrides its key',
    (d) => {
      d(LIST).grid.columns[0].field = 'orderNo';
    },
    [P(LIST, '/grid/columns/0', 'column "orderNo" is not a field of demoOrderHeader')],
  ],
  [
    'grid column lookup typeCode not seeded',
    (d) => {
      d(LIST).grid.columns[1].lookup.typeCode = 'DEMO_STATUS';
    },
    [P(LIST, '/grid/columns/1/lookup', 'lookup type "DEMO_STATUS" is not seeded')],
  ],
  [
    'grid orderBy on an unknown field',
    (d) => {
      d(LIST).grid.orderBy = 'orderDay desc';
    },
    [P(LIST, '/grid/orderBy', '"orderDay" is not a field of demoOrderHeader')],
  ],
  [
    'grid filter on an unknown field, and a parent condition on a header entity',
    (d) => {
      d(LIST).grid.filter = {
        and: [{ field: 'orderDay', op: 'eq', value: 1 }, { parent: { field: 'x', op: 'eq', value: 1 } }],
      };
    },
    [
      P(LIST, '/grid/filter', 'filter field "orderDay" is not a field of demoOrderHeader'),
      P(
        LIST,
        '/grid/filter',
        'a "parent" condition needs a header: demoOrderHeader has no parent with a child entry naming it',
      ),
    ],
  ],
  [
    'form field not on the entity',
    (d) => {
      d(EDIT).form.sections[0].fields[1].field = 'supplier';
      d(EDIT).form.sections[0].fields[2] = 'date';
    },
    [
      P(EDIT, '/form/sections/0/fields/1', 'form field "supplier" is not a field of demoOrderHeader'),
      P(EDIT, '/form/sections/0/fields/2', 'form field "date" is not a field of demoOrderHeader'),
    ],
  ],
  [
    'form lines of an unknown child',
    (d) => {
      d(EDIT).form.lines[0].child = 'items';
    },
    [P(EDIT, '/form/lines/0/child', '"items" is not a child of demoOrderHeader')],
  ],
  [
    'line grid column not on the line entity',
    (d) => {
      d(EDIT).form.lines[0].grid.columns[2].key = 'qty';
    },
    [P(EDIT, '/form/lines/0/grid/columns/2', 'column "qty" is not a field of demoOrderLine')],
  ],
  [
    'line grid lookup typeCode not seeded',
    (d) => {
      d(EDIT).form.lines[0].grid.columns[1].lookup.typeCode = 'UOM';
    },
    [P(EDIT, '/form/lines/0/grid/columns/1/lookup', 'lookup type "UOM" is not seeded')],
  ],
  [
    'edit and list pages that do not exist',
    (d) => {
      d(LIST).editPage = 'demoOrderEdit';
      d(EDIT).listPage = 'demoOrders';
    },
    [
      P(EDIT, '/listPage', 'page "demoOrders" does not exist'),
      P(LIST, '/editPage', 'page "demoOrderEdit" does not exist'),
    ],
  ],
  [
    'page referencing an unknown entity',
    (d) => {
      d(LIST).references = ['demoSupplier', 'demoVendor'];
    },
    [P(LIST, '/references/1', 'entity "demoVendor" does not exist')],
  ],
  [
    'button showWhen on an unknown field',
    (d) => {
      d(LIST).actions[1].showWhen.and[1].field = 'owner';
    },
    [P(LIST, '/actions/1/showWhen', 'filter field "owner" is not a field of demoOrderHeader')],
  ],
  // entities
  [
    'entity lookup field with an unseeded lookupType',
    (d) => {
      d(LINE).fields[2].lookupType = 'DEMO_UNIT';
    },
    [P(LINE, '/fields/2', 'lookupType "DEMO_UNIT" of field "uomCode" is not seeded')],
  ],
  [
    'lookup field without a lookupType',
    (d) => {
      delete d(LINE).fields[2].lookupType;
    },
    [P(LINE, '/fields/2', 'lookup field "uomCode" has no lookupType')],
  ],
  [
    'reference to an unknown entity',
    (d) => {
      d(HEADER).fields[2].reference.entity = 'demoVendor';
    },
    [P(HEADER, '/fields/2', 'field "supplierId" references unknown entity "demoVendor"')],
  ],
  [
    'reference label field not on the target',
    (d) => {
      d(HEADER).fields[2].reference.labelField = 'vendorName';
    },
    [P(HEADER, '/fields/2', 'field "supplierId" uses "vendorName", which is not a field of demoSupplier')],
  ],
  [
    'reference field without a target (its labelAs column goes too)',
    (d) => {
      delete d(HEADER).fields[2].reference;
    },
    [
      P(HEADER, '/fields/2', 'reference field "supplierId" has no reference target'),
      P(LIST, '/grid/columns/2', 'column "supplierName" is not a field of demoOrderHeader'),
    ],
  ],
  [
    'context default naming an unknown variable or one of the wrong type',
    (d) => {
      d(HEADER).fields[3].default = '$user.birthday';
      d(HEADER).fields[2].default = '$today';
    },
    [
      P(HEADER, '/fields/2/default', 'default "$today" cannot fill field "supplierId" of type reference'),
      P(
        HEADER,
        '/fields/3/default',
        'default "$user.birthday" of field "orderDate" is not a context variable; known: $today, $now, $user.userId, $user.personId, $user.orgId, $user.supplierId, $user.userName',
      ),
    ],
  ],
  [
    'reference copyFields naming fields of neither side',
    (d) => {
      d(HEADER).fields[2].reference.copyFields = { orderNumber: 'supplierCode', supplierRef: 'supplierNo' };
    },
    [
      P(
        HEADER,
        '/fields/2/reference/copyFields',
        'copyFields of "supplierId" fills "supplierRef", which is not a field of demoOrderHeader',
      ),
      P(
        HEADER,
        '/fields/2/reference/copyFields',
        'copyFields of "supplierId" copies "supplierNo", which is not a field of demoSupplier',
      ),
    ],
  ],
  [
    'child entity missing',
    (d) => {
      d(HEADER).children[0].entity = 'demoOrderLines';
    },
    [
      P(HEADER, '/children/0', 'child entity "demoOrderLines" does not exist'),
      P(EDIT, '/form/lines/0/child', '"lines" is not a child of demoOrderHeader'),
    ],
  ],
  [
    'child foreign key missing',
    (d) => {
      d(HEADER).children[0].foreignKey = 'headerId';
    },
    [P(HEADER, '/children/0', 'foreign key "headerId" is not a field of demoOrderLine')],
  ],
  [
    'child name clashing with a field',
    (d) => {
      d(HEADER).children[0].name = 'status';
      d(EDIT).form.lines[0].child = 'status';
    },
    [P(HEADER, '/children/0', 'child name "status" clashes with a field')],
  ],
  [
    'parent entity missing',
    (d) => {
      d(LINE).parent = 'demoOrder';
    },
    [P(LINE, '/parent', 'parent entity "demoOrder" does not exist')],
  ],
  [
    'statusField and displayField not fields',
    (d) => {
      d(HEADER).statusField = 'state';
      d(HEADER).displayField = 'title';
    },
    [
      P(HEADER, '/statusField', '"state" is not a field of demoOrderHeader'),
      P(HEADER, '/displayField', '"title" is not a field of demoOrderHeader'),
    ],
  ],
  [
    'lifecycle missing',
    (d) => {
      d(HEADER).lifecycle = 'demoOrdr';
    },
    [P(HEADER, '/lifecycle', 'lifecycle "demoOrdr" does not exist')],
  ],
  [
    'lifecycle without a statusField',
    (d) => {
      delete d(HEADER).statusField;
    },
    [P(HEADER, '/statusField', 'an entity with a lifecycle needs a statusField')],
  ],
  [
    'order, index, row scope and deletable filter on unknown fields',
    (d) => {
      const h = d(HEADER);
      h.defaultOrderBy = 'orderDay asc';
      h.indexes[0].fields[1] = 'state';
      h.rowScope = {
        supplierField: 'vendorId',
        supplierVisible: { field: 'state', op: 'ne', value: 'DRAFT' },
        internalVisible: { field: 'phase', op: 'ne', value: 'DRAFT' },
      };
      h.deletableWhen = { not: { field: 'locked', op: 'eq', value: 'Y' } };
    },
    [
      P(HEADER, '/defaultOrderBy', '"orderDay" is not a field of demoOrderHeader'),
      P(HEADER, '/indexes/0', 'index field "state" is not a field of demoOrderHeader'),
      P(HEADER, '/rowScope/supplierField', '"vendorId" is not a field of demoOrderHeader'),
      P(HEADER, '/rowScope/supplierVisible', 'filter field "state" is not a field of demoOrderHeader'),
      P(HEADER, '/rowScope/internalVisible', 'filter field "phase" is not a field of demoOrderHeader'),
      P(HEADER, '/deletableWhen', 'filter field "locked" is not a field of demoOrderHeader'),
    ],
  ],
  [
    'two fields on one column',
    (d) => {
      d('entities/demoSupplier').fields[1].column = 'supplier_code';
    },
    [
      P(
        'entities/demoSupplier',
        '/fields/1',
        'field "supplierName" uses column "supplier_code" already used by "supplierCode"',
      ),
    ],
  ],
  [
    'a declared field clashing with a system field',
    (d) => {
      d('entities/demoSupplier').fields.push({ name: 'createdBy', type: 'integer', label });
    },
    [
      P('entities/demoSupplier', '/fields', 'field "createdBy" uses column "created_by" already used by "createdBy"'),
      P('entities/demoSupplier', '/fields', 'field "createdBy" is declared twice (or clashes with a system field)'),
    ],
  ],
  // lifecycles
  [
    'lifecycle state not in the status lookup',
    (d) => {
      d(LC).states.push('CLOSED');
    },
    [P(LC, '/states/3', 'state "CLOSED" is not a value of DEMO_ORDER_STATUS')],
  ],
  [
    'lifecycle status lookup not seeded',
    (d) => {
      d(LC).statusLookup = 'ORDER_STATUS';
    },
    [P(LC, '/statusLookup', 'lookup type "ORDER_STATUS" is not seeded')],
  ],
  [
    'initial state and transition target not among the states',
    (d) => {
      d(LC).initial = 'NEW';
      d(LC).transitions[1].to = 'DONE';
    },
    [
      P(LC, '/initial', 'initial state "NEW" is not one of the states'),
      P(LC, '/transitions/1', 'state "DONE" of doApprove is not one of the states'),
    ],
  ],
  // menus
  [
    'menu opening a missing page',
    (d) => {
      d(MENUS).menus[0].children[1].htmlUrl = 'demoOrderLst';
    },
    [P(MENUS, '/menus/0/children/1', 'menu "DEMO_ORDER" opens page "demoOrderLst", which does not exist')],
  ],
  [
    'page menu without htmlUrl',
    (d) => {
      delete d(MENUS).menus[0].children[0].htmlUrl;
    },
    [P(MENUS, '/menus/0/children/0', 'menu "DEMO_HOME" opens page "", which does not exist')],
  ],
  [
    'menuCode used twice, also across documents',
    (d, docs) => {
      d(MENUS).menus[0].children[1].menuCode = 'DEMO_HOME';
      docs.push({
        source: 'db:meta_document/4',
        doc: { kind: 'menuSet', menus: [{ menuCode: 'DEMO', menuName: label, menuType: 'DIR' }] },
      });
    },
    [
      P(MENUS, '/menus/0/children/1', 'menuCode "DEMO_HOME" is used twice'),
      { document: 'db:meta_document/4', pointer: '/menus/0', message: 'menuCode "DEMO" is used twice' },
    ],
  ],
  // file actions
  [
    'a client action declaring a file answer',
    (d) => {
      d(LIST).actions[0].file = 'download';
    },
    [P(LIST, '/actions/0', 'action "create" is not an endpoint action: it cannot declare file')],
  ],
  [
    'an attachment upload without its field, an xlsx upload offering pdf, a prompt beside an upload',
    (d) => {
      d(LIST).actions.push(
        { action: 'doRecognize', resourceCode: 'R1', label, placement: 'row', upload: { send: 'attachment' } },
        {
          action: 'doImport',
          resourceCode: 'R2',
          label,
          placement: 'row',
          upload: { send: 'xlsx', accept: '.pdf' },
          prompt: { field: 'comment', label },
        },
        {
          action: 'doRecognize',
          resourceCode: 'R3',
          label,
          placement: 'row',
          idField: 'orderId',
          upload: { send: 'attachment', field: 'orderId' },
        },
      );
    },
    [
      P(LIST, '/actions/2/upload', 'an attachment upload needs the body field of the stored file (field)'),
      P(LIST, '/actions/3/prompt', 'a file or upload action cannot also ask for a text'),
      P(LIST, '/actions/3/upload/accept', 'an xlsx upload accepts .xlsx only'),
      P(LIST, '/actions/4/upload/field', `"orderId" already carries the record's id`),
    ],
  ],
  [
    'idField on a toolbar lifecycle action; a resource of another area',
    (d) => {
      d('entities/demoSupplier').area = 'baseServer';
      d(LIST).actions.push(
        { action: 'doSubmit', resourceCode: 'R1', label, placement: 'toolbar', idField: 'orderId' },
        { action: 'doMail', resourceCode: 'R2', label, placement: 'row', resource: 'demoSupplierRestful' },
      );
    },
    [
      P(
        LIST,
        '/actions/2/idField',
        'a toolbar action sends the selected rows as ids: idField needs a file or upload action',
      ),
      P(LIST, '/actions/3/resource', 'demoSupplierRestful is in area baseServer, not in srmServer of demoOrderHeader'),
    ],
  ],
];

describe('crossCheck: broken references stop the load', () => {
  it.each(cases)('%s', (_name, mutate, expected) => {
    expect(problemsAfter(mutate)).toEqual(expected);
  });

  it('reports every problem of every document at once', () => {
    const problems = problemsAfter((d) => {
      d(LIST).entity = 'demoOrder';
      d(LINE).fields[2].lookupType = 'DEMO_UNIT';
      d(MENUS).menus[0].children[1].htmlUrl = 'demoOrderLst';
    });
    expect(problems.map((p) => p.document).sort()).toEqual([src(LINE), src(MENUS), src(LIST)]);
  });
});

describe('widget names', () => {
  it('a page naming an unregistered widget is a problem listing the registered ones', () => {
    const problems = problemsAfter((d) => {
      d('pages/demoHome').widget = 'NoSuchWidget';
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ document: src('pages/demoHome'), pointer: '/widget' });
    expect(problems[0].message).toMatch(/^widget "NoSuchWidget" is not registered; registered widgets: .*LookupSelect/);
  });

  it('search and form field widgets are checked too; "Input.TextArea" resolves through Input', () => {
    const problems = problemsAfter((d) => {
      d(LIST).search.fields[0].widget = 'FancyPicker';
      d(EDIT).form.sections[0].fields[1].widget = 'Input.TextArea';
      d(EDIT).form.sections[0].fields[0] = { field: 'orderNumber', widget: 'Gauge' };
    });
    expect(problems.map((p) => `${p.document} ${p.pointer}`)).toEqual([
      `${src(EDIT)} /form/sections/0/fields/0/widget`,
      `${src(LIST)} /search/fields/0/widget`,
    ]);
  });
});
