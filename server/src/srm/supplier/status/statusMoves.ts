import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { Errors } from '../../../http/apiError';
import { HISTORY } from '../../../lifecycle/history';
import { PlatformRows } from '../../../lifecycle/platformRows';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { formatDateTime } from '../../../util/time';
import { SITE, SUPPLIER, type SupplierStatusStore } from './supplierStatusStore';

/** The moves of SLC_SUPPLIER_STATUS that daily management, exit and blacklist make (DOMAIN 1.11). */
export type StatusMove = 'FREEZE' | 'UNFREEZE' | 'QUIT' | 'BLACKLIST' | 'RELEASE';

const ANY_BUT =
  (...not: string[]) =>
  (s: string) =>
    !not.includes(s);
const RULES: Record<
  StatusMove,
  { to: string; allowed: (from: string) => boolean; cn: string; en: string; why: [string, string] }
> = {
  FREEZE: {
    to: 'FROZEN',
    allowed: (s) => s === 'QUALIFIED',
    cn: '冻结',
    en: 'Freeze',
    why: ['只有合格状态可以冻结', 'only a qualified one can be frozen'],
  },
  UNFREEZE: {
    to: 'QUALIFIED',
    allowed: (s) => s === 'FROZEN',
    cn: '解冻',
    en: 'Unfreeze',
    why: ['只有冻结状态可以解冻', 'only a frozen one can be unfrozen'],
  },
  QUIT: {
    to: 'QUIT',
    allowed: ANY_BUT('BLACKLIST', 'QUIT'),
    cn: '退出',
    en: 'Exit',
    why: ['黑名单或已退出的不能退出', 'a blacklisted or exited one cannot exit'],
  },
  BLACKLIST: {
    to: 'BLACKLIST',
    allowed: ANY_BUT('BLACKLIST'),
    cn: '列入黑名单',
    en: 'Blacklist',
    why: ['已在黑名单中', 'it is blacklisted already'],
  },
  RELEASE: {
    to: 'FROZEN',
    allowed: (s) => s === 'BLACKLIST',
    cn: '解除黑名单',
    en: 'Release',
    why: ['只有黑名单状态可以解除', 'only a blacklisted one can be released'],
  },
};

export function targetOf(move: StatusMove): string {
  return RULES[move].to;
}

/** What a move is for: the entity word and name in the messages, and the document that makes it. */
interface Subject {
  entity: typeof SUPPLIER | typeof SITE;
  row: Row;
}

function describe(s: Subject): [string, string] {
  return s.entity === SITE
    ? [`供应商地点 ${String(s.row.siteName)}`, `Supplier site ${String(s.row.siteName)}`]
    : [`供应商 ${String(s.row.supplierName)}`, `Supplier ${String(s.row.supplierName)}`];
}

/** 409 with the reason when §1.11 does not allow the move from the subject's present state. */
export function assertMoveAllowed(move: StatusMove, s: Subject): void {
  const from = String(s.entity === SITE ? s.row.siteStatus : s.row.supplierStatus);
  if (RULES[move].allowed(from)) return;
  const [cn, en] = describe(s);
  const rule = RULES[move];
  throw Errors.conflict(
    `${cn} 当前状态为 ${from}，不能${rule.cn}：${rule.why[0]}`,
    `${en} is ${from} and cannot be moved (${rule.en.toLowerCase()}): ${rule.why[1]}`,
  );
}

/**
 * Moves a supplier or a site (checked against §1.11, 409 otherwise) inside the acting
 * transition's transaction, and writes the move to the lifecycle history of the supplier or
 * site, naming the document that made it — the master has no lifecycle of its own, so its
 * history is these rows.
 */
export async function applyMove(
  store: SupplierStatusStore,
  run: TransitionRun,
  move: StatusMove,
  s: Subject,
): Promise<void> {
  assertMoveAllowed(move, s);
  const field = s.entity === SITE ? 'siteStatus' : 'supplierStatus';
  const key = s.entity === SITE ? 'siteId' : 'supplierId';
  const from = String(s.row[field]);
  const to = RULES[move].to;
  await store.setFields(run.tx, s.entity, Number(s.row[key]), { [field]: to }, run.ctx);
  s.row[field] = to;
  await writeMoveHistory(store, run, move, s.entity, Number(s.row[key]), from, to);
}

async function writeMoveHistory(
  store: SupplierStatusStore,
  run: TransitionRun,
  move: StatusMove,
  entity: string,
  recordId: number,
  from: string,
  to: string,
): Promise<void> {
  const rule = RULES[move];
  await recordStatusChange(store.registry, run, { entity, recordId, from, to, label: { cn: rule.cn, en: rule.en } });
}

export interface StatusChange {
  /** srmSlcSupplierInfo or srmSlcSupplierSite. */
  entity: string;
  recordId: number;
  from: string;
  to: string;
  /** What moved it, e.g. 冻结 / Freeze; the acting document and its number are added. */
  label: { cn: string; en: string };
}

/**
 * Writes one move of a supplier's or site's status to its lifecycle history, naming the acting
 * transition's document (DOMAIN 1.11: every move is in the history). For moves §1.11 assigns to
 * other documents too — a qualification's approval (→ POTENTIAL) and completion (→ QUALIFIED).
 */
export async function recordStatusChange(registry: MetadataRegistry, run: TransitionRun, change: StatusChange) {
  const numberField = run.lifecycle.approvalRule?.billNumberField;
  const billNumber = numberField ? String(run.record[numberField] ?? '') : '';
  const doc = { cn: run.entity.def.label?.cn ?? run.entity.name, en: run.entity.def.label?.en ?? run.entity.name };
  await new PlatformRows(registry, run.tx.dialect).insert(
    run.tx,
    HISTORY,
    {
      entityName: change.entity,
      recordId: change.recordId,
      billNumber,
      billType: run.lifecycle.approvalRule?.billType ?? null,
      action: run.transition.action,
      actionLabel: `${change.label.cn}（${doc.cn} ${billNumber}）`,
      actionLabelEn: `${change.label.en} (${doc.en} ${billNumber})`,
      fromState: change.from,
      toState: change.to,
      approval: 'N',
      approvalStep: null,
      comment: run.comment,
      userId: run.actor.userId,
      userName: run.actor.userName,
      actionDate: formatDateTime(),
    },
    run.actor.userId,
  );
}

/** The supplier read under lock with the fields the moves need; 404 when it is gone. */
export async function lockedSupplier(store: SupplierStatusStore, tx: SqlExecutor, supplierId: number): Promise<Row> {
  const row = await store.one(tx, SUPPLIER, supplierId);
  if (!row) throw Errors.recordNotFound();
  return row;
}
