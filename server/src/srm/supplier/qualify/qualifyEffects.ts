import type { Row } from '../../../db/sqlExecutor';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { formatDateTime } from '../../../util/time';
import { ASL, M_CATEGORY, M_SITE, Q_CATEGORY, Q_NODE, Q_SITE, QUALIFY, QualifyGateStore } from './qualifyGateStore';
import type { SystemTransitions } from '../../../lifecycle/transitionHandlers';
import { settleQualifyNode, type QualifyNodeDeps } from './qualifyNodes';

const formatDate = () => formatDateTime().slice(0, 10);

/** States a qualification may move on (DOMAIN 1.11): frozen, exited and blacklisted ones keep theirs. */
const PROMOTABLE = ['REGISTERED', 'POTENTIAL', 'QUALIFIED'];

/**
 * doQualifyApproval (DOMAIN 1.5): every site of the review gets its master site (a new one starts
 * POTENTIAL, a REGISTERED one becomes POTENTIAL), each site × reviewed category its supply-scope
 * row (POTENTIAL), and node QUALIFICATION passes through the node contract — which completes the
 * review at once when it is the only required node. The supplier's REGISTERED → POTENTIAL is a
 * declared effect of the approval (slcQualify.json), run before this; a site's is its lifecycle's
 * doPotential (slcSupplierSiteStatus), its history naming the qualification.
 */
export async function approveGate(run: TransitionRun, deps: QualifyNodeDeps): Promise<void> {
  const store = new QualifyGateStore(deps.registry, deps.db, deps.hooks);
  const { tx, ctx, id } = run;
  const supplierId = Number(run.record.supplierId);
  const categories = await store.linesOf(tx, Q_CATEGORY, id);
  for (const site of await store.linesOf(tx, Q_SITE, id)) {
    const siteId = await masterSiteFor(store, run, supplierId, site, deps.lifecycles);
    for (const cat of categories) {
      if ((await store.rowsWhere(tx, M_CATEGORY, { siteId, categoryId: Number(cat.categoryId) })).length) continue;
      await store.writer.insert(
        tx,
        store.model(M_CATEGORY),
        { supplierId, siteId, categoryId: Number(cat.categoryId), categoryStatus: 'POTENTIAL', qualifyHeaderId: id },
        ctx,
      );
    }
  }
  const nodes = await store.linesOf(tx, Q_NODE, id);
  if (!nodes.some((n) => n.nodeCode === 'QUALIFICATION'))
    await store.writer.insert(
      tx,
      store.model(Q_NODE),
      { qualifyHeaderId: id, nodeCode: 'QUALIFICATION', seqNum: 0, requiredFlag: 'Y', nodeStatus: 'PENDING' },
      ctx,
    );
  await settleQualifyNode(tx, deps, {
    qualifyHeaderId: id,
    nodeCode: 'QUALIFICATION',
    passed: true,
    sourceDocType: QUALIFY,
    sourceDocId: id,
    userId: ctx.userId,
  });
}

/** The review site's master site: linked by siteId, else the supplier's site at the same organisation, else a new POTENTIAL one. */
async function masterSiteFor(
  store: QualifyGateStore,
  run: TransitionRun,
  supplierId: number,
  site: Row,
  lifecycles: SystemTransitions,
): Promise<number> {
  const { tx, ctx } = run;
  let [master] = await store.rowsWhere(tx, M_SITE, { supplierId, orgId: Number(site.orgId) });
  if (!master) {
    const siteId = await store.writer.insert(
      tx,
      store.model(M_SITE),
      {
        supplierId,
        siteName: site.siteName,
        orgId: Number(site.orgId),
        siteStatus: 'POTENTIAL',
        purchaseFlag: 'Y',
        payFlag: 'Y',
        currencyCode: 'CNY',
        effectiveDate: formatDate(),
      },
      ctx,
    );
    master = { siteId, siteStatus: 'POTENTIAL' };
  } else if (master.siteStatus === 'REGISTERED') {
    await lifecycles.runAsEffectOf(run, store.model(M_SITE), 'doPotential', Number(master.siteId));
    master.siteStatus = 'POTENTIAL';
  }
  await store.setFields(
    tx,
    Q_SITE,
    Number(site.qualifySiteId),
    { siteId: Number(master.siteId), siteStatus: String(master.siteStatus) },
    ctx,
  );
  return Number(master.siteId);
}

/**
 * doQualifyComplete (the system transition when every required node has passed): the review's
 * sites (their lifecycle's doQualify, history naming the qualification) and their reviewed
 * categories become QUALIFIED, and one APPROVED srmPurAslList row per supplier × category ×
 * inventory organisation of each site's unit. The supplier's move is a declared effect
 * (slcQualify.json), run before this.
 */
export async function completeGate(run: TransitionRun, deps: QualifyNodeDeps): Promise<void> {
  const store = new QualifyGateStore(deps.registry, deps.db, deps.hooks);
  const { tx, ctx, id } = run;
  const supplierId = Number(run.record.supplierId);
  const today = formatDate();
  const categories = await store.linesOf(tx, Q_CATEGORY, id);
  for (const site of await store.linesOf(tx, Q_SITE, id)) {
    const [master] = await store.rowsWhere(tx, M_SITE, { supplierId, orgId: Number(site.orgId) });
    if (!master || !PROMOTABLE.includes(String(master.siteStatus))) continue;
    const siteId = Number(master.siteId);
    if (master.siteStatus !== 'QUALIFIED')
      await deps.lifecycles.runAsEffectOf(run, store.model(M_SITE), 'doQualify', siteId);
    await store.setFields(tx, Q_SITE, Number(site.qualifySiteId), { siteStatus: 'QUALIFIED' }, ctx);
    for (const cat of categories) {
      const categoryId = Number(cat.categoryId);
      const [scope] = await store.rowsWhere(tx, M_CATEGORY, { siteId, categoryId });
      if (scope)
        await store.setFields(tx, M_CATEGORY, Number(scope.supplierCategoryId), { categoryStatus: 'QUALIFIED' }, ctx);
      else
        await store.writer.insert(
          tx,
          store.model(M_CATEGORY),
          { supplierId, siteId, categoryId, categoryStatus: 'QUALIFIED', qualifyHeaderId: id },
          ctx,
        );
      for (const invOrgId of await store.invOrgsOf(tx, Number(site.orgId))) {
        const [asl] = await store.rowsWhere(tx, ASL, { supplierId, categoryId, invOrgId, itemId: null });
        if (asl)
          await store.setFields(tx, ASL, Number(asl.aslId), { aslStatus: 'APPROVED', sourceQualifyHeaderId: id }, ctx);
        else
          await store.writer.insert(
            tx,
            store.model(ASL),
            {
              supplierId,
              supplierSiteId: siteId,
              categoryId,
              invOrgId,
              aslStatus: 'APPROVED',
              primaryFlag: 'N',
              effectiveDate: today,
              sourceQualifyHeaderId: id,
            },
            ctx,
          );
      }
    }
  }
  // currentNodeCode cleared and completeDate are declared effects (slcQualify.json); the result is computed.
  const result = run.record.qualifyResult ? String(run.record.qualifyResult) : 'PASS';
  await store.setFields(tx, QUALIFY, id, { qualifyResult: result === 'FAIL' ? 'PASS' : result }, ctx);
}
