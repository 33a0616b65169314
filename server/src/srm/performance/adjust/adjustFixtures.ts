import { expectOk } from '../../../testing/apiAssertions';
import { call, rows, type Body, type Proof, type ProofUser } from '../../../testing/proofFixtures';

/** Calls and rows of the performance adjustment tests (DOMAIN.md §2.2; demo rows seeds/demo/51*). */
export type Doc = 'manual' | 'exclude' | 'excludeLine';
const WHERE: Record<Doc, { menu: string; resource: string }> = {
  manual: { menu: 'SPE_MANUAL_SCORE', resource: 'srmSpeManualScoreRestful' },
  exclude: { menu: 'SPE_EXCLUDE_BILL', resource: 'srmSpeExcludeHeaderRestful' },
  excludeLine: { menu: 'SPE_EXCLUDE_LIST', resource: 'srmSpeExcludeLineRestful' },
};

/** A call from the document's list menu (suppliers call it too: they hold no grant on it). */
export const act = (p: Proof, user: ProofUser, doc: Doc, action: string, body: Body) =>
  call(p, user, WHERE[doc].menu, WHERE[doc].resource, action, body);

const TABLE = {
  manual: ['srm_spe_manual_score', 'manual_score_id'],
  exclude: ['srm_spe_exclude_header', 'exclude_header_id'],
} as const;
export const rowOf = async (p: Proof, doc: 'manual' | 'exclude', id: number) =>
  (await rows(p, TABLE[doc][0], TABLE[doc][1], { [TABLE[doc][1]]: id }))[0];

export const manualBody = (score: string, extra: Body = {}) => ({
  supplierId: 3,
  scoreType: score.startsWith('-') ? 'DEDUCTION' : 'BONUS',
  score,
  reason: '测试加减分 / test score',
  occurDate: '2026-11-26',
  ...extra,
});

export const excludeBody = (lines: Body[] = [{ docType: 'PO_LINE', docNumber: 'PO202611190001', docLineNum: 1 }]) => ({
  supplierId: 2,
  excludeReason: 'FORCE_MAJEURE',
  description: '测试剔除 / test exclusion',
  lines,
});

/** Saves a new document as `user` (buyer01 unless told) and answers its id. */
export async function draftOf(p: Proof, doc: 'manual' | 'exclude', body: Body, user: ProofUser = 'buyer01') {
  const saved = expectOk(await act(p, user, doc, 'saveOrUpdate', body));
  return saved[doc === 'manual' ? 'manualScoreId' : 'excludeHeaderId'] as number;
}
