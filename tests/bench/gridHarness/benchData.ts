/** The bench's 10 columns (text, lookups, money, quantity, date, flag, reference label) and rows. */
import type { TableColumnType } from 'antd';
import type { EntityDef, GridConfig } from '../../../runtime/src/meta';

export const LOOKUPS: Record<string, { lookupCode: string; meaning: string; enabledFlag: string }[]> = {
  BENCH_STATUS: ['DRAFT', 'APPROVING', 'APPROVED', 'REJECTED'].map((code, i) => ({
    lookupCode: code,
    meaning: ['新建', '审批中', '已审批', '已驳回'][i],
    enabledFlag: 'Y',
  })),
  BENCH_TYPE: ['A', 'B', 'C'].map((code, i) => ({
    lookupCode: code,
    meaning: ['生产性', '非生产性', '服务'][i],
    enabledFlag: 'Y',
  })),
};

const field = (name: string, type: string, extra: object = {}) => ({
  name,
  type,
  label: { cn: name, en: name },
  ...extra,
});

export const BENCH_ENTITY = {
  kind: 'entity',
  name: 'benchRow',
  area: 'srmServer',
  table: 'bench_row',
  label: { cn: '行', en: 'Row' },
  primaryKey: 'id',
  fields: [
    field('id', 'integer'),
    field('code', 'string'),
    field('name', 'string'),
    field('status', 'lookup', { lookupType: 'BENCH_STATUS' }),
    field('kind', 'lookup', { lookupType: 'BENCH_TYPE' }),
    field('amount', 'money', { scale: 2 }),
    field('qty', 'quantity', { scale: 4 }),
    field('needBy', 'date'),
    field('urgent', 'flag'),
    field('orgId', 'reference', { reference: { entity: 'org', labelField: 'orgName', labelAs: 'orgName' } }),
    field('remark', 'string'),
  ],
} as unknown as EntityDef;

export const BENCH_GRID: GridConfig = {
  columns: ['code', 'name', 'status', 'kind', 'amount', 'qty', 'needBy', 'urgent', 'orgId', 'remark'].map((key) => ({
    key,
    width: 150,
  })),
};

export function makeRows(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    code: `PR2026${String(i + 1).padStart(6, '0')}`,
    name: `物料 ${i + 1}`,
    status: ['DRAFT', 'APPROVING', 'APPROVED', 'REJECTED'][i % 4],
    kind: ['A', 'B', 'C'][i % 3],
    amount: ((i * 7919) % 1000000) / 100 + 1000,
    qty: (i % 97) + 0.125,
    needBy: `2026-12-${String((i % 28) + 1).padStart(2, '0')}`,
    urgent: i % 2 ? 'Y' : 'N',
    orgId: 10 + (i % 5),
    orgName: `苏州${(i % 5) + 1}厂`,
    remark: `备注 ${i + 1}`,
  }));
}

/** The same columns for a plain antd Table: meanings and numbers resolved inline, no runtime code. */
export function plainColumns(): TableColumnType<Record<string, unknown>>[] {
  const meaning = (type: string) => new Map(LOOKUPS[type].map((v) => [v.lookupCode, v.meaning]));
  const status = meaning('BENCH_STATUS');
  const kind = meaning('BENCH_TYPE');
  const money = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const qty = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 4, maximumFractionDigits: 4 });
  const text = (key: string, render?: (v: unknown, row: Record<string, unknown>) => unknown) => ({
    key,
    dataIndex: key,
    title: key,
    width: 150,
    render: render as never,
  });
  return [
    text('code'),
    text('name'),
    text('status', (v) => status.get(String(v))),
    text('kind', (v) => kind.get(String(v))),
    text('amount', (v) => money.format(Number(v))),
    text('qty', (v) => qty.format(Number(v))),
    text('needBy'),
    text('urgent', (v) => (v === 'Y' ? '是' : '否')),
    text('orgId', (_v, row) => row.orgName),
    text('remark'),
  ];
}
