import type { SqlExecutor } from '../../../db/sqlExecutor';
import { declaredError } from '../../../http/declaredErrors';
import type { ResourceContext } from '../../../resource/context';
import { formatDateTime } from '../../../util/time';
import type { QualifyGateStore } from './qualifyGateStore';

export const OUTBOX = 'srmSlcOaOutbox';

/** The supplier as the OA system receives it (doOAWriteSupplierInfo). */
export interface OaSupplierMessage {
  qualifyHeaderId: number;
  qualifyNumber: string;
  supplierId: number;
  supplier: Record<string, unknown>;
  sites: Record<string, unknown>[];
  categories: Record<string, unknown>[];
}

/**
 * The supplier to the office-automation system, recorded in the OA outbox table (srmSlcOaOutbox, on
 * the admin's "OA outbox" screen) within the caller's transaction; answers the outbox row's id.
 * Without an OA endpoint (OA_SUPPLIER_URL unset) the message is only kept there, provider LOCAL and
 * status STORED, for an OA to collect. With one, it is POSTed as JSON: a 2xx answer is recorded
 * HTTP/SENT with its body; anything else is a 502, and nothing is recorded or flagged.
 */
export async function writeSupplierToOa(
  store: QualifyGateStore,
  url: string | undefined,
  tx: SqlExecutor,
  m: OaSupplierMessage,
  ctx: ResourceContext,
): Promise<number> {
  const response = url ? await postToOa(url, m) : null;
  const sent = url ? { provider: 'HTTP', sendStatus: 'SENT' } : { provider: 'LOCAL', sendStatus: 'STORED' };
  const row = { qualifyHeaderId: m.qualifyHeaderId, supplierId: m.supplierId, payload: JSON.stringify(m), response };
  return store.writer.insert(tx, store.model(OUTBOX), { ...row, ...sent, sentDate: formatDateTime() }, ctx);
}

/** The OA endpoint's answer to the message (its first 4000 characters), or a 502 when it does not accept it. */
async function postToOa(url: string, message: OaSupplierMessage, timeoutMs = 10_000): Promise<string> {
  let status = 0;
  let body: string;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = res.status;
    body = (await res.text()).slice(0, 4000);
  } catch (e) {
    body = e instanceof Error ? e.message : String(e);
  }
  if (status < 200 || status >= 300) {
    const answer = { statusCn: status || '无应答', statusEn: status || 'no answer', answer: body.slice(0, 200) };
    throw declaredError('qualify.oaRefused', answer);
  }
  return body;
}
