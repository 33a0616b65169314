/**
 * Electronic signing behind an interface (DOMAIN.md §1.9: `srmSlcElecSign`, the file server's
 * `/v1/esign` flow). The built-in local provider signs without the network: it makes the signed
 * PDF itself (localSignProvider.ts). An outside e-signing service is the HTTP client below, chosen
 * by configuration (ESIGN_SERVICE_URL; off by default).
 */
import type { SqlExecutor } from '../../../db/sqlExecutor';

/** What is being signed: one supplier's line of an agreement, with the texts the document shows. */
export interface SignDocument {
  signHeadId: number;
  signLineId: number;
  signNumber: string;
  signTitle: string;
  agreementType: string;
  orgName: string;
  validFrom: string;
  validTo: string | null;
  signMethod: string;
  description: string | null;
  /** Names of the head's terms and attachments. */
  termFileNames: string[];
  supplierId: number;
  supplierName: string;
  supplierCode: string | null;
}

/** Who signs, and when. */
export interface Signer {
  userId: number;
  userName: string;
  supplierId: number;
  supplierName: string;
  signedAt: string;
}

export interface StartedFlow {
  signFlowId: string;
  /** Where the signer signs, for a service with its own signing page; null for the local provider. */
  signUrl: string | null;
}

/** The signed document: a PDF to store as the line's signedFileIds, and the SHA-256 of its signed content. */
export interface SignedDocument {
  fileName: string;
  content: Buffer;
  contentSha256: string;
  finishTime: string;
}

export type FlowStatus = 'PENDING' | 'SIGNED' | 'REFUSED';

/** Calls run inside the transition's transaction (`tx`): the local provider reads and writes nothing else. */
export interface ElectronicSignProvider {
  readonly name: string;
  startFlow(tx: SqlExecutor, doc: SignDocument): Promise<StartedFlow>;
  sign(tx: SqlExecutor, signFlowId: string, doc: SignDocument, signer: Signer): Promise<SignedDocument>;
  refuse(tx: SqlExecutor, signFlowId: string, reason: string): Promise<void>;
}

interface HttpAnswer {
  signFlowId?: string;
  signUrl?: string | null;
  fileName?: string;
  /** The signed PDF, base64. */
  content?: string;
  contentSha256?: string;
  finishTime?: string;
}

/**
 * The outside e-signing service (the file server's /v1/esign API): ESIGN_SERVICE_URL is its base,
 * ESIGN_SERVICE_TOKEN its bearer token. A failed call throws, which rolls the action back.
 */
export class HttpSignProvider implements ElectronicSignProvider {
  readonly name = 'http';

  constructor(
    private readonly baseUrl: string,
    private readonly token: string | undefined,
    private readonly timeoutMs = 20000,
  ) {}

  private async call(path: string, body: unknown): Promise<HttpAnswer> {
    const answer = await fetch(`${this.baseUrl.replace(/\/$/, '')}/v1/esign${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!answer.ok) throw new Error(`E-signing service: POST ${path} answered ${answer.status}`);
    return (await answer.json()) as HttpAnswer;
  }

  async startFlow(_tx: SqlExecutor, doc: SignDocument): Promise<StartedFlow> {
    const a = await this.call('/flows', doc);
    if (!a.signFlowId) throw new Error('E-signing service: no signFlowId in the answer');
    return { signFlowId: a.signFlowId, signUrl: a.signUrl ?? null };
  }

  async sign(_tx: SqlExecutor, signFlowId: string, doc: SignDocument, signer: Signer): Promise<SignedDocument> {
    const a = await this.call(`/flows/${encodeURIComponent(signFlowId)}/sign`, { document: doc, signer });
    if (!a.content || !a.contentSha256) throw new Error('E-signing service: no signed document in the answer');
    return {
      fileName: a.fileName ?? `${doc.signNumber}-${doc.signLineId}.pdf`,
      content: Buffer.from(a.content, 'base64'),
      contentSha256: a.contentSha256,
      finishTime: a.finishTime ?? signer.signedAt,
    };
  }

  async refuse(_tx: SqlExecutor, signFlowId: string, reason: string): Promise<void> {
    await this.call(`/flows/${encodeURIComponent(signFlowId)}/refuse`, { reason });
  }
}
