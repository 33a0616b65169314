/**
 * Agreement signing (DOMAIN.md §1.9), the transition handlers: the submit check; the approval that
 * sends every line to its supplier (PENDING, an e-signing flow, a supplier to-do and notifications);
 * the supplier's sign and refuse on its line; and the system's SIGNING → COMPLETED of the head when
 * no line is PENDING — all in the transition's own transaction, after the head's lock (the line
 * lifecycle's owner), so that two suppliers signing the last two lines complete it exactly once.
 * The line's signer and its to-do handled are declared effects (slcContractSignLine.json).
 */
import { Readable } from 'node:stream';
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import type { FileStorage } from '../../../files/fileStorage';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import { HISTORY } from '../../../lifecycle/history';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { TodoService } from '../../../todos/todoService';
import { formatDateTime } from '../../../util/time';
import {
  ELEC,
  HEAD,
  LINE,
  SUPPLIER_EDIT_LINK,
  SUPPLIER_MENU,
  SUPPLIER_TODO_TYPE,
  type ContractSignStore,
} from './contractSignStore';
import { tellSupplier } from '../supplierTodo';
import { sha256Hex } from './signedPdf';
import type { ElectronicSignProvider } from './signProvider';

const ELECTRONIC = 'ELECTRONIC';

export class ContractSignEffects {
  private readonly todos: TodoService;

  constructor(
    private readonly store: ContractSignStore,
    private readonly provider: ElectronicSignProvider,
    private readonly storage: FileStorage,
  ) {
    this.todos = new TodoService(store.rows);
  }

  private get rows() {
    return this.store.rows;
  }

  /** Approval: every line becomes PENDING with the head's texts, its flow, a supplier to-do and notifications. */
  async startSigning(run: TransitionRun): Promise<void> {
    const head = (await this.store.head(run.tx, run.id))!;
    const userId = run.actor.userId;
    for (const line of await this.store.lines(run.tx, run.id)) {
      const lineId = Number(line.signLineId);
      const doc = await this.store.document(run.tx, head, lineId);
      await this.rows.update(
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
        await this.rows.insert(
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
        title: {
          cn: `协议 ${doc.signNumber}「${doc.signTitle}」待签署`,
          en: `Agreement ${doc.signNumber} awaits your signature`,
        },
        content: {
          cn: `请在「待签协议」中签署或拒签协议 ${doc.signNumber}（有效期 ${doc.validFrom} 起）。`,
          en: `Sign or refuse agreement ${doc.signNumber} (valid from ${doc.validFrom}) under "Agreements to sign".`,
        },
        menuCode: SUPPLIER_MENU,
        link: `${SUPPLIER_EDIT_LINK}${doc.signLineId}`,
      };
      await tellSupplier(this.todos, run.tx, task, userId);
    }
  }

  /** The head of a line, which must be SIGNING (409 otherwise), and the caller must be the line's supplier (403). */
  private async signingHead(run: TransitionRun): Promise<Row> {
    const head = await this.store.head(run.tx, Number(run.record.signHeadId));
    if (!head || head.status !== 'SIGNING') throw declaredError('contractSign.notSigning');
    const own = (run.ctx.vars.user as { supplierId?: unknown } | undefined)?.supplierId;
    if (own === undefined || own === null || Number(own) !== Number(run.record.supplierId))
      throw declaredError('contractSign.notLineSupplier');
    return head;
  }

  async sign(run: TransitionRun): Promise<void> {
    const head = await this.signingHead(run);
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
      const fileId = await this.storeFile(run.tx, run.id, signed.fileName, signed.content, run.actor.userId!);
      await this.rows.update(
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
    await this.rows.update(run.tx, LINE, values, { signLineId: run.id }, run.actor.userId);
    await this.finishLine(run);
  }

  async refuse(run: TransitionRun): Promise<void> {
    const head = await this.signingHead(run);
    if (head.signMethod === ELECTRONIC) {
      const flow = await this.store.flowOfLine(run.tx, run.id);
      if (flow) {
        await this.provider.refuse(run.tx, String(flow.signFlowId), run.comment ?? '');
        await this.rows.update(
          run.tx,
          ELEC,
          { signStatus: 'REFUSED', finishTime: formatDateTime() },
          { elecSignId: Number(flow.elecSignId) },
          run.actor.userId,
        );
      }
    }
    // refuseReason, the required comment, is declared (slcContractSignLine.json).
    await this.finishLine(run);
  }

  /** The signed PDF into the platform's file storage and base_file, owned by the line (its readers may download it). */
  private async storeFile(
    tx: SqlExecutor,
    lineId: number,
    fileName: string,
    content: Buffer,
    userId: number,
  ): Promise<number> {
    const key = await this.storage.put(Readable.from([content]));
    try {
      const id = await this.rows.insert(
        tx,
        'baseFile',
        {
          fileId: key,
          originalFileName: fileName,
          extension: 'pdf',
          contentType: 'application/pdf',
          size: content.length,
          sha256: sha256Hex(content),
          path: 'contractSign',
          functionId: LINE,
          businessId: lineId,
          fileDesc: '电子签署文件 / Electronically signed agreement',
          uploadedBy: userId,
        },
        userId,
      );
      return id!;
    } catch (e) {
      await this.storage.delete(key);
      throw e;
    }
  }

  /** The head completes when no line is PENDING any more (its lock is held); the line's to-do is declared handled. */
  private async finishLine(run: TransitionRun): Promise<void> {
    const headId = Number(run.record.signHeadId);
    if ((await this.store.pendingCount(run.tx, headId)) > 0) return;
    await this.complete(run.tx, headId, run, formatDateTime());
  }

  private async complete(tx: SqlExecutor, headId: number, run: TransitionRun, now: string): Promise<void> {
    const head = (await this.store.head(tx, headId))!;
    const changed = await this.rows.update(
      tx,
      HEAD,
      { status: 'COMPLETED', completeDate: now },
      { signHeadId: headId, status: 'SIGNING' },
      run.actor.userId,
    );
    if (changed !== 1) throw Errors.staleVersion();
    await this.rows.insert(
      tx,
      HISTORY,
      {
        entityName: HEAD,
        recordId: headId,
        billNumber: String(head.signNumber),
        billType: 'SLC_CONTRACT_SIGN',
        action: 'complete',
        actionLabel: '签署完成（系统）',
        actionLabelEn: 'Signing completed (system)',
        fromState: 'SIGNING',
        toState: 'COMPLETED',
        approval: 'N',
        approvalStep: null,
        comment: `最后一家供应商${run.transition.action === 'doSupplierSign' ? '已签署' : '已拒签'} / last supplier ${run.transition.action === 'doSupplierSign' ? 'signed' : 'refused'}`,
        userId: run.actor.userId,
        userName: run.actor.userName,
        actionDate: now,
      },
      run.actor.userId,
    );
    // The head's submitter is told: the head is another record than the line whose transition this is.
    if (head.submittedBy !== null && head.submittedBy !== undefined)
      await this.todos.notify(
        tx,
        {
          recipientUserId: Number(head.submittedBy),
          title: {
            cn: `协议签署 ${String(head.signNumber)} 已完成`,
            en: `Agreement signing ${String(head.signNumber)} completed`,
          },
          content: {
            cn: `协议「${String(head.signTitle)}」的所有供应商均已签署或拒签。`,
            en: `Every supplier of agreement ${String(head.signNumber)} has signed or refused.`,
          },
          type: 'BUSINESS',
          source: { billType: 'SLC_CONTRACT_SIGN', entityName: HEAD, billId: headId },
        },
        run.actor.userId,
      );
  }
}
