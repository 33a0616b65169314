/**
 * The trade gate (DOMAIN.md §1.11, §5.8): whether a supplier may receive an order, a sample order,
 * an RFQ or a tender from an organisation for some categories and items. Refusals are 409 — the
 * request conflicts with the supplier's current state, which another document (daily management,
 * exit, blacklist, qualification, ASL) changes — with a message naming the supplier and the reason.
 */
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import type { I18nText } from '@meridian/metadata';
import { declaredError, declaredText } from '../../../http/declaredErrors';
import type { PlatformRows } from '../../../lifecycle/platformRows';
import type { ListingRequest, SupplierTradeGate, TradePurpose, TradeRequest } from './contract';

const SUPPLIER = 'srmSlcSupplierInfo';
const SITE = 'srmSlcSupplierSite';
const SCOPE = 'srmSlcSupplierCategory';
const CATEGORY = 'srmBaseCategory';
const ORG = 'baseOrganization';

/** The supplier states as the refusals name them, within a sentence (lower case in English). */
const STATE_WORDS: Record<string, () => I18nText> = {
  REGISTERING: () => declaredText('supplier.gateStateRegistering'),
  REGISTERED: () => declaredText('supplier.gateStateRegistered'),
  POTENTIAL: () => declaredText('supplier.gateStatePotential'),
  QUALIFIED: () => declaredText('supplier.gateStateQualified'),
  FROZEN: () => declaredText('supplier.gateStateFrozen'),
  QUIT: () => declaredText('supplier.gateStateQuit'),
  BLACKLIST: () => declaredText('supplier.gateStateBlacklist'),
};
/** A state's words; none for no state, an unknown code as it is. */
function stateWords(state: unknown): I18nText {
  if (state === null || state === undefined) return declaredText('supplier.gateStateNone');
  return Object.hasOwn(STATE_WORDS, String(state))
    ? STATE_WORDS[String(state)]()
    : { cn: String(state), en: String(state) };
}
const toStateText = ({ cn: stateCn, en: stateEn }: I18nText) => ({ stateCn, stateEn });
const statusText = (s: unknown) => toStateText(stateWords(s));
/** What the supplier may not do, as the refusals say it ("cannot receive purchase orders"). */
function purposeWords(purpose: TradePurpose): I18nText {
  if (purpose === 'SAMPLE_ORDER') return declaredText('supplier.gateDoSampleOrder');
  if (purpose === 'INQUIRY') return declaredText('supplier.gateDoInquiry');
  if (purpose === 'TENDER') return declaredText('supplier.gateDoTender');
  return declaredText('supplier.gateDoOrder');
}
const LISTABLE = ['QUALIFIED', 'POTENTIAL'];

/** Sample orders may go to POTENTIAL suppliers and sites (DOMAIN §1.11 decision); the rest need QUALIFIED. */
function acceptedStates(purpose: TradePurpose): string[] {
  return purpose === 'SAMPLE_ORDER' ? ['QUALIFIED', 'POTENTIAL'] : ['QUALIFIED'];
}

/** What every refusal of the gate names (supplier.gate… messages): the supplier, and what it may not do. */
type Who = Record<string, string>;

const whoOf = (supplier: Row, purpose: I18nText): Who => ({
  supplierName: String(supplier.supplierName),
  supplierCode: String(supplier.supplierCode),
  doCn: purpose.cn,
  doEn: purpose.en,
});

/** A category as the refusals name it. */
const names = (cat: Row) => ({ categoryCode: String(cat.categoryCode), categoryName: String(cat.categoryName) });

/** The gate reads supplier and site states, qualified categories and ASL rows by field names (PlatformRows). */
export class SupplierGate implements SupplierTradeGate {
  constructor(private readonly rows: PlatformRows) {}

