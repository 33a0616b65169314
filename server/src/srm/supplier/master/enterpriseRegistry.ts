/**
 * Enterprise (business-registration) lookup by unified social credit code, for qxbInfo (DOMAIN.md
 * §1.1: the record the 启信宝 / Qixinbao credit service returns for the USCC).
 *
 * `EnterpriseRegistry` is the interface; two providers implement it:
 * - `LocalEnterpriseRegistry` (the default, no network): the records held in
 *   srmSlcEnterpriseRegistry, which an administrator maintains (slcEnterpriseRegistryList) and a
 *   remote lookup fills;
 * - `RemoteEnterpriseRegistry`: the credit service over HTTPS, switched on by configuration
 *   (ENTERPRISE_REGISTRY_URL, off by default). It answers from the held record when there is one
 *   and otherwise asks the service and stores the answer (dataSource QIXINBAO), so each USCC is
 *   fetched once and the result is kept.
 */
import type { SqlExecutor } from '../../../db/sqlExecutor';
import { ApiError } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import { systemContext } from '../../../resource/context';
import { translateDbError } from '../../../resource/dbErrors';
import { formatDateTime } from '../../../util/time';
import { REGISTRY, type MasterStore } from './masterStore';

export interface EnterpriseRecord {
  enterpriseRegistryId?: number;
  unifiedSocialCreditCode: string;
  enterpriseName: string;
  legalRepresentative?: string | null;
  enterpriseType?: string | null;
  enterpriseStatus: string;
  registeredCapital?: string | null;
  capitalCurrency?: string | null;
  establishDate?: string | null;
  businessTermFrom?: string | null;
  businessTermTo?: string | null;
  registrationAuthority?: string | null;
  registeredAddress?: string | null;
  businessScope?: string | null;
  dataSource: string;
  fetchedDate?: string | null;
}

export interface EnterpriseRegistry {
  /** The registration record of the USCC, or null when none is held (or the service knows none). */
  lookup(unifiedSocialCreditCode: string): Promise<EnterpriseRecord | null>;
}

export class LocalEnterpriseRegistry implements EnterpriseRegistry {
  constructor(private readonly store: MasterStore) {}

  async lookup(uscc: string, tx?: SqlExecutor): Promise<EnterpriseRecord | null> {
    const { t, c } = this.store.sql;
    // The key and the record's own fields (not the audit columns).
    const model = this.store.model(REGISTRY);
    const own = model.fields.filter((f) => !f.system && f.name !== model.primaryKey).map((f) => f.name);
    const fields = [model.primaryKey, ...own];
    const rows = await (tx ?? this.store.db).select(
      `SELECT ${fields.map((f) => `${c(REGISTRY, f)} AS ${f}`).join(', ')} FROM ${t(REGISTRY)} WHERE UPPER(${c(REGISTRY, 'unifiedSocialCreditCode')}) = ?`,
      [uscc.trim().toUpperCase()],
    );
    const row = rows[0];
    if (!row) return null;
    const out: Record<string, unknown> = { ...row, enterpriseRegistryId: Number(row.enterpriseRegistryId) };
    if (out.registeredCapital !== null) out.registeredCapital = String(out.registeredCapital);
    return out as unknown as EnterpriseRecord;
  }

  /** Keeps a record a remote service returned; a concurrent lookup that stored it first wins. */
  async keep(record: EnterpriseRecord): Promise<EnterpriseRecord> {
    const model = this.store.model(REGISTRY);
    try {
      await this.store.db.transaction((tx) =>
        this.store.writer.insert(tx, model, { ...record, fetchedDate: formatDateTime() }, systemContext()),
      );
    } catch (e) {
      const translated = translateDbError(e);
      if (!(translated instanceof ApiError && translated.httpStatus === 409)) throw e;
    }
    return (await this.lookup(record.unifiedSocialCreditCode))!;
  }
}

/** The service's status text (登记状态) → enterpriseStatus, the first word found deciding. */
const STATUS_WORDS = [
  ['注销', 'CANCELLED'],
  ['吊销', 'REVOKED'],
  ['在业', 'IN_BUSINESS'],
  ['存续', 'EXISTING'],
] as const;

/** The service's answer fields (the 工商照面 names of the Qixinbao open API) mapped onto the record. */
export function recordFromService(uscc: string, data: Record<string, unknown>): EnterpriseRecord | null {
  const s = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const name = s(data.name);
  if (!name) return null;
  const capital = s(data.regist_capi)?.match(/[\d.]+/)?.[0];
  const status = s(data.status) ?? '';
  const date = (v: unknown) => s(v)?.match(/^\d{4}-\d{2}-\d{2}/)?.[0] ?? null;
  return {
    unifiedSocialCreditCode: (s(data.credit_no) ?? uscc).toUpperCase(),
    enterpriseName: name,
    legalRepresentative: s(data.oper_name),
    enterpriseType: s(data.econ_kind),
    enterpriseStatus: STATUS_WORDS.find(([word]) => status.includes(word))?.[1] ?? 'OTHER',
    // regist_capi is given in 万元 ("1000万人民币"): stored in yuan.
    registeredCapital: capital ? (Number(capital) * 10000).toFixed(2) : null,
    capitalCurrency: /美元/.test(s(data.regist_capi) ?? '') ? 'USD' : 'CNY',
    establishDate: date(data.start_date),
    businessTermFrom: date(data.term_start),
    businessTermTo: date(data.term_end),
    registrationAuthority: s(data.belong_org),
    registeredAddress: s(data.address),
    businessScope: s(data.scope),
    dataSource: 'QIXINBAO',
  };
}

export class RemoteEnterpriseRegistry implements EnterpriseRegistry {
  constructor(
    private readonly local: LocalEnterpriseRegistry,
    private readonly url: string,
    private readonly appKey: string,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  async lookup(uscc: string): Promise<EnterpriseRecord | null> {
    const held = await this.local.lookup(uscc);
    if (held) return held;
    const target = new URL(this.url);
    target.searchParams.set('appkey', this.appKey);
    target.searchParams.set('keyword', uscc);
    let answer: { status?: string | number; data?: Record<string, unknown> };
    try {
      const response = await this.fetcher(target, { signal: AbortSignal.timeout(10000) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      answer = (await response.json()) as typeof answer;
    } catch (e) {
      throw declaredError('supplier.enterpriseRegistryDown', { reason: (e as Error).message });
    }
    const record = answer.data && recordFromService(uscc, answer.data);
    return record ? this.local.keep(record) : null;
  }
}

/** The configured provider: the local records unless ENTERPRISE_REGISTRY_URL names the service. */
export function enterpriseRegistryFor(store: MasterStore, env: NodeJS.ProcessEnv = process.env): EnterpriseRegistry {
  const local = new LocalEnterpriseRegistry(store);
  const url = env.ENTERPRISE_REGISTRY_URL?.trim();
  if (!url) return local;
  return new RemoteEnterpriseRegistry(local, url, env.ENTERPRISE_REGISTRY_APP_KEY ?? '');
}
