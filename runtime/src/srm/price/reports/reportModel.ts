/**
 * The price reports' rows and columns (server/src/srm/price/reports): one row per VALID preset
 * proportion — item, supplier, raw material, reference and current index, change, theoretical and
 * current price, last adjustment.
 */
import type { ColumnsType } from 'antd/es/table';
import { formatFieldNumber } from '../../../core/format';
import type { Language } from '../../../core/language';

export const RESOURCE = { name: 'srmSmlIndexPrice', area: 'srmServer', resource: 'srmSmlIndexPriceRestful' };

export interface ReportRow {
  presetProportionId: number;
  itemCode: string;
  supplierName: string;
  rawMaterialCode: string;
  proportion: string;
  baseIndexPrice: string | null;
  currentIndexPrice: string | null;
  currentPeriod: string | null;
  changePct: string | null;
  currentPrice: string | null;
  theoreticalPrice: string | null;
  lastAdjustmentDate: string | null;
  openAdjustmentNumber: string | null;
}

export interface SeriesPoint {
  rawMaterialCode: string;
  period: string;
  price: string | number;
}

const TEXT = {
  CN: {
    item: '物料编码',
    supplier: '供应商',
    material: '原材料',
    proportion: '预设占比',
    base: '基准指数',
    current: '当前指数',
    period: '指数期间',
    change: '变动 %',
    theoretical: '理论新价',
    price: '当前物料价格',
    lastAdjustment: '最近调价日期',
    open: '进行中的调价单',
    from: '起始期间',
    to: '截止期间',
    query: '查询',
    push: '推送',
    threshold: '预警阈值',
    selectRows: '请先选择记录',
    trend: '原材料指数走势',
  },
  EN: {
    item: 'Item',
    supplier: 'Supplier',
    material: 'Raw material',
    proportion: 'Proportion',
    base: 'Base index',
    current: 'Current index',
    period: 'Index period',
    change: 'Change %',
    theoretical: 'Theoretical new price',
    price: 'Current material price',
    lastAdjustment: 'Last adjustment',
    open: 'Open adjustment',
    from: 'From period',
    to: 'To period',
    query: 'Search',
    push: 'Push',
    threshold: 'Warning threshold',
    selectRows: 'Select rows first',
    trend: 'Raw-material index trend',
  },
} as const;

export const reportText = (language: Language) => TEXT[language === 'EN' ? 'EN' : 'CN'];

/**
 * A number column shown by the fields' one rule (core/format): the report's values come as the
 * stored decimals (0.4000, 68000.000000), shown at most to the field's scale without padded zeros.
 */
function numberColumn(key: keyof ReportRow, title: string, language: Language, scale: number, width = 120) {
  return {
    key,
    dataIndex: key,
    title,
    width,
    align: 'right' as const,
    render: (value: unknown) => formatFieldNumber(value, language, { kind: 'decimal', scale }),
  };
}

export function reportColumns(language: Language, warning = false): ColumnsType<ReportRow> {
  const t = reportText(language);
  // Scales of srmSmlPresetProportion.proportion, srmSmlIndexPrice.price, the item prices; the change is in % to 2.
  const cols: ColumnsType<ReportRow> = [
    { key: 'itemCode', dataIndex: 'itemCode', title: t.item, width: 120 },
    { key: 'supplierName', dataIndex: 'supplierName', title: t.supplier, ellipsis: true },
    { key: 'rawMaterialCode', dataIndex: 'rawMaterialCode', title: t.material, width: 90 },
    numberColumn('proportion', t.proportion, language, 4, 90),
    numberColumn('baseIndexPrice', t.base, language, 6),
    numberColumn('currentIndexPrice', t.current, language, 6),
    { key: 'currentPeriod', dataIndex: 'currentPeriod', title: t.period, width: 90 },
    numberColumn('changePct', t.change, language, 2, 90),
  ];
  if (!warning)
    cols.push(
      numberColumn('theoreticalPrice', t.theoretical, language, 6),
      numberColumn('currentPrice', t.price, language, 6),
    );
  cols.push({ key: 'lastAdjustmentDate', dataIndex: 'lastAdjustmentDate', title: t.lastAdjustment, width: 120 });
  if (!warning)
    cols.push({ key: 'openAdjustmentNumber', dataIndex: 'openAdjustmentNumber', title: t.open, width: 150 });
  return cols;
}
