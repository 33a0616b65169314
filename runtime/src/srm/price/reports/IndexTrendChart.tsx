/** The raw-material index prices as a line chart by period, one line per raw material (G2Plot, loaded on demand). */
import { useG2Plot } from '../../../home/useG2Plot';
import type { SeriesPoint } from './reportModel';

export function IndexTrendChart({ series }: { series: SeriesPoint[] }) {
  const data = series.map((p) => ({ period: p.period, price: Number(p.price), material: p.rawMaterialCode }));
  const ref = useG2Plot(
    data.length
      ? (g2, container) =>
          new g2.Line(container, {
            data,
            xField: 'period',
            yField: 'price',
            seriesField: 'material',
            height: 280,
            autoFit: true,
            point: { size: 3 },
          })
      : null,
    [JSON.stringify(data)],
  );
  return <div ref={ref} data-testid="index-trend-chart" style={{ minHeight: data.length ? 280 : 0 }} />;
}
