/**
 * The supplier trade gate's contract (DOMAIN.md §1.11 "Only QUALIFIED sites may receive orders, RFQs
 * or tenders for approved categories"): what other domains import. The implementation stays in
 * this folder and is provided through DomainRegistries.services.
 */
import type { SqlExecutor } from '../../../db/sqlExecutor';
import type { DomainServiceKey } from '../../../platform/domainServices';

/** Why the buyer deals with the supplier: a sample order may go to a POTENTIAL supplier and site. */
export type TradePurpose = 'ORDER' | 'SAMPLE_ORDER' | 'INQUIRY' | 'TENDER';

export interface TradeRequest {
  supplierId: number;
  /** The document's organisation; the supplier's site is the one at it or at an organisation above it. */
  orgId: number | null;
  /** The receiving inventory organisation: the site is looked up from here first, and the ASL row must be for it. */
  invOrgId?: number | null;
  /** A site the document names: then that site (of this supplier) is the one checked. */
  supplierSiteId?: number | null;
  categoryIds: number[];
  /** Items traded; their categories are checked too, and an ASL row may name the item instead of its category. */
  itemIds: number[];
  purpose: TradePurpose;
}

export interface SupplierTradeGate {
  /**
   * Throws 409 (CN/EN message naming the supplier, site or category and why) when the supplier may
   * not trade for the purpose; run inside the caller's transaction so it reads what the caller writes.
   */
  checkSupplierMayTrade(tx: SqlExecutor, request: TradeRequest): Promise<void>;
  /**
   * Whether the supplier may be put on the approved supplier list for an inventory organisation:
   * the supplier and its site serving it QUALIFIED or POTENTIAL (409 otherwise). Returns the site's id.
   */
  checkSupplierMayBeListed(tx: SqlExecutor, request: ListingRequest): Promise<number>;
}

export interface ListingRequest {
  supplierId: number;
  supplierSiteId?: number | null;
  invOrgId: number | null;
}

export const SUPPLIER_TRADE_GATE: DomainServiceKey<SupplierTradeGate> = { name: 'supplierTradeGate' };
