import { describe, expect, it } from 'vitest';
import { documentRows, searchDocuments } from './documentRows';
import type { Targets } from './referenceTargets';

const entity = (name: string, cn: string, en: string) => ({
  name,
  label: { cn, en },
  primaryKey: 'id',
  fields: [{ name: 'title', type: 'string', label: { cn: '标题', en: 'Title' } }],
});
const TARGETS: Targets = {
  entities: [
    entity('srmPurRequisitionHeader', '采购申请', 'Purchase requisition'),
    entity('srmDemoContract', '合同台账', 'Contracts'),
    entity('baseOrganization', '组织', 'Organization'),
  ],
  lifecycles: [],
};

describe('documentRows', () => {
  const rows = documentRows(
    [
      { kind: 'entity', name: 'srmDemoContract', version: 2 },
      { kind: 'page', name: 'demoContracts', version: 1 },
    ],
    TARGETS,
  );

  it('lists the stored documents, then every shipped entity once, by name', () => {
    expect(rows.map((r) => [r.source, r.kind, r.name])).toEqual([
      ['stored', 'entity', 'srmDemoContract'],
      ['stored', 'page', 'demoContracts'],
      ['shipped', 'entity', 'baseOrganization'],
      ['shipped', 'entity', 'srmPurRequisitionHeader'],
    ]);
    expect(rows[0]).toMatchObject({ version: 2, label: { cn: '合同台账' } });
    expect(rows[3].entity?.fields.map((f) => f.name)).toEqual(['title']);
  });

  it('finds a document by its name or either label', () => {
    expect(searchDocuments(rows, '采购').map((r) => r.name)).toEqual(['srmPurRequisitionHeader']);
    expect(searchDocuments(rows, 'organiz').map((r) => r.name)).toEqual(['baseOrganization']);
    expect(searchDocuments(rows, 'democontract').map((r) => r.name)).toEqual(['srmDemoContract', 'demoContracts']);
    expect(searchDocuments(rows, '  ')).toHaveLength(4);
  });
});
