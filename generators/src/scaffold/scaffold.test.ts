import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as metadata from '../../../metadata/src/node';

/* eslint-disable @typescript-eslint/no-require-imports -- the scaffolder is plain CommonJS (run by node without a build step); vitest loads it as is */
const { parseDomain } = require('./domainParser.cjs');
const { parseInlineField, parseTableFields } = require('./fieldSpec.cjs');
const { childProperty, primaryKeyOf } = require('./documents.cjs');
const { lookupTypeDoc, parseDomainLookups } = require('./lookups.cjs');
const { scaffold, ScaffoldError } = require('./scaffold.cjs');
/* eslint-enable @typescript-eslint/no-require-imports -- back to ES imports */

const domain = parseDomain(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'catalog', 'DOMAIN.md'), 'utf8'));
const entity = (name: string) => domain.find((e: { name: string }) => e.name === name);
const field = (e: { fields: { name: string }[] }, name: string) => e.fields.find((f) => f.name === name);

describe('reading DOMAIN.md', () => {
  it('reads an entity declared in bold with its key line, field table and children', () => {
    const plan = entity('srmSlcInspectPlan');
    expect(plan).toMatchObject({ pk: 'inspectPlanId', label: { cn: '考察计划', en: 'Inspection plan' } });
    expect(plan.screens).toEqual(expect.arrayContaining(['inspectPlanList', 'inspectPlanEdit', 'inspectPlanDetail']));
    expect(field(plan, 'planNumber')).toMatchObject({
      type: 'string',
      length: 30,
      required: true,
      label: { cn: '计划编号', en: 'Plan no.' },
    });
    expect(field(plan, 'inspectType')).toMatchObject({
      type: 'lookup',
      lookupType: 'SLC_INSPECT_TYPE',
      required: true,
    });
    expect(field(plan, 'orgId')).toMatchObject({ type: 'reference', reference: { entity: 'baseOrganization' } });
    expect(field(plan, 'planStartDate')).toMatchObject({ type: 'date', required: true });
    expect(field(plan, 'planEndDate')).toMatchObject({ type: 'date', required: true });
    expect(plan.children.map((c: { name: string }) => c.name)).toEqual([
      'srmSlcInspectPlanSupplier',
      'srmSlcInspectPlanStaff',
      'srmSlcInspectPlanCategory',
      'srmSlcInspectPlanLocation',
    ]);
    expect(field(plan.children[1], 'inspectRole')).toMatchObject({ type: 'lookup', lookupType: 'SLC_INSPECT_ROLE' });
  });

  it('reads a header/line pair from a section heading, with the lines given inline after **Line**', () => {
    const requisition = entity('srmPurRequisitionHeader');
    expect(requisition.pk).toBe('requisitionHeaderId');
    const [line] = requisition.children;
    expect(line).toMatchObject({ name: 'srmPurRequisitionLine', pk: 'requisitionLineId' });
    expect(field(line, 'itemId')).toMatchObject({
      type: 'reference',
      reference: { entity: 'srmBaseMaterialItem' },
      required: true,
    });
    expect(field(line, 'estimatedPrice')).toMatchObject({ type: 'decimal', precision: 20, scale: 6 });
    expect(field(requisition, 'lineNum')).toBeUndefined();
  });

  it('reads the "**`name`** (key) 中文 / English." form with inline fields', () => {
    const indicator = entity('srmSpeIndicatorsHead');
    expect(indicator).toMatchObject({ pk: 'indicatorsHeadId', label: { cn: '考评指标', en: 'Indicator' } });
    expect(field(indicator, 'fullScore')).toMatchObject({ type: 'decimal', precision: 7, scale: 2, required: true });
    expect(field(indicator, 'status')).toMatchObject({ type: 'lookup', lookupType: 'SRM_APPROVE_STATUS' });
  });

  it('parses inline and table field specs', () => {
    expect(parseInlineField('weight decimal(7,4)*')).toMatchObject({
      name: 'weight',
      type: 'decimal',
      precision: 7,
      scale: 4,
      required: true,
    });
    expect(parseInlineField('inspectFlag (参与考察/Participate in inspection)')).toMatchObject({
      name: 'inspectFlag',
      type: 'flag',
      label: { cn: '参与考察', en: 'Participate in inspection' },
    });
    expect(parseInlineField('paymentTermId ref → srmBasePaymentTerm')).toMatchObject({
      type: 'reference',
      reference: { entity: 'srmBasePaymentTerm' },
    });
    expect(parseInlineField('supplierId*')).toMatchObject({
      type: 'reference',
      reference: { entity: 'srmSlcSupplierInfo' },
      required: true,
    });
    expect(parseInlineField('The rest of a sentence')).toBeUndefined();
    const [self, expert, final] = parseTableFields(
      'selfScore / expertScore / finalScore',
      'decimal(7,2)',
      '自评/专家/最终得分',
      'Self/expert/final score',
    );
    expect([self.label.cn, expert.label.cn, final.label.cn]).toEqual(['自评', '专家', '最终得分']);
    expect(final).toMatchObject({ type: 'decimal', precision: 7, scale: 2 });
  });

  it('reads lookup values from the value tables and the status lines', () => {
    const lookups = parseDomainLookups(
      fs.readFileSync(path.join(__dirname, '..', '..', '..', 'catalog', 'DOMAIN.md'), 'utf8'),
    );
    expect(lookups.get('SLC_INSPECT_ROLE')).toEqual([
      { code: 'LEADER', cn: '组长', en: 'Leader' },
      { code: 'EXPERT', cn: '专家', en: 'Expert' },
      { code: 'MEMBER', cn: '组员', en: 'Member' },
    ]);
    expect(lookups.get('SLC_INSPECT_RESULT')).toEqual(lookups.get('SLC_QUALIFY_RESULT'));
    expect(lookups.get('SLC_CREDENTIAL_TYPE')).toContainEqual({ code: 'ISO9001', cn: undefined, en: undefined });
  });

  it('names keys and line properties as the hand-written metadata does', () => {
    expect(primaryKeyOf({ name: 'srmPurDeliveryNote' })).toBe('deliveryNoteId');
    expect(childProperty('srmPurRequisitionHeader', 'srmPurRequisitionLine')).toBe('lines');
    expect(childProperty('srmSlcSupplierInfo', 'srmSlcSupplierContact')).toBe('contacts');
  });
});

