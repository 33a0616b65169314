/**
 * The internal home's charts (docs/architecture.md "Spec: routes and home", with real figures instead of the spec's
 * placeholders): the charts the domains declare (documents by status as pies, amounts or counts
 * per month over the last 12 months as lines; only those the user's menus read) and my approvals
 * handled vs pending (gauge). The figures come from baseHomeRestful/findHomeStats, counted in SQL
 * on the server. This module
 * is itself loaded lazily by the home, and G2Plot by it.
 */
import { Card, Col, Empty, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLookup } from '../core/LookupContext';
import { findLookupValue } from '../core/lookupCache';
import { useLanguage } from '../i18n';
import { useHomeApi, type HomeChart, type HomeStats } from './homeApi';
import { useG2Plot } from './useG2Plot';
import { useRemote } from './useRemote';

const HEIGHT = 220;
/**
 * Every chart is drawn still. With G2Plot's entry animations the page never came to rest: its
 * canvas redrew on every animation frame for as long as the home stayed open, shown or in a hidden
 * tab (4–6 % of a core per open page, measured in Chromium; docs/decisions.md "Issue 31: a lighter
 * runtime").
 */
const STILL = { animation: false } as const;

function Caption({ text, testId }: { text: string; testId: string }) {
  return (
    <Typography.Text type="secondary" data-testid={testId}>
      {text}
    </Typography.Text>
  );
}

type StatusChartData = Extract<HomeChart, { kind: 'byStatus' }>;
type MonthlyChartData = Extract<HomeChart, { kind: 'monthly' }>;

function StatusPie({ chart }: { chart: StatusChartData }) {
  const statuses = useLookup(chart.lookupType);
  const rows = chart.data.map((d) => ({
    label: findLookupValue(statuses, d.status)?.meaning ?? d.status,
    count: d.count,
  }));
  const ref = useG2Plot(
    rows.length
      ? (g2, el) =>
          new g2.Pie(el, {
            data: rows,
            angleField: 'count',
            colorField: 'label',
            height: HEIGHT,
            ...STILL,
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
    <Card size="small" title={chart.title} data-testid={`chart-${chart.key}`}>
      {rows.length ? <div ref={ref} style={{ height: HEIGHT }} /> : <Empty />}
      <Caption testId={`chart-${chart.key}-figures`} text={rows.map((r) => `${r.label} ${r.count}`).join(' · ')} />
    </Card>
  );
}

function MonthlyLine({ chart }: { chart: MonthlyChartData }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const rows = chart.data.map((d) => ({ month: d.month, value: chart.amount ? Number(d.amount) : d.count }));
  const count = chart.data.reduce((s, d) => s + d.count, 0);
  // Cents as integers: the caption's total is exact (the line's points may be floats).
  const cents = chart.data.reduce((s, d) => s + Math.round(Number(d.amount ?? 0) * 100), 0);
  const ref = useG2Plot(
    (g2, el) =>
      new g2.Line(el, {
        data: rows,
        xField: 'month',
        yField: 'value',
        height: HEIGHT,
        ...STILL,
        smooth: true,
        point: { size: 3 },
        meta: { value: { alias: chart.amount ? t('home.chartAmount') : t('home.chartCount') } },
      }),
    [JSON.stringify(rows), language],
  );
  const amount = (cents / 100).toLocaleString(language === 'EN' ? 'en-US' : 'zh-CN', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return (
    <Card size="small" title={chart.title} data-testid={`chart-${chart.key}`}>
      <div ref={ref} style={{ height: HEIGHT }} />
      <Caption
        testId={`chart-${chart.key}-figures`}
        text={chart.amount ? t('home.chartMonthlyTotal', { amount, count }) : t('home.chartMonthlyCount', { count })}
      />
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
        ...STILL,
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
  const api = useHomeApi();
  const stats = useRemote(() => api.findHomeStats(), [api]);
  const value = stats.value;
  if (!value) return null;
  return (
    <Row gutter={[16, 16]} data-testid="home-charts">
      {value.charts.map((chart) => (
        <Col key={chart.key} xs={24} lg={8}>
          {chart.kind === 'byStatus' ? <StatusPie chart={chart} /> : <MonthlyLine chart={chart} />}
        </Col>
      ))}
      <Col xs={24} lg={8}>
        <ApprovalGauge data={value.approvals} />
      </Col>
    </Row>
  );
}
