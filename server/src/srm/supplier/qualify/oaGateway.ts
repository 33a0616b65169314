import type { SqlExecutor } from '../../../db/sqlExecutor';
import { ApiError } from '../../../http/apiError';
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
 * The office-automation system behind one interface. Every provider records what it sent in the
 * OA outbox table (srmSlcOaOutbox, on the admin's "OA outbox" screen) within the caller's
 * transaction; a provider that cannot deliver throws, and nothing is recorded or flagged.
 */
export interface OaGateway {
  writeSupplier(tx: SqlExecutor, message: OaSupplierMessage, ctx: ResourceContext): Promise<number>;
}

async function record(
  store: QualifyGateStore,
  tx: SqlExecutor,
  m: OaSupplierMessage,
  provider: string,
  sendStatus: string,
  response: string | null,
  ctx: ResourceContext,
): Promise<number> {
  return store.writer.insert(
    tx,
    store.model(OUTBOX),
    {
      qualifyHeaderId: m.qualifyHeaderId,
      supplierId: m.supplierId,
      provider,
      payload: JSON.stringify(m),
      sendStatus,
      response,
      sentDate: formatDateTime(),
    },
    ctx,
  );
}

/** The local provider (no OA configured): the message is kept in the outbox, status STORED, for an OA to collect. */
export class LocalOaGateway implements OaGateway {
  constructor(private readonly store: QualifyGateStore) {}

  writeSupplier(tx: SqlExecutor, message: OaSupplierMessage, ctx: ResourceContext): Promise<number> {
    return record(this.store, tx, message, 'LOCAL', 'STORED', null, ctx);
  }
}

/** A real OA endpoint (OA_SUPPLIER_URL): the message is POSTed as JSON; a 2xx answer is recorded SENT with its body, anything else is a 502. */
export class HttpOaGateway implements OaGateway {
  constructor(
    private readonly store: QualifyGateStore,
    private readonly url: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async writeSupplier(tx: SqlExecutor, message: OaSupplierMessage, ctx: ResourceContext): Promise<number> {
    let status = 0;
    let body: string;
    try {
      const res = await fetch(this.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = res.status;
      body = (await res.text()).slice(0, 4000);
    } catch (e) {
      body = e instanceof Error ? e.message : String(e);
    }
    if (status < 200 || status >= 300)
      throw new ApiError(502, {
        cn: `OA系统未接收供应商信息（${status || '无应答'}）`,
        en: `The OA system did not accept the supplier (${status || 'no answer'}): ${body.slice(0, 200)}`,
      });
    return record(this.store, tx, message, 'HTTP', 'SENT', body, ctx);
  }
}

export function oaGatewayFor(store: QualifyGateStore, url: string | undefined): OaGateway {
  return url ? new HttpOaGateway(store, url) : new LocalOaGateway(store);
}
