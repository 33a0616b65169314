import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import type { SystemTransitions } from '../../../lifecycle/transitionHandlers';
import type { ResourceContext } from '../../../resource/context';
import { lockOwner } from '../../../resource/invariantLocks';
import { formatDateTime } from '../../../util/time';
import { QUALIFY, Q_NODE, QualifyGateStore } from './qualifyGateStore';

/** What settleQualifyNode needs: a kernel, or a transition handler's services, has all of it. */
export interface QualifyNodeDeps {
  registry: MetadataRegistry;
  db: Database;
  lifecycles: SystemTransitions;
  hooks: RecordHookRegistry;
}

export interface NodeOutcome {
  qualifyHeaderId: number;
  /** SLC_QUALIFY_NODE: QUALIFICATION, INSPECTION, SAMPLE, BATCH_TRYOUT, CONTRACT. */
  nodeCode: string;
  passed: boolean;
  /** The document that decided the node (entity name, e.g. srmSlcLocaleInspect) and its id. */
  sourceDocType: string;
  sourceDocId: number;
  userId: number | null;
}

export interface NodeSettled {
  nodeStatus: 'PASSED' | 'FAILED';
  /** The qualification moved APPROVED → COMPLETED with this node. */
  completed: boolean;
}

/**
 * The node contract of the qualification (DOMAIN 1.5): a sub-domain whose document decides a node
 * (inspection, sample trial, batch tryout, agreement signing) calls this inside its own
 * transition's transaction. It locks the qualification header first, so two nodes settled at
 * once are counted one after the other; the qualification must be APPROVED (introducing) and
 * have the node, not yet settled (409 otherwise). A passed node that leaves no required node
 * unpassed completes the qualification (doQualifyComplete, a system transition with history:
 * sites, categories and supplier QUALIFIED, ASL rows APPROVED). A failed required node sets the
 * result FAIL, which opens doTerminate.
 */
export async function settleQualifyNode(tx: SqlExecutor, deps: QualifyNodeDeps, o: NodeOutcome): Promise<NodeSettled> {
  const store = new QualifyGateStore(deps.registry, deps.db, deps.hooks);
  if (!(await lockOwner(tx, store.model(QUALIFY), o.qualifyHeaderId))) throw Errors.recordNotFound();
  const header = (await store.one(tx, QUALIFY, o.qualifyHeaderId))!;
  if (header.status !== 'APPROVED')
    throw declaredError('qualify.notIntroducing', { qualifyNumber: header.qualifyNumber });
  const nodes = await store.linesOf(tx, Q_NODE, o.qualifyHeaderId);
  const node = nodes.find((n) => n.nodeCode === o.nodeCode);
  if (!node) throw declaredError('qualify.noSuchNode', { nodeCode: o.nodeCode });
  if (node.nodeStatus === 'PASSED' || node.nodeStatus === 'FAILED')
    throw declaredError('qualify.nodeDecided', { nodeCode: o.nodeCode });
  const ctx: ResourceContext = { userId: o.userId, language: 'CN', vars: {} };
  const nodeStatus = o.passed ? 'PASSED' : 'FAILED';
  await store.setFields(
    tx,
    Q_NODE,
    Number(node.qualifyNodeId),
    { nodeStatus, sourceDocType: o.sourceDocType, sourceDocId: o.sourceDocId, finishDate: formatDateTime() },
    ctx,
  );
  node.nodeStatus = nodeStatus;
  const required = nodes.filter((n) => n.requiredFlag !== 'N');
  const nextOpen = nodes.find((n) => n.nodeStatus !== 'PASSED' && n.nodeStatus !== 'SKIPPED');
  if (!o.passed && node.requiredFlag !== 'N') {
    await store.setFields(tx, QUALIFY, o.qualifyHeaderId, { qualifyResult: 'FAIL', currentNodeCode: o.nodeCode }, ctx);
    return { nodeStatus, completed: false };
  }
  if (required.every((n) => n.nodeStatus === 'PASSED' || n.nodeStatus === 'SKIPPED')) {
    await deps.lifecycles.runInTransaction(tx, store.model(QUALIFY), 'doQualifyComplete', o.qualifyHeaderId, ctx);
    return { nodeStatus, completed: true };
  }
  await store.setFields(
    tx,
    QUALIFY,
    o.qualifyHeaderId,
    { currentNodeCode: String(nextOpen?.nodeCode ?? o.nodeCode) },
    ctx,
  );
  return { nodeStatus, completed: false };
}
