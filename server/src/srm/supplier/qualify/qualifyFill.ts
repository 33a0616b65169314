import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import type { ResourceContext } from '../../../resource/context';
import { jsonList } from '../../../util/jsonList';
import { M_SITE, Q_CATEGORY, Q_NODE, Q_REQUIRE, Q_SITE, QualifyGateStore, SUPPLIER } from './qualifyGateStore';

const REQUIRE = 'srmSlcQualificationRequire';
const SCENE = 'srmSlcIntroduceScene';
const CREDENTIAL = 'srmSlcSupplierCredential';
const REQUIRE_FIELDS = [
  'qualificationRequireId',
  'requireName',
  'credentialType',
  'mandatoryFlag',
  'supplierType',
  'categoryId',
];

export interface NodeConfigEntry {
  nodeCode: string;
  requiredFlag: string;
}

/** A scene's nodeConfig as stored (JSON text or already parsed); [] when absent or not a list. */
export function nodeConfigOf(value: unknown): NodeConfigEntry[] {
  return jsonList(value).map((item) => {
    const e = item as Record<string, unknown> | null | undefined;
    return { nodeCode: String(e?.nodeCode ?? ''), requiredFlag: e?.requiredFlag === 'N' ? 'N' : 'Y' };
  });
}

/**
 * getQualifyInfo on an editable review (DOMAIN 1.5): the requirement lines from the VALID
 * requirements for the supplier's type and the review's categories (each with the supplier's
 * newest credential of that type), the node lines from the scene's nodeConfig, and a site line
 * for every master site of the supplier not listed yet. Lines the reviewer filled in (checks,
 * remarks, inspection flags) are kept.
 */
export async function fillQualification(
  store: QualifyGateStore,
  tx: SqlExecutor,
  header: Row,
  ctx: ResourceContext,
): Promise<void> {
  const id = Number(header.qualifyHeaderId);
  const supplierId = Number(header.supplierId);
  const supplier = await store.one(tx, SUPPLIER, supplierId, false);
  const categoryIds = (await store.linesOf(tx, Q_CATEGORY, id)).map((l) => Number(l.categoryId));
  const valid = await store.rows.select(tx, REQUIRE, REQUIRE_FIELDS, { status: 'VALID' }, { orderBy: ['requireCode'] });
  const requirements = valid
    .filter((r) => r.supplierType == null || r.supplierType === supplier?.supplierType)
    .filter((r) => r.categoryId == null || categoryIds.includes(Number(r.categoryId)));
  const wanted = new Set(requirements.map((r) => Number(r.qualificationRequireId)));
  const existing = await store.linesOf(tx, Q_REQUIRE, id);
  for (const line of existing)
    if (line.qualificationRequireId != null && !wanted.has(Number(line.qualificationRequireId)))
      await store.rows.delete(tx, Q_REQUIRE, { qualifyRequireId: Number(line.qualifyRequireId) });
  const byNewest = { orderBy: ['-expireDate'] };
  const credentials = await store.rows.select(
    tx,
    CREDENTIAL,
    ['credentialId', 'credentialType'],
    { supplierId },
    byNewest,
  );
  for (const r of requirements) {
    if (existing.some((l) => Number(l.qualificationRequireId) === Number(r.qualificationRequireId))) continue;
    const credential = credentials.find((cr) => cr.credentialType === r.credentialType);
    await store.writer.insert(
      tx,
      store.model(Q_REQUIRE),
      {
        qualifyHeaderId: id,
        qualificationRequireId: Number(r.qualificationRequireId),
        requireName: r.requireName,
        credentialType: r.credentialType,
        mandatoryFlag: r.mandatoryFlag ?? 'Y',
        credentialId: credential ? Number(credential.credentialId) : null,
      },
      ctx,
    );
  }
  if (header.sceneId != null) {
    const scene = await store.rows.one(tx, SCENE, ['nodeConfig'], { sceneId: Number(header.sceneId) });
    const config = nodeConfigOf(scene?.nodeConfig);
    if (config.length) {
      await store.rows.delete(tx, Q_NODE, { qualifyHeaderId: id });
      for (const [i, n] of config.entries())
        await store.writer.insert(
          tx,
          store.model(Q_NODE),
          {
            qualifyHeaderId: id,
            nodeCode: n.nodeCode,
            seqNum: i + 1,
            requiredFlag: n.requiredFlag,
            nodeStatus: 'PENDING',
          },
          ctx,
        );
    }
  }
  const listed = await store.linesOf(tx, Q_SITE, id);
  for (const site of await store.rowsWhere(tx, M_SITE, { supplierId }, false)) {
    if (listed.some((l) => Number(l.siteId) === Number(site.siteId) || Number(l.orgId) === Number(site.orgId)))
      continue;
    await store.writer.insert(
      tx,
      store.model(Q_SITE),
      {
        qualifyHeaderId: id,
        siteId: Number(site.siteId),
        siteName: site.siteName,
        orgId: Number(site.orgId),
        siteStatus: site.siteStatus,
        inspectFlag: 'N',
        editFlag: 'Y',
      },
      ctx,
    );
  }
}
