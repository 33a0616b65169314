/** Helpers of the performance-result tests (DOMAIN.md §2.3): results inserted UNRELEASED as a scheme's calculation leaves them. */
import type { SqlParam } from '../../../db/sqlExecutor';
import { systemContext } from '../../../resource/context';
import { runSql } from '../../../testing/authFixtures';
import { call, rows, type Body, type Proof, type ProofUser } from '../../../testing/proofFixtures';
import { addDays, today } from '../../../util/time';

export const RES = 'srmSpePerformanceRestful';
export const INSIDE_MENU = 'SPE_PERFORMANCE_RESULT';
export { today };
export const dayFrom = (days: number) => addDays(today(), days);

export const buyer = (p: Proof, action: string, body: Body) => call(p, 'buyer01', INSIDE_MENU, RES, action, body);
export const supplier = (p: Proof, user: ProofUser, action: string, body: Body, menu = 'SUP_SPE_APPEAL') =>
  call(p, user, menu, RES, action, body);

/** A CALCULATED scheme with the demo grade setting 4901 (A ≥ 90, B 80–89.99, C 60–79.99, D < 60). */
export async function newScheme(p: Proof): Promise<number> {
  const { kernel } = p.server;
  return kernel.db.transaction((tx) =>
    kernel.resources.writer.insert(
      tx,
      kernel.registry.entity('srmSpeScheme')!,
      {
        schemeName: '测试方案 / Test scheme',
        orgId: 2,
        templateHeadId: 4901,
        settingHeadId: 4901,
        periodName: '2026Q4',
        scoreStartDate: '2026-10-01',
        scoreEndDate: '2026-10-10',
        status: 'CALCULATED',
      },
      systemContext(),
    ),
  );
}

/** An UNRELEASED result of `supplierId` in `schemeId`. */
export async function newResult(
  p: Proof,
  schemeId: number,
  supplierId: number,
  score = '72.50',
  grade = 'C',
): Promise<number> {
  const { kernel } = p.server;
  return kernel.db.transaction((tx) =>
    kernel.resources.writer.insert(
      tx,
      kernel.registry.entity('srmSpePerformance')!,
      {
        schemeId,
        supplierId,
        periodName: '2026Q4',
        totalScore: score,
        gradeCode: grade,
        rankNum: 1,
        status: 'UNRELEASED',
        appealFlag: 'N',
      },
      systemContext(),
    ),
  );
}

export const resultOf = async (p: Proof, id: number) =>
  (await rows(p, 'srm_spe_performance', 'performance_id', { performance_id: id }))[0];
export const historyRows = (p: Proof, id: number) =>
  rows(p, 'srm_spe_performance_history', 'performance_history_id', { performance_id: id });
export const supplierTodos = (p: Proof, id: number, billType: string) =>
  rows(p, 'base_supplier_todo', 'supplier_todo_id', {
    entity_name: 'srmSpePerformance',
    bill_id: id,
    bill_type: billType,
  });
export const internalTodos = (p: Proof, id: number) =>
  rows(p, 'base_todo', 'todo_id', { entity_name: 'srmSpePerformance', bill_id: id, bill_type: 'SPE_APPEAL' });
export const setColumn = (p: Proof, id: number, column: string, value: SqlParam) =>
  runSql(p.server, `UPDATE srm_spe_performance SET ${column} = ? WHERE performance_id = ?`, [value, id]);
export const dateOf = (v: unknown) => (v ? String(v).slice(0, 10) : null);
