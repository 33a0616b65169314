import { describe, expect, it } from 'vitest';
import type { EntityDef } from '../meta';
import { targetEntityNames, targetFieldNames, targetLifecycleNames, type Targets } from './referenceTargets';

const targets: Targets = {
  entities: [{ name: 'baseOrganization', label: { cn: '组织', en: 'Organization' }, primaryKey: 'orgId', fields: [{ name: 'orgName', type: 'string', label: { cn: '名称', en: 'Name' } }] }],
  lifecycles: [{ name: 'userEnablement', statusLookup: 'SYS_YES_NO', states: ['Y', 'N'] }],
};
const drafted: Record<string, EntityDef> = {
  srmDemo: {
    metaVersion: 1, kind: 'entity', name: 'srmDemo', area: 'srmServer', table: 'srm_demo', primaryKey: 'srmDemoId', label: { cn: '演示', en: 'Demo' },
    fields: [{ name: 'title', type: 'string', label: { cn: '标题', en: 'Title' } }, { name: 'old', type: 'string', retired: true, label: { cn: '旧', en: 'Old' } }],
  },
};

describe('reference targets', () => {
  it('offers the draft’s entities and the live ones, once each', () => {
    expect(targetEntityNames(drafted, targets)).toEqual(['srmDemo', 'baseOrganization']);
    expect(targetEntityNames({ baseOrganization: drafted.srmDemo }, targets)).toEqual(['baseOrganization']);
  });

  it('offers a target’s primary key and live fields, from the draft when it is being designed', () => {
    expect(targetFieldNames('baseOrganization', drafted, targets)).toEqual(['orgId', 'orgName']);
    expect(targetFieldNames('srmDemo', drafted, targets)).toEqual(['srmDemoId', 'title']);
    expect(targetFieldNames('nope', drafted, targets)).toEqual([]);
    expect(targetFieldNames(undefined, drafted, targets)).toEqual([]);
  });

  it('offers live and drafted lifecycles', () => {
    expect(targetLifecycleNames(['demoFlow', 'userEnablement'], targets)).toEqual(['demoFlow', 'userEnablement']);
  });
});