describe('npm run scaffold', () => {
  it('creates entity, page and lookup documents that load with the application metadata', () => {
    // Screens nobody has built yet (the performance set-up screens served here until issue 17 built them).
    const { files, problems } = scaffold(['biddingRespList', 'biddingRespEdit'], metadata);
    expect(files.map((f: { file: string }) => path.relative('metadata/apps/srm/sourcing', f.file))).toEqual([
      'entities/srmSfdBid.json',
      'entities/srmSfdScoring.json',
      'entities/srmSfdCountersign.json',
      'pages/biddingRespList.json',
      'pages/biddingRespEdit.json',
      'lookups/srmSfdBid.json',
    ]);
    expect(problems).toEqual([]);
    const documents = [
      ...metadata.loadDocumentFiles(),
      ...files.map((f: { file: string; doc: unknown }) => ({ source: f.file, doc: f.doc })),
    ];
    const registry = metadata.MetadataRegistry.load(documents as metadata.SourcedDocument[]);
    expect(registry.page('biddingRespList')).toMatchObject({ type: 'list', editPage: 'biddingRespEdit' });
    expect(registry.page('biddingRespEdit')!.form!.lines!.map((l) => l.child)).toEqual(['scorings', 'countersigns']);
    expect(registry.entity('srmSfdScoring')!.field('bidId')!.label).toEqual({ cn: '投标', en: 'Bid response' });
    expect(registry.lookupType('SFD_BID_STATUS')!.meaning).toEqual(
      registry.entity('srmSfdBid')!.field('bidStatus')!.label,
    );
  });

  it('names a status lookup after its field; bare standard codes take known meanings', () => {
    const values = parseDomainLookups(
      fs.readFileSync(path.join(__dirname, '..', '..', '..', 'catalog', 'DOMAIN.md'), 'utf8'),
    ).get('SLC_INSPECT_PLAN_STATUS');
    const known: Record<string, { cn: string; en: string }> = {
      DRAFT: { cn: '新建', en: 'Draft' },
      SUBMITTED: { cn: '审批中', en: 'Submitted' },
      REJECTED: { cn: '已驳回', en: 'Rejected' },
    };
    const doc = lookupTypeDoc('SLC_INSPECT_PLAN_STATUS', values, (code: string) => known[code]);
    expect(
      doc.values.map((v: { lookupCode: string; meaning: { cn: string } }) => [v.lookupCode, v.meaning.cn]),
    ).toEqual([
      ['DRAFT', '新建'],
      ['SUBMITTED', '审批中'],
      ['APPROVED', '已批准'],
      ['REJECTED', '已驳回'],
      ['EXECUTING', '执行中'],
      ['COMPLETED', '已完成'],
    ]);
    expect(doc.values[0]).toMatchObject({ color: 'default', enabledFlag: 'Y', seqNum: 1 });
  });

  it('refuses what it cannot scaffold, saying why', () => {
    expect(() => scaffold(['noSuchScreenAnywhere'], metadata)).toThrow(ScaffoldError);
    expect(() => scaffold(['exchangeRateManagement'], metadata)).toThrow(/exists already/);
    expect(() => scaffold(['purNoProductiveMaterial/SrminteriorShoppingtrolley'], metadata)).toThrow(
      /custom page widget|exists already/,
    );
  });
});
