import { expectOk } from '../../../testing/apiAssertions';
import { call, rows, type Body, type Proof, type ProofUser } from '../../../testing/proofFixtures';

/** Calls and rows of the performance set-up tests (DOMAIN.md §2.1; demo rows seeds/demo/49*). */
export type Doc = 'indicators' | 'template' | 'setting' | 'category' | 'contract';
const WHERE: Record<Doc, { menu: string; resource: string }> = {
  indicators: { menu: 'SPE_INDICATORS', resource: 'srmSpeIndicatorsHeadRestful' },
  template: { menu: 'SPE_TEMPLATE', resource: 'srmSpeTemplateHeadRestful' },
  setting: { menu: 'SPE_SETTING', resource: 'srmSpeSettingHeadRestful' },
  category: { menu: 'SPE_TEMPLATE', resource: 'srmSpeTemplateCategoryRestful' },
  contract: { menu: 'SPE_TEMPLATE', resource: 'srmSpeTemplateContractRestful' },
};

/** A call from the document's list menu (suppliers call it too: they hold no grant on it). */
export const act = (p: Proof, user: ProofUser, doc: Doc, action: string, body: Body) =>
  call(p, user, WHERE[doc].menu, WHERE[doc].resource, action, body);

const TABLE: Record<'indicators' | 'template' | 'setting', [string, string]> = {
  indicators: ['srm_spe_indicators_head', 'indicators_head_id'],
  template: ['srm_spe_template_head', 'template_head_id'],
  setting: ['srm_spe_setting_head', 'setting_head_id'],
};
export const rowOf = async (p: Proof, doc: 'indicators' | 'template' | 'setting', id: number) =>
  (await rows(p, TABLE[doc][0], TABLE[doc][1], { [TABLE[doc][1]]: id }))[0];

let seq = 0;
/** A code nobody has used in this run. */
export const code = (prefix: string) => `${prefix}${Date.now() % 100000}${++seq}`;

export const indicatorBody = (indicatorCode = code('T')) => ({
  indicatorCode,
  indicatorName: '测试指标',
  assessmentDimension: 'QUALITY',
  indicatorType: 'MANUAL',
  scoringMethod: 'DIRECT',
  fullScore: '100.00',
  persons: [{ userId: 2 }],
});

/** The demo's APPROVED indicators D01, Q01, C01, S01 (seeds/demo/49a). */
export const D01 = 4901;
export const Q01 = 4902;
export const C01 = 4903;
export const S01 = 4904;

export const templateBody = (weights: [number, string][], templateCode = code('TPL')) => ({
  templateCode,
  templateName: '测试模板',
  evaluationCycle: 'QUARTER',
  indicators: weights.map(([indicatorsHeadId, weight]) => ({ indicatorsHeadId, weight })),
});

export const settingBody = (lines: [string, string, string][], settingCode = code('SET')) => ({
  settingCode,
  settingName: '测试等级',
  orgId: 2,
  lines: lines.map(([gradeCode, scoreFrom, scoreTo]) => ({ gradeCode, scoreFrom, scoreTo })),
});

/** Saves a new document as `user` (buyer01 unless told) and answers its id. */
export async function draftOf(
  p: Proof,
  doc: 'indicators' | 'template' | 'setting',
  body: Body,
  user: ProofUser = 'buyer01',
) {
  const saved = expectOk(await act(p, user, doc, 'saveOrUpdate', body));
  const key = { indicators: 'indicatorsHeadId', template: 'templateHeadId', setting: 'settingHeadId' }[doc];
  return saved[key] as number;
}
