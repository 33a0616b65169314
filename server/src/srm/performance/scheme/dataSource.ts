/**
 * Where the system indicators' figures come from (issue 17 "Scores from real data"). The contract
 * is a domain service (key PERFORMANCE_DATA_SOURCE): the performance module provides the local
 * source computed from this system's receipts; an outside source (ERP/MES) replaces it by being
 * provided under the same key by another module instead (docs/decisions.md "Issue 17: schemes").
 */
import type { SqlExecutor } from '../../../db/sqlExecutor';
import type { DomainServiceKey } from '../../../platform/domainServices';
import type { Exclusion } from '../adjust/adjustRules';

/** A rate in percent (4 decimals) with what it counted; rate null when nothing was due/received. */
export interface RateFigures {
  rate: string | null;
  numerator: string;
  denominator: string;
  /** The documents counted (receipt transaction numbers). */
  documents: string[];
  /** The documents an approved exclusion bill took out. */
  excluded: string[];
}

/** A rate of the supplier's documents dated in the period (dates inclusive), less the excluded ones. */
export type RateOf = (
  tx: SqlExecutor,
  supplierId: number,
  periodStart: string,
  periodEnd: string,
  exclusions: Exclusion[],
) => Promise<RateFigures>;

export interface PerformanceDataSource {
  /** The provider's name, stored on every snapshot. */
  readonly name: string;
  /** On-time delivery rate: received quantity on or before the original promised date ÷ received quantity. */
  deliveryRate: RateOf;
  /** Reject rate: rejected quantity ÷ received quantity. */
  rejectRate: RateOf;
}

export const PERFORMANCE_DATA_SOURCE: DomainServiceKey<PerformanceDataSource> = { name: 'performanceDataSource' };
