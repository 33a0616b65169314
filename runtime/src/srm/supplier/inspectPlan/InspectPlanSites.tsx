/**
 * The inspection plan's site table (issue 7's field-widget example, DOMAIN 1.6): a lines widget
 * (`FormLines.widget` on inspectPlanEdit) over the plan's `sites` lines. "Load sites" brings the
 * sites of the plan suppliers' qualification reviews; internal users tick "participate in
 * inspection" on sites that are not locked. The plan's save sends the lines; the server checks
 * the same rules and takes names and statuses from the qualification, not from here.
 */
import { ReloadOutlined } from '@ant-design/icons';
import type { ArrayField } from '@formily/core';
import { observer, useField, useForm } from '@formily/react';
import { Button, Checkbox, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreen } from '../../../core/DataProviderContext';
import { useFeedback } from '../../../core/feedback';
import { request } from '../../../core/request';
import { useSession } from '../../../core/useSession';
import type { LineGridProps } from '../../../schema/lineSchema';
import { LookupTag } from '../../../widgets/LookupTag';
import { canTickSite, mergeSites, qualificationsOf, type PlanSiteLine } from './planSites';

const FIND_SITES = '/api/srmServer/v1/srmSlcInspectPlanRestful/findSupplierSites';

function useLoadSites(field: ArrayField) {
  const form = useForm();
  const screen = useScreen();
  const feedback = useFeedback();
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const load = async () => {
    const qualifyHeaderIds = qualificationsOf(form.values.suppliers);
    if (!qualifyHeaderIds.length) return feedback.warning(t('inspectPlan.noQualifications'));
    setLoading(true);
    try {
      const answer = await request<PlanSiteLine[]>(FIND_SITES, { qualifyHeaderIds }, { screen });
      const current = (Array.isArray(field.value) ? field.value : []) as PlanSiteLine[];
      const { lines, added } = mergeSites(current, answer.data ?? []);
      field.setValue(lines);
      feedback.success(t('inspectPlan.sitesLoaded', { count: added }));
    } catch (error) {
      feedback.error(error);
    } finally {
      setLoading(false);
    }
  };
  return { load, loading };
}

export const InspectPlanSites = observer(function InspectPlanSites({ title, columns }: LineGridProps) {
  const field = useField<ArrayField>();
  const session = useSession();
  const { t } = useTranslation();
  const { load, loading } = useLoadSites(field);
  const editable = field.pattern === 'editable';
  const rows = (Array.isArray(field.value) ? [...field.value] : []) as PlanSiteLine[];
  const userType = session?.userInfo?.userType;

  // Built on every render: Formily changes the rows array in place, so a memo keyed on it would go stale.
  const tableColumns = ((): ColumnsType<PlanSiteLine> => {
    const titleOf = (key: string) => columns.find((c) => c.key === key)?.title ?? key;
    const lookupOf = (key: string) => columns.find((c) => c.key === key)?.lookupType;
    const tick = (row: PlanSiteLine, index: number, checked: boolean) =>
      field.setValue(rows.map((r, i) => (i === index ? { ...r, inspectFlag: checked ? 'Y' : 'N' } : r)));
    return [
      { key: 'supplierId', title: titleOf('supplierId'), dataIndex: 'supplierName', width: 200 },
      { key: 'siteName', title: titleOf('siteName'), dataIndex: 'siteName', width: 200 },
      { key: 'orgId', title: titleOf('orgId'), dataIndex: 'ouName', width: 200 },
      {
        key: 'siteStatus',
        title: titleOf('siteStatus'),
        width: 120,
        render: (_v, row) => (
          <LookupTag lookupType={lookupOf('siteStatus') ?? 'SLC_SUPPLIER_STATUS'} code={row.siteStatus} />
        ),
      },
      {
        key: 'inspectFlag',
        title: titleOf('inspectFlag'),
        width: 130,
        render: (_v, row, index) => (
          <Checkbox
            aria-label={`${titleOf('inspectFlag')} ${row.siteName ?? ''}`}
            checked={row.inspectFlag === 'Y'}
            disabled={!canTickSite(row, userType, editable)}
            title={row.editFlag === 'N' ? t('inspectPlan.locked') : undefined}
            onChange={(e) => tick(row, index, e.target.checked)}
          />
        ),
      },
      ...(editable
        ? [
            {
              key: 'operate',
              title: t('common.operate'),
              width: 80,
              render: (_v: unknown, _row: PlanSiteLine, index: number) => (
                <Button type="link" size="small" danger onClick={() => void field.remove(index)}>
                  {t('lines.deleteRow')}
                </Button>
              ),
            },
          ]
        : []),
    ];
  })();

  return (
    <section aria-label={title} style={{ marginBottom: 16 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        {title ? (
          <Typography.Title level={5} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
        ) : (
          <span />
        )}
        {editable && (
          <Button icon={<ReloadOutlined aria-hidden />} loading={loading} onClick={() => void load()}>
            {t('inspectPlan.loadSites')}
          </Button>
        )}
      </Space>
      <Table<PlanSiteLine>
        size="small"
        bordered
        pagination={false}
        rowKey={(row) => String(row.qualifySiteId)}
        dataSource={rows}
        columns={tableColumns}
        locale={{ emptyText: t('inspectPlan.noSites') }}
        scroll={{ x: 'max-content', y: 240 }}
      />
    </section>
  );
});
