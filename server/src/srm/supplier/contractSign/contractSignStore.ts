/** SQL of the agreement signing (DOMAIN.md §1.9): names from the entity metadata, audit columns like the generic writer. */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, Row, SqlExecutor, SqlParam } from '../../../db/sqlExecutor';
import { attachmentIds } from '../../../files/attachmentLinks';
import { DomainStore } from '../../../platform/domainStore';
import type { SignDocument } from './signProvider';

export const HEAD = 'srmSlcContractSignHead';
export const LINE = 'srmSlcContractSignLine';
export const ELEC = 'srmSlcElecSign';
export const SUPPLIER_MENU = 'SUP_CONTRACT_SIGN';
export const SUPPLIER_EDIT_LINK = 'supplierContractSignEdit?id=';
/** The supplier to-do type (DOMAIN §14 names no signing type; decision: SRM_CONTRACT 合同). */
export const SUPPLIER_TODO_TYPE = 'SRM_CONTRACT';

const SUPPLIER = 'srmSlcSupplierInfo';
const HEAD_FIELDS = ['signHeadId', 'signNumber', 'signTitle', 'agreementType', 'orgId', 'validFrom', 'validTo'];
const HEAD_TERMS = ['signMethod', 'description', 'attachmentIds'];
const FLOW_FIELDS = ['elecSignId', 'signLineId', 'signFlowId', 'provider', 'signStatus', 'signedFileId'];
const BY_ATTACHMENT = { orderBy: ['attachmentId'] };

const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

export class ContractSignStore extends DomainStore {
  constructor(registry: MetadataRegistry, db: Database) {
    super(registry, db.dialect);
  }

  lines(tx: SqlExecutor, signHeadId: number): Promise<Row[]> {
    const fields = ['signLineId', 'supplierId', 'supplierSignStatus'];
    return this.rows.select(tx, LINE, fields, { signHeadId }, { orderBy: ['signLineId'] });
  }

  /** The head with its company's name (orgName). */
  async head(tx: SqlExecutor, signHeadId: number): Promise<Row | undefined> {
    const head = await this.rows.one(tx, HEAD, [...HEAD_FIELDS, ...HEAD_TERMS], { signHeadId });
    const org = head && (await this.rows.one(tx, 'baseOrganization', ['orgName'], { orgId: head.orgId as SqlParam }));
    return head && { ...head, orgName: org?.orgName ?? null };
  }

  /** The document a line's supplier signs: the head's texts, its terms' file names, the supplier. */
  async document(tx: SqlExecutor, head: Row, signLineId: number): Promise<SignDocument> {
    const line = (await this.rows.one(tx, LINE, ['supplierId'], { signLineId }))!;
    const supplier = await this.rows.one(tx, SUPPLIER, ['supplierName', 'supplierCode'], {
      supplierId: line.supplierId as SqlParam,
    });
    return {
      signHeadId: Number(head.signHeadId),
      signLineId,
      signNumber: String(head.signNumber),
      signTitle: String(head.signTitle),
      agreementType: String(head.agreementType),
      orgName: String(head.orgName ?? head.orgId),
      validFrom: String(head.validFrom).slice(0, 10),
      validTo: str(head.validTo)?.slice(0, 10) ?? null,
      signMethod: String(head.signMethod),
      description: str(head.description),
      termFileNames: await this.fileNames(tx, head.attachmentIds),
      supplierId: Number(line.supplierId),
      supplierName: String(supplier?.supplierName ?? line.supplierId),
      supplierCode: str(supplier?.supplierCode),
    };
  }

  /** The names of the head's attachments (attachmentIds), in id order. */
  private async fileNames(tx: SqlExecutor, ids: unknown): Promise<string[]> {
    const where = { attachmentId: attachmentIds(ids) };
    return (await this.rows.select(tx, 'baseFile', ['originalFileName'], where, BY_ATTACHMENT)).map((r) =>
      String(r.originalFileName),
    );
  }

  flowOfLine(tx: SqlExecutor, signLineId: number): Promise<Row | undefined> {
    return this.rows.one(tx, ELEC, FLOW_FIELDS, { signLineId });
  }

  flowById(tx: SqlExecutor, signFlowId: string): Promise<Row | undefined> {
    return this.rows.one(tx, ELEC, FLOW_FIELDS, { signFlowId });
  }
}
