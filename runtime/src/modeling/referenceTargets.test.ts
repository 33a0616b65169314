import { describe, expect, it } from 'vitest';
import type { EntityDef } from '../meta';
import type { LifecycleDef } from '../meta';
import {
  lifecycleTransitions,
  matchesSearch,
  targetEntityNames,
  targetEntityOptions,
  targetFieldNames,
  targetLifecycleNames,
  type Targets,
} from './referenceTargets';

const targets: Targets = {
  entities: [
    {
      name: 'baseOrganization',
      label: { cn: '组织', en: 'Organization' },
      primaryKey: 'orgId',
      fields: [{ name: 'orgName', type: 'string', label: { cn: '名称', en: 'Name' } }],
    },
  ],
  lifecycles: [
    {
      name: 'userEnablement',
      statusLookup: 'SYS_YES_NO',
      states: ['Y', 'N'],
      transitions: [{ action: 'doEnable', resourceCode: 'btnEnable', from: ['N'], to: 'Y' }],
    },
  ],
};
const drafted: Record<string, EntityDef> = {
  srmDemo: {
    metaVersion: 1,
    kind: 'entity',
    name: 'srmDemo',
    area: 'srmServer',
    table: 'srm_demo',
    primaryKey: 'srmDemoId',
    label: { cn: '演示', en: 'Demo' },
    fields: [
      { name: 'title', type: 'string', label: { cn: '标题', en: 'Title' } },
      { name: 'old', type: 'string', retired: true, label: { cn: '旧', en: 'Old' } },
    ],
  },
};

describe('reference targets', () => {
  it('offers the draft’s entities and the live ones, once each', () => {
    expect(targetEntityNames(drafted, targets)).toEqual(['srmDemo', 'baseOrganization']);
    expect(targetEntityNames({ baseOrganization: drafted.srmDemo }, targets)).toEqual(['baseOrganization']);
  });

  it('finds an entity by its CN or EN label as well as by its name (issue 33, item 2)', () => {
    const options = targetEntityOptions(drafted, targets);
    expect(options.map((o) => o.value)).toEqual(['srmDemo', 'baseOrganization']);
    const found = (input: string) => options.filter((o) => matchesSearch(input, o)).map((o) => o.value);
    expect(found('组织')).toEqual(['baseOrganization']);
    expect(found('organization')).toEqual(['baseOrganization']);
    expect(found('演示')).toEqual(['srmDemo']);
    expect(found('srmde')).toEqual(['srmDemo']);
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

  it('takes an entity’s transitions from its drafted lifecycle, else the live one', () => {
    const flow: LifecycleDef = {
      kind: 'lifecycle',
      name: 'userEnablement',
      statusLookup: 'SYS_YES_NO',
      initial: 'Y',
      states: ['Y', 'N'],
      transitions: [{ action: 'doLock', resourceCode: 'btnLock', from: ['Y'], to: 'N' }],
    };
    const entity = { ...drafted.srmDemo, lifecycle: 'userEnablement' };
    expect(lifecycleTransitions(entity, [], targets).map((t) => t.action)).toEqual(['doEnable']);
    expect(lifecycleTransitions(entity, [flow], targets).map((t) => t.action)).toEqual(['doLock']);
    expect(lifecycleTransitions({ ...entity, lifecycle: undefined }, [flow], targets)).toEqual([]);
  });
});
