/**
 * The checklist of an on-site inspection (DOMAIN.md §1.6): the plan's checklistTemplate, a JSON list
 * of `{inspectDimension, checkItem, standardScore}`, or — without one — the default list: one item
 * per SLC_INSPECT_DIMENSION worth 20 points, 100 in all (decision, docs/decisions.md).
 */
import { jsonList } from '../../../util/jsonList';

export interface ChecklistItem {
  itemSeq: number;
  inspectDimension: string;
  checkItem: string;
  standardScore: number;
}

const DEFAULT: [string, string][] = [
  ['QUALITY_SYSTEM', '质量体系：体系认证、文件与记录控制'],
  ['PRODUCTION', '生产制造：工艺、设备、过程控制'],
  ['R_AND_D', '研发：设计能力、变更管理'],
  ['EHS', '环境安全：环保、职业健康与安全'],
  ['MANAGEMENT', '经营管理：财务、交付、供应链'],
];

export function checklistOf(template: unknown): ChecklistItem[] {
  const items = jsonList(template)
    .filter((i): i is Record<string, unknown> => !!i && typeof i === 'object')
    .filter((i) => typeof i.checkItem === 'string' && Number(i.standardScore) > 0)
    .map((i, n) => ({
      itemSeq: n + 1,
      inspectDimension: String(i.inspectDimension ?? 'QUALITY_SYSTEM'),
      checkItem: String(i.checkItem).slice(0, 500),
      standardScore: Number(i.standardScore),
    }));
  if (items.length) return items;
  return DEFAULT.map(([inspectDimension, checkItem], n) => ({
    itemSeq: n + 1,
    inspectDimension,
    checkItem,
    standardScore: 20,
  }));
}
