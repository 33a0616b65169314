/**
 * Agreement signing (DOMAIN.md §1.9), the transition handlers: the approval that sends every line
 * to its supplier (PENDING, an e-signing flow, a supplier to-do and notifications), and the
 * supplier's sign and refuse on its line through the e-signing provider. The rest is declared
 * (slcContractSign.json, slcContractSignLine.json): the head must be SIGNING, the line's signer,
 * refusal reason and to-do, and the head's SIGNING → COMPLETED once no line is PENDING, run after
 * each answer under the head's lock (the line lifecycle's owner), so that two suppliers answering
 * the last two lines complete it exactly once.
 */
import type { Row } from '../../../db/sqlExecutor';
import type { FileStorage } from '../../../files/fileStorage';
import { storeGeneratedFile } from '../../../files/generatedFile';
import { declaredError, declaredText } from '../../../http/declaredErrors';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { formatDateTime } from '../../../util/time';
import {
  ELEC,
  LINE,
  SUPPLIER_EDIT_LINK,
  SUPPLIER_MENU,
  SUPPLIER_TODO_TYPE,
  type ContractSignStore,
} from './contractSignStore';
import { tellSupplier } from '../supplierTodo';
import type { ElectronicSignProvider } from './signProvider';

const ELECTRONIC = 'ELECTRONIC';
const SIGNED_FILE = {
  extension: 'pdf',
  contentType: 'application/pdf',
  path: 'contractSign',
  functionId: LINE,
  fileDesc: '电子签署文件 / Electronically signed agreement',
};

export class ContractSignEffects {
  constructor(
    private readonly store: ContractSignStore,
    private readonly provider: ElectronicSignProvider,
    private readonly storage: FileStorage,
  ) {}

  /** Approval: every line becomes PENDING with the head's texts, its flow, a supplier to-do and notifications. */
  async startSigning(run: TransitionRun): Promise<void> {
    const head = (await this.store.head(run.tx, run.id))!;
    const userId = run.actor.userId;
    for (const line of await this.store.lines(run.tx, run.id)) {
      const lineId = Number(line.signLineId);
      const doc = await this.store.document(run.tx, head, lineId);
      await this.store.rows.update(
        run.tx,
        LINE,
        {
          supplierSignStatus: 'PENDING',
          signNumber: doc.signNumber,
          signTitle: doc.signTitle,
          agreementType: doc.agreementType,
          signMethod: doc.signMethod,
          validFrom: doc.validFrom,
          validTo: doc.validTo,
          orgName: doc.orgName,
        },
        { signLineId: lineId },
        userId,
      );
      if (doc.signMethod === ELECTRONIC) {
        const flow = await this.provider.startFlow(run.tx, doc);
        await this.store.rows.insert(
          run.tx,
          ELEC,
          {
            signLineId: lineId,
            signFlowId: flow.signFlowId,
            provider: this.provider.name,
            signUrl: flow.signUrl,
            signStatus: 'PENDING',
          },
          userId,
        );
      }
      // The line's supplier, not a field of the head approved: its to-do and notices are written here.
      // The English title names the agreement by number only: its title is data, often Chinese.
      const task = {
        supplierId: doc.supplierId,
        entityName: LINE,
        billId: doc.signLineId,
        billType: SUPPLIER_TODO_TYPE,
        billNumber: doc.signNumber,
        title: declaredText('contractSign.awaitsSignatureTitle', { ...doc }),
        content: declaredText('contractSign.awaitsSignatureContent', { ...doc }),
        menuCode: SUPPLIER_MENU,
        link: `${SUPPLIER_EDIT_LINK}${doc.signLineId}`,
      };
      await tellSupplier(this.store.todos, run.tx, task, userId);
    }
  }

  /** The head of a line: its state is a declared check, and only the line's supplier answers (by supplier, and the row scope). */
  private async lineHead(run: TransitionRun): Promise<Row> {
    return (await this.store.head(run.tx, Number(run.record.signHeadId)))!;
  }

  async sign(run: TransitionRun): Promise<void> {
    const head = await this.lineHead(run);
    const doc = await this.store.document(run.tx, head, run.id);
    // signDate stays here (signedBy is declared): it is the instant the signed PDF and the flow carry too.
    const signedAt = formatDateTime();
    const values: Record<string, string | number | null> = { signDate: signedAt };
    if (doc.signMethod === ELECTRONIC) {
      const flow = await this.store.flowOfLine(run.tx, run.id);
      if (!flow) throw declaredError('contractSign.noElectronicFlow');
      const signer = {
        userId: run.actor.userId!,
        userName: run.actor.userName ?? String(run.actor.userId),
        supplierId: doc.supplierId,
        supplierName: doc.supplierName,
        signedAt,
      };
      const signed = await this.provider.sign(run.tx, String(flow.signFlowId), doc, signer);
      // The signed PDF is an attachment of the line: its readers may download it.
      const file = { ...SIGNED_FILE, fileName: signed.fileName, content: signed.content, businessId: run.id };
      const fileId = await storeGeneratedFile(this.storage, this.store.rows, run.tx, file, run.actor.userId);
      await this.store.rows.update(
        run.tx,
        ELEC,
        {
          signStatus: 'SIGNED',
          signerUserId: signer.userId,
          signerName: `${signer.userName} / ${signer.supplierName}`,
          signedFileId: fileId,
          documentSha256: signed.contentSha256,
          finishTime: signed.finishTime,
        },
        { elecSignId: Number(flow.elecSignId) },
        run.actor.userId,
      );
      values.signedFileIds = String(fileId);
    }
    await this.store.rows.update(run.tx, LINE, values, { signLineId: run.id }, run.actor.userId);
  }

  async refuse(run: TransitionRun): Promise<void> {
    const head = await this.lineHead(run);
    if (head.signMethod === ELECTRONIC) {
      const flow = await this.store.flowOfLine(run.tx, run.id);
      if (flow) {
        await this.provider.refuse(run.tx, String(flow.signFlowId), run.comment ?? '');
        await this.store.rows.update(
          run.tx,
          ELEC,
          { signStatus: 'REFUSED', finishTime: formatDateTime() },
          { elecSignId: Number(flow.elecSignId) },
          run.actor.userId,
        );
      }
    }
    // refuseReason, the required comment, is declared (slcContractSignLine.json).
  }
}
