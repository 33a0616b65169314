/**
 * The built-in e-signing provider: no network. A flow is the line's srmSlcElecSign row (written by
 * the signing effects); signing makes the signed PDF here (signedPdf.ts) and hashes its content.
 */
import { randomBytes } from 'node:crypto';
import type { SqlExecutor } from '../../../db/sqlExecutor';
import { declaredError } from '../../../http/declaredErrors';
import type { ContractSignStore } from './contractSignStore';
import { sha256Hex, signedContent, signedPdf } from './signedPdf';
import type {
  ElectronicSignProvider,
  FlowStatus,
  SignDocument,
  SignedDocument,
  Signer,
  StartedFlow,
} from './signProvider';

export class LocalSignProvider implements ElectronicSignProvider {
  readonly name = 'local';

  constructor(private readonly store: ContractSignStore) {}

  async startFlow(_tx: SqlExecutor, doc: SignDocument): Promise<StartedFlow> {
    return { signFlowId: `LOCAL-${doc.signLineId}-${randomBytes(6).toString('hex')}`, signUrl: null };
  }

  async sign(tx: SqlExecutor, signFlowId: string, doc: SignDocument, signer: Signer): Promise<SignedDocument> {
    if ((await this.status(tx, signFlowId)) !== 'PENDING')
      throw declaredError('contractSign.flowFinished', { signFlowId });
    const contentSha256 = sha256Hex(signedContent(doc, signer));
    return {
      fileName: `${doc.signNumber}-${doc.supplierCode ?? doc.supplierId}-signed.pdf`,
      content: await signedPdf(doc, signer, contentSha256),
      contentSha256,
      finishTime: signer.signedAt,
    };
  }

  async refuse(tx: SqlExecutor, signFlowId: string): Promise<void> {
    if ((await this.status(tx, signFlowId)) !== 'PENDING')
      throw declaredError('contractSign.flowFinished', { signFlowId });
  }

  /** The flow's state, as its srmSlcElecSign row records it. */
  private async status(tx: SqlExecutor, signFlowId: string): Promise<FlowStatus> {
    const flow = await this.store.flowById(tx, signFlowId);
    if (!flow) throw declaredError('contractSign.noFlow', { signFlowId });
    return String(flow.signStatus) as FlowStatus;
  }
}