  async checkSupplierMayTrade(tx: SqlExecutor, request: TradeRequest): Promise<void> {
    const accepted = acceptedStates(request.purpose);
    const { who, site } = await this.supplierAndSite(tx, request, purposeWords(request.purpose), accepted);
    const { categories, itemsOf } = await this.categoriesOf(tx, request);
    await this.checkCategories(tx, request, Number(site.siteId), categories, who);
    if (request.purpose !== 'SAMPLE_ORDER') await this.checkAsl(tx, request, categories, itemsOf, who);
  }

  async checkSupplierMayBeListed(tx: SqlExecutor, request: ListingRequest): Promise<number> {
    const { site } = await this.supplierAndSite(
      tx,
      { ...request, orgId: null },
      declaredText('supplier.gateDoListing'),
      LISTABLE,
    );
    return Number(site.siteId);
  }

  /** The supplier and the site that serves the request, each in one of the `accepted` states (409 otherwise). */
  private async supplierAndSite(
    tx: SqlExecutor,
    request: Pick<TradeRequest, 'supplierId' | 'supplierSiteId' | 'orgId' | 'invOrgId'>,
    purpose: I18nText,
    accepted: string[],
  ): Promise<{ who: Who; site: Row }> {
    const supplier = await this.rows.one(tx, SUPPLIER, ['supplierCode', 'supplierName', 'supplierStatus'], {
      supplierId: request.supplierId,
    });
    if (!supplier)
      throw declaredError('supplier.gateUnknownSupplier', {}, [{ field: 'supplierId', message: 'unknown' }]);
    const who = whoOf(supplier, purpose);
    if (!accepted.includes(String(supplier.supplierStatus)))
      throw declaredError('supplier.gateSupplierState', { ...who, ...statusText(supplier.supplierStatus) });
    const site = await this.site(tx, request, who);
    if (!accepted.includes(String(site.siteStatus)))
      throw declaredError('supplier.gateSiteState', {
        ...who,
        siteName: String(site.siteName),
        ...statusText(site.siteStatus),
      });
    return { who, site };
  }

  /** The named site (it must be the supplier's), else the site at the nearest organisation above the inventory org / org. */
  private async site(
    tx: SqlExecutor,
    request: Pick<TradeRequest, 'supplierId' | 'supplierSiteId' | 'orgId' | 'invOrgId'>,
    who: Who,
  ): Promise<Row> {
    const fields = ['siteId', 'siteName', 'orgId', 'siteStatus'];
    const sites = await this.rows.select(tx, SITE, fields, { supplierId: request.supplierId }, { orderBy: ['siteId'] });
    if (request.supplierSiteId) {
      const named = sites.find((s) => Number(s.siteId) === Number(request.supplierSiteId));
      if (!named) throw declaredError('supplier.gateSiteNotOurs', who);
      return named;
    }
    const chain = [...(await this.orgChain(tx, request.invOrgId)), ...(await this.orgChain(tx, request.orgId))];
    for (const orgId of chain) {
      const found = sites.find((s) => Number(s.orgId) === orgId);
      if (found) return found;
    }
    const orgId = request.invOrgId ?? request.orgId;
    const org = (await this.rows.one(tx, ORG, ['orgName'], { orgId: orgId ?? -1 }))?.orgName ?? orgId ?? '-';
    throw declaredError('supplier.gateNoSite', { ...who, org: String(org) });
  }

  /** The organisation and its ancestors, nearest first (a site at the operating unit serves its plants). */
  private async orgChain(tx: SqlExecutor, orgId: number | null | undefined): Promise<number[]> {
    const chain: number[] = [];
    for (let id = orgId ?? null; id !== null && !chain.includes(id) && chain.length < 20;) {
      chain.push(id);
      const parent = (await this.rows.one(tx, ORG, ['parentOrgId'], { orgId: id }))?.parentOrgId;
      id = parent === null || parent === undefined ? null : Number(parent);
    }
    return chain;
  }

