import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeProvider } from '../../../test/fakeProvider';
import { renderWithApp } from '../../../test/render';
import { SmlMonitoringReport } from './SmlMonitoringReport';

const row = {
  presetProportionId: 5501,
  itemCode: '1002000118',
  supplierName: '深圳芯源',
  rawMaterialCode: 'AL',
  proportion: '0.3000',
  baseIndexPrice: '18500.000000',
  currentIndexPrice: '19950.000000',
  currentPeriod: '2026-11',
  changePct: '7.84',
  currentPrice: '6.200000',
  theoreticalPrice: '6.345784',
  lastAdjustmentDate: null,
  openAdjustmentNumber: null,
};

describe('price monitoring report', () => {
  it('shows the report rows from monitoringReportPage', async () => {
    const provider = createFakeProvider({
      findDic: vi.fn(async () => ({ SML_RAW_MATERIAL: [{ lookupCode: 'AL', meaning: '铝' }] })),
      callAction: vi.fn(async () => ({
        // No series: a chart would load G2Plot, which needs a Worker that happy-dom has not (an
        // unhandled rejection in the shared test window); the chart is checked in the browser harness.
        data: { series: [], rows: [row] },
        msg: '',
      })),
    });
    renderWithApp(<SmlMonitoringReport />, { provider });
    expect(await screen.findByText('6.345784')).toBeTruthy();
    expect(screen.getByText('7.84')).toBeTruthy();
    // Rates and prices by the number rule: no zeros padded to their scale (0.3000, 18500.000000).
    expect(screen.getByText('0.3')).toBeTruthy();
    expect(screen.getByText('18500')).toBeTruthy();
    expect(screen.getByText('6.2')).toBeTruthy();
    expect(screen.queryByText('0.3000')).toBeNull();
    expect(provider.callAction).toHaveBeenCalledWith(expect.anything(), 'monitoringReportPage', {});
  });
});
