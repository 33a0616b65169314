/**
 * The charts of the internal home, declared by the domains (docs/developer-guide.md "Domain
 * modules"): the platform counts them in SQL over the rows the caller may read, the domains say
 * only what to count. A chart whose entity no granted menu of the caller reads is left out.
 */
import type { I18nText } from '@meridian/metadata';

interface ChartBase {
  /** Stable name: the runtime's test ids (chart-<key>) and the answer's key. */
  key: string;
  title: I18nText;
  /** The records counted; the caller's row scope applies as in a list from its menu. */
  entity: string;
  /** Left out of the counts (drafts, cancelled documents). */
  excludeStatuses?: string[];
  /** The status field excludeStatuses applies to (default "status"). */
  statusField?: string;
}

/** Records per value of a lookup field (a pie). */
export interface StatusChart extends ChartBase {
  kind: 'byStatus';
  field: string;
  lookupType: string;
}

/** Records and, with amountField, their sum per month of dateField over the last 12 months (a line). */
export interface MonthlyChart extends ChartBase {
  kind: 'monthly';
  dateField: string;
  amountField?: string;
}

export type HomeChartDef = StatusChart | MonthlyChart;

export class HomeChartRegistry {
  private readonly charts: HomeChartDef[] = [];

  /** Charts show in the order registered; a key registered twice is a developer error. */
  register(chart: HomeChartDef): void {
    if (this.charts.some((c) => c.key === chart.key)) throw new Error(`Home chart "${chart.key}" is registered twice`);
    this.charts.push(chart);
  }

  list(): readonly HomeChartDef[] {
    return this.charts;
  }
}