  /** The requested categories, those of the items, and their ancestors (a qualification of a parent covers its children). */
  private async categoriesOf(tx: SqlExecutor, request: TradeRequest) {
    const items = await this.rows.select(tx, 'srmBaseMaterialItem', ['itemId', 'categoryId'], {
      itemId: [...new Set(request.itemIds)],
    });
    const itemsOf = new Map<number, number[]>();
    for (const { itemId, categoryId } of items)
      if (categoryId !== null)
        itemsOf.set(Number(categoryId), [...(itemsOf.get(Number(categoryId)) ?? []), Number(itemId)]);
    const wanted = [...new Set([...request.categoryIds, ...itemsOf.keys()])];
    const categories = new Map<number, Row>();
    const fields = ['categoryId', 'categoryCode', 'categoryName', 'parentCategoryId', 'aslControlFlag'];
    for (let ids = wanted; ids.length;) {
      const rows = await this.rows.select(tx, CATEGORY, fields, { categoryId: ids });
      rows.forEach((r) =>
        categories.set(Number(r.categoryId), { ...r, requested: wanted.includes(Number(r.categoryId)) }),
      );
      ids = rows
        .map((r) => r.parentCategoryId)
        .filter((p) => p !== null && !categories.has(Number(p)))
        .map(Number);
    }
    return { categories, itemsOf };
  }

  private ancestors(categories: Map<number, Row>, id: number): number[] {
    const out: number[] = [];
    for (let at: number | undefined = id; at !== undefined && !out.includes(at);) {
      out.push(at);
      const parent: unknown = categories.get(at)?.parentCategoryId;
      at = parent === null || parent === undefined ? undefined : Number(parent);
    }
    return out;
  }

  private async checkCategories(
    tx: SqlExecutor,
    request: TradeRequest,
    siteId: number,
    categories: Map<number, Row>,
    who: Who,
  ): Promise<void> {
    const accepted = acceptedStates(request.purpose);
    // The supplier's category statuses for the site: rows of the site, and rows bound to no site.
    const statuses = (
      await this.rows.select(tx, SCOPE, ['categoryId', 'categoryStatus', 'siteId'], { supplierId: request.supplierId })
    ).filter((s) => s.siteId === null || Number(s.siteId) === siteId);
    const ok = new Set(
      statuses.filter((s) => accepted.includes(String(s.categoryStatus))).map((s) => Number(s.categoryId)),
    );
    for (const [id, cat] of categories) {
      if (!cat.requested || this.ancestors(categories, id).some((a) => ok.has(a))) continue;
      const found = statuses.find((s) => Number(s.categoryId) === id);
      const state = found
        ? statusText(found.categoryStatus)
        : toStateText(declaredText('supplier.gateStateNotIntroduced'));
      throw declaredError('supplier.gateCategoryNotQualified', { ...names(cat), ...who, ...state });
    }
  }

  /** A category under ASL control needs an APPROVED ASL row for the category, or for each of its items. */
  private async checkAsl(
    tx: SqlExecutor,
    request: TradeRequest,
    categories: Map<number, Row>,
    itemsOf: Map<number, number[]>,
    who: Who,
  ): Promise<void> {
    const controlled = [...categories].filter(([, c]) => c.requested && c.aslControlFlag === 'Y');
    if (!controlled.length) return;
    // APPROVED ASL rows of the supplier, for the receiving inventory organisation when there is one.
    const where: Record<string, number | string> = { supplierId: request.supplierId, aslStatus: 'APPROVED' };
    if (request.invOrgId !== null && request.invOrgId !== undefined) where.invOrgId = request.invOrgId;
    const rows = await this.rows.select(tx, 'srmPurAslList', ['categoryId', 'itemId'], where);
    const forCategory = (id: number) => rows.some((r) => Number(r.categoryId) === id && r.itemId === null);
    const forItem = (id: number) => rows.some((r) => r.itemId !== null && Number(r.itemId) === id);
    for (const [id, cat] of controlled) {
      const items = itemsOf.get(id) ?? [];
      const covered = forCategory(id) || (items.length > 0 && items.every(forItem));
      if (!covered) throw declaredError('supplier.gateCategoryNoAsl', { ...names(cat), ...who });
    }
  }
}
