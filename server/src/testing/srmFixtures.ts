import type { TestServer } from './testServer';

/**
 * Request bodies over the demo seeds (seeds/demo): organisations 2 (company) and 5 (plant), user 2
 * (buyer01), categories 2/3, items 1/2. Requisition 1 is DRAFT (lines 1, 2), 2 is SUBMITTED
 * (lines 3-5), 3 is APPROVED (lines 6, 7). Exchange rates 1-11 are VALID/INVALID, 12-14 NEW.
 */
export const REQ = 'srmPurRequisitionHeaderRestful';
export const LINE = 'srmPurRequisitionLineRestful';
export const RATE = 'srmBaseExchangeRateRestful';
export const REQ_TABLE = 'srm_pur_requisition_header';
export const LINE_TABLE = 'srm_pur_requisition_line';
export const RATE_TABLE = 'srm_base_exchange_rate';

export type Body = Record<string, unknown>;

export function lineBody(lineNum: number, overrides: Body = {}): Body {
  return {
    lineNum,
    itemId: 1,
    itemCode: '1001000012',
    itemName: 'Screw M3x8',
    categoryId: 2,
    uomCode: 'PCS',
    quantity: '100',
    estimatedPrice: '0.085',
    needByDate: '2026-12-10',
    ...overrides,
  };
}

export function requisitionBody(overrides: Body = {}, lines: Body[] | undefined = [lineBody(1)]): Body {
  return {
    requisitionType: 'PRODUCTION',
    orgId: 2,
    invOrgId: 5,
    deptId: 9,
    requesterId: 2,
    requisitionDate: '2026-11-22',
    currencyCode: 'CNY',
    urgentFlag: 'N',
    description: 'integration test',
    ...(lines ? { lines } : {}),
    ...overrides,
  };
}

export function rateBody(overrides: Body = {}): Body {
  return {
    fromCurrency: 'GBP',
    toCurrency: 'CNY',
    rateType: 'SPOT',
    rate: '9.12345678',
    rateDate: '2026-11-21',
    validFrom: '2026-11-21',
    validTo: '2026-11-21',
    ...overrides,
  };
}

/** Creates a requisition through the API and returns the saved record (with lines); throws on failure. */
export async function createRequisition(
  server: TestServer,
  overrides: Body = {},
  lines?: Body[],
): Promise<Body & { requisitionHeaderId: number; versionNum: number; lines: Body[] }> {
  const answer = await server.call('srmServer', REQ, 'saveOrUpdate', requisitionBody(overrides, lines));
  if (answer.status !== 200) throw new Error(`create requisition: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}
