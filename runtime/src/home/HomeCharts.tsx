/**
 * The internal home's charts (docs/architecture.md "Spec: routes and home", with real figures instead of the spec's
 * placeholders): requisitions by status (pie), requisition amounts per month over the last 12
 * months (line; there are no purchase orders yet), and my approvals handled vs pending (gauge).
 * The figures come from baseHomeRestful/findHomeStats, counted in SQL on the server. This module
 * is itself loaded lazily by the home, and G2Plot by it.
 */
import { Card, Col, Empty, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLookup } from '../core/LookupContext';
import { findLookupValue } from '../core/lookupCache';
import { useLanguage } from '../i18n';
import { useHomeApi, type HomeStats } from './homeApi';
import { useG2Plot } from './useG2Plot';
import { useRemote } from './useRemote';

const HEIGHT = 220;

function Caption({ text, testId }: { text: string; testId: string }) {
  return (
    <Typography.Text type="secondary" data-testid={testId}>
      {text}
    </Typography.Text>
  );
}

function StatusPie({ data }: { data: NonNullable<HomeStats['requisitionsByStatus']> }) {
  const { t } = useTranslation();
  const statuses = useLookup('PUR_REQUISITION_STATUS');
  const rows = data.map((d) => ({ label: findLookupValue(statuses, d.status)?.meaning ?? d.status, count: d.count }));
  const ref = useG2Plot(
    rows.length
      ? (g2, el) =>
          new g2.Pie(el, {
            data: rows,
            angleField: 'count',
            colorField: 'label',
            height: HEIGHT,
            radius: 0.8,
            innerRadius: 0.5,
            legend: { position: 'right' },
            label: { type: 'inner', offset: '-50%', content: '{value}' },
            statistic: { title: false, content: { content: String(rows.reduce((s, r) => s + r.count, 0)) } },
          })
      : null,
    [JSON.stringify(rows)],
  );
  return (
    <Card size="small" title={t('home.chartByStatus')} data-testid="chart-pie">
      {rows.length ? <div ref={ref} style={{ height: HEIGHT }} /> : <Empty />}
      <Caption testId="chart-pie-figures" text={rows.map((r) => `${r.label} ${r.count}`).join(' · ')} />
    </Card>
  );
}

function MonthlyLine({ data }: { data: NonNullable<HomeStats['monthlyAmount']> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const rows = data.map((d) => ({ month: d.month, amount: Number(d.amount) }));
  const total = data.reduce((s, d) => s + Math.round(Number(d.amount) * 100), 0) / 100;
  const ref = useG2Plot(
    (g2, el) =>
      new g2.Line(el, {
        data: rows,
        xField: 'month',
        yField: 'amount',
        height: HEIGHT,
        smooth: true,
        point: { size: 3 },
        meta: { amount: { alias: t('home.chartAmount') } },
      }),
    [JSON.stringify(rows), language],
  );
  const money = total.toLocaleString(language === 'EN' ? 'en-US' : 'zh-CN', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return (
    <Card size="small" title={t('home.chartMonthly')} data-testid="chart-line">
      <div ref={ref} style={{ height: HEIGHT }} />
      <Caption testId="chart-line-figures" text={t('home.chartMonthlyTotal', { amount: money })} />
    </Card>
  );
}

function ApprovalGauge({ data }: { data: HomeStats['approvals'] }) {
  const { t } = useTranslation();
  const total = data.pending + data.handled;
  const ref = useG2Plot(
    (g2, el) =>
      new g2.Gauge(el, {
        percent: total ? data.handled / total : 0,
        height: HEIGHT,
        radius: 0.8,
        range: { color: '#30BF78' },
        indicator: { pointer: { style: { stroke: '#D0D0D0' } }, pin: { style: { stroke: '#D0D0D0' } } },
        statistic: { content: { formatter: () => `${data.handled} / ${total}`, style: { fontSize: '18px' } } },
      }),
    [data.pending, data.handled],
  );
  return (
    <Card size="small" title={t('home.chartApprovals')} data-testid="chart-gauge">
      <div ref={ref} style={{ height: HEIGHT }} />
      <Caption
        testId="chart-gauge-figures"
        text={t('home.chartApprovalFigures', { pending: data.pending, handled: data.handled })}
      />
    </Card>
  );
}

export default function HomeCharts() {
  const { t } = useTranslation();
  const api = useHomeApi();
  const stats = useRemote(() => api.findHomeStats(), [api]);
  const value = stats.value;
  if (!value) return null;
  return (
    <Row gutter={[16, 16]} data-testid="home-charts">
      <Col xs={24} lg={8}>
        {value.requisitionsByStatus ? (
          <StatusPie data={value.requisitionsByStatus} />
        ) : (
          <Card size="small" title={t('home.chartByStatus')}>
            <Empty description={t('home.chartNoAccess')} />
          </Card>
        )}
      </Col>
      <Col xs={24} lg={8}>
        {value.monthlyAmount ? (
          <MonthlyLine data={value.monthlyAmount} />
        ) : (
          <Card size="small" title={t('home.chartMonthly')}>
            <Empty description={t('home.chartNoAccess')} />
          </Card>
        )}
      </Col>
      <Col xs={24} lg={8}>
        <ApprovalGauge data={value.approvals} />
      </Col>
    </Row>
  );
}
