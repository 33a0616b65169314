/**
 * srmSmlMonitoringReport: the raw-material index series over a chosen period (line chart) and, per
 * item and supplier, base and current index, change, preset proportion, theoretical new price by
 * the adjustment formula against the current material price, last adjustment date
 * (server: srmSmlIndexPriceRestful/monitoringReportPage).
 */
import { Button, Card, Form, Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useLookup } from '../../../core/LookupContext';
import { useLanguage } from '../../../i18n';
import { IndexTrendChart } from './IndexTrendChart';
import { reportColumns, reportText, type ReportRow, type SeriesPoint } from './reportModel';
import { useReport } from './useReport';

interface Filter {
  rawMaterialCode?: string;
  periodFrom?: string;
  periodTo?: string;
}

const clean = (f: Filter): Filter =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as Filter;

export function SmlMonitoringReport() {
  const language = useLanguage();
  const t = reportText(language);
  const materials = useLookup('SML_RAW_MATERIAL') ?? [];
  const [filter, setFilter] = useState<Filter>({});
  const [form] = Form.useForm<Filter>();
  const report = useReport<{ series: SeriesPoint[]; rows: ReportRow[] }>('monitoringReportPage', { ...filter });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card size="small">
        <Form form={form} layout="inline" onFinish={(values) => setFilter(clean(values))}>
          <Form.Item name="rawMaterialCode" label={t.material}>
            <Select
              allowClear
              style={{ width: 160 }}
              options={materials.map((m) => ({ value: m.lookupCode, label: m.meaning }))}
            />
          </Form.Item>
          <Form.Item name="periodFrom" label={t.from} rules={[{ pattern: /^\d{4}-\d{2}$/, message: 'YYYY-MM' }]}>
            <Input placeholder="YYYY-MM" style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="periodTo" label={t.to} rules={[{ pattern: /^\d{4}-\d{2}$/, message: 'YYYY-MM' }]}>
            <Input placeholder="YYYY-MM" style={{ width: 110 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t.query}
          </Button>
        </Form>
      </Card>
      <Card size="small" title={t.trend} loading={report.isLoading}>
        <IndexTrendChart series={report.data?.series ?? []} />
      </Card>
      <Table<ReportRow>
        rowKey="presetProportionId"
        size="small"
        loading={report.isLoading}
        columns={reportColumns(language)}
        dataSource={report.data?.rows ?? []}
        pagination={false}
        scroll={{ x: 1300 }}
      />
    </Space>
  );
}
