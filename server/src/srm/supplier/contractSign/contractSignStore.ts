/** SQL of the agreement signing (DOMAIN.md §1.9): names from the entity metadata, audit columns like the generic writer. */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, Row, SqlExecutor, SqlParam } from '../../../db/sqlExecutor';
import { PlatformRows } from '../../../lifecycle/platformRows';
import type { SignDocument } from './signProvider';

export const HEAD = 'srmSlcContractSignHead';
export const LINE = 'srmSlcContractSignLine';
export const ELEC = 'srmSlcElecSign';
export const SUPPLIER_MENU = 'SUP_CONTRACT_SIGN';
export const SUPPLIER_EDIT_LINK = 'supplierContractSignEdit?id=';
/** The supplier to-do type (DOMAIN §14 names no signing type; decision: SRM_CONTRACT 合同). */
export const SUPPLIER_TODO_TYPE = 'SRM_CONTRACT';

const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

export class ContractSignStore {
  readonly rows: PlatformRows;

  constructor(
    readonly registry: MetadataRegistry,
    db: Database,
  ) {
    this.rows = new PlatformRows(registry, db.dialect);
  }

  private cols(entity: string, fields: string[], alias: string): string {
    const { c } = this.rows.sql;
    return fields.map((f) => `${c(entity, f, alias)} AS ${f}`).join(', ');
  }

  async lines(tx: SqlExecutor, signHeadId: number): Promise<Row[]> {
    const { t, c } = this.rows.sql;
    return tx.select(
      `SELECT ${this.cols(LINE, ['signLineId', 'supplierId', 'supplierSignStatus'], 'l')} FROM ${t(LINE)} l ` +
        `WHERE ${c(LINE, 'signHeadId', 'l')} = ? ORDER BY ${c(LINE, 'signLineId', 'l')}`,
      [signHeadId],
    );
  }

  async head(tx: SqlExecutor, signHeadId: number): Promise<Row | undefined> {
    const { t, c } = this.rows.sql;
    const fields = ['signHeadId', 'signNumber', 'signTitle', 'agreementType', 'orgId', 'validFrom', 'validTo'];
    const more = ['signMethod', 'description', 'attachmentIds'];
    const rows = await tx.select(
      `SELECT ${this.cols(HEAD, [...fields, ...more], 'h')}, ${c('baseOrganization', 'orgName', 'o')} AS orgName FROM ${t(HEAD)} h ` +
        `LEFT JOIN ${t('baseOrganization')} o ON ${c('baseOrganization', 'orgId', 'o')} = ${c(HEAD, 'orgId', 'h')} ` +
        `WHERE ${c(HEAD, 'signHeadId', 'h')} = ?`,
      [signHeadId],
    );
    return rows[0];
  }

  /** The document a line's supplier signs: the head's texts, its terms' file names, the supplier. */
  async document(tx: SqlExecutor, head: Row, signLineId: number): Promise<SignDocument> {
    const { t, c } = this.rows.sql;
    const rows = await tx.select(
      `SELECT ${c(LINE, 'supplierId', 'l')} AS supplierId, ${c('srmSlcSupplierInfo', 'supplierName', 's')} AS supplierName, ` +
        `${c('srmSlcSupplierInfo', 'supplierCode', 's')} AS supplierCode FROM ${t(LINE)} l ` +
        `LEFT JOIN ${t('srmSlcSupplierInfo')} s ON ${c('srmSlcSupplierInfo', 'supplierId', 's')} = ${c(LINE, 'supplierId', 'l')} ` +
        `WHERE ${c(LINE, 'signLineId', 'l')} = ?`,
      [signLineId],
    );
    const line = rows[0];
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
      termFileNames: await this.fileNames(tx, str(head.attachmentIds)),
      supplierId: Number(line.supplierId),
      supplierName: String(line.supplierName ?? line.supplierId),
      supplierCode: str(line.supplierCode),
    };
  }

  private async fileNames(tx: SqlExecutor, ids: string | null): Promise<string[]> {
    const list = (ids ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => /^\d+$/.test(s))
      .map(Number);
    if (!list.length) return [];
    const { t, c } = this.rows.sql;
    const rows = await tx.select(
      `SELECT ${c('baseFile', 'originalFileName')} AS name FROM ${t('baseFile')} WHERE ${c('baseFile', 'attachmentId')} IN (${list.map(() => '?').join(', ')}) ORDER BY ${c('baseFile', 'attachmentId')}`,
      list,
    );
    return rows.map((r) => String(r.name));
  }

  async flowOfLine(tx: SqlExecutor, signLineId: number): Promise<Row | undefined> {
    return (await this.flows(tx, 'signLineId', signLineId))[0];
  }

  async flowById(tx: SqlExecutor, signFlowId: string): Promise<Row | undefined> {
    return (await this.flows(tx, 'signFlowId', signFlowId))[0];
  }

  private flows(tx: SqlExecutor, field: string, value: SqlParam): Promise<Row[]> {
    const { t, c } = this.rows.sql;
    const fields = ['elecSignId', 'signLineId', 'signFlowId', 'provider', 'signStatus', 'signedFileId'];
    return tx.select(`SELECT ${this.cols(ELEC, fields, 'e')} FROM ${t(ELEC)} e WHERE ${c(ELEC, field, 'e')} = ?`, [
      value,
    ]);
  }
}
