/**
 * srmSmlWarningReport: the items whose raw-material index moved more than the threshold since their
 * last confirmed adjustment (or the preset's base index) and that have no open adjustment
 * (findWarningReportPage); 推送 (btnWarningPush) notifies the buyers of the selected rows, once per
 * row per day (warningPush).
 */
import { Alert, Button, Card, Space, Table } from 'antd';
import { useState } from 'react';
import { useDataProvider } from '../../../core/DataProviderContext';
import { useFeedback } from '../../../core/feedback';
import { useGrantedResources } from '../../../core/useResources';
import { useLanguage } from '../../../i18n';
import { RESOURCE, reportColumns, reportText, type ReportRow } from './reportModel';
import { useReport } from './useReport';

export function SmlWarningReport() {
  const language = useLanguage();
  const t = reportText(language);
  const provider = useDataProvider();
  const feedback = useFeedback();
  const { granted } = useGrantedResources();
  const [selected, setSelected] = useState<number[]>([]);
  const [pushing, setPushing] = useState(false);
  const report = useReport<{ threshold: string; rows: ReportRow[] }>('findWarningReportPage', {});
  const push = async () => {
    if (!selected.length) return feedback.warning(t.selectRows);
    setPushing(true);
    try {
      const answer = await provider.callAction(RESOURCE, 'warningPush', { presetProportionIds: selected });
      feedback.success(answer.msg);
      void report.refetch();
    } catch (error) {
      feedback.error(error);
    } finally {
      setPushing(false);
    }
  };
  return (
    <Card
      size="small"
      title={report.data ? `${t.threshold}: ${report.data.threshold}%` : undefined}
      extra={
        granted.has('btnWarningPush') && (
          <Button type="primary" loading={pushing} onClick={() => void push()}>
            {t.push}
          </Button>
        )
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {report.isError && <Alert type="error" message={String((report.error as Error).message)} />}
        <Table<ReportRow>
          rowKey="presetProportionId"
          size="small"
          loading={report.isLoading}
          columns={reportColumns(language, true)}
          dataSource={report.data?.rows ?? []}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
          pagination={false}
          scroll={{ x: 1100 }}
        />
      </Space>
    </Card>
  );
}
