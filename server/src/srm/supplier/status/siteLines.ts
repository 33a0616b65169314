import type { Row } from '../../../db/sqlExecutor';
import type { RecordValues, SaveDraft } from '../../../hooks/recordHooks';
import { declaredError } from '../../../http/declaredErrors';
import { SITE, type SupplierStatusStore } from './supplierStatusStore';

export interface SiteLineRule {
  /** The header's child holding the site lines. */
  child: string;
  /** The line has a locationId to fill. */
  withLocation: boolean;
  /** statusAfter of a line from the header and the site's present state, when the line has one. */
  statusAfter?: (header: RecordValues, statusBefore: string) => string;
}

/** The header's values as they will be: the stored record under the draft's values. */
export async function headerAsSaved(store: SupplierStatusStore, draft: SaveDraft): Promise<RecordValues> {
  if (draft.creating || draft.id === undefined) return draft.values;
  const stored = await store.one(draft.tx, draft.entity.name, draft.id);
  return { ...(stored ?? {}), ...draft.values };
}

/**
 * The server does not trust a site line's copied values: every line's site must belong to the
 * header's supplier (400 otherwise), and its organisation, location and statusBefore (the site's
 * present state) are read from the master; statusAfter follows from the header.
 */
export async function fillSiteLines(store: SupplierStatusStore, draft: SaveDraft, rule: SiteLineRule): Promise<void> {
  const lines = draft.children[rule.child];
  if (!lines?.length) return;
  const header = await headerAsSaved(store, draft);
  const supplierId = Number(header.supplierId);
  for (const line of lines) {
    if (line.siteId === undefined || line.siteId === null) continue;
    const site: Row | undefined = await store.one(draft.tx, SITE, Number(line.siteId));
    if (!site || Number(site.supplierId) !== supplierId)
      throw declaredError('supplier.siteNotOfSupplier', {}, [
        { field: `${rule.child}.siteId`, message: 'not a site of the supplier' },
      ]);
    line.orgId = site.orgId;
    if (rule.withLocation) line.locationId = site.locationId ?? null;
    line.statusBefore = site.siteStatus;
    if (rule.statusAfter) line.statusAfter = rule.statusAfter(header, String(site.siteStatus));
  }
}
