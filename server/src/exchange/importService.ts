/**
 * Excel import (docs/architecture.md "Spec: calls" importExcel / downloadImportTemplate): every row is validated
 * exactly as a saveOrUpdate body (record schema, lookups, hooks) and written through the generic
 * writer, all rows in one transaction: one bad row and nothing is kept. No HTTP here.
 */
import { pickText, type Language } from '@meridian/metadata';
import { ApiError } from '../http/apiError';
import type { Kernel } from '../kernel';
import { translateDbError } from '../resource/dbErrors';
import { prepareRecord } from '../resource/recordPreparation';
import type { FileService } from '../files/fileService';
import { importColumns, type PlannedColumn } from './columnPlan';
import { authorizeImport, type ExchangeCaller } from './exchangeAccess';
import { exportFileName } from './exchangeRules';
import { importedRows, type ImportedRow } from './importRows';
import { ImportTally, storeErrorFile } from './importTally';
import { templateWorkbook } from './importWorkbooks';
import { LookupTable } from './lookupTable';
import { ReferenceResolver } from './referenceResolver';
import { lookupTypes, resolveReferences } from './sheetRecords';

export interface ImportAnswer {
  total: number;
  imported: number;
}

/** Rolls the transaction back once every row has been checked and at least one was refused. */
class ImportRefused extends Error {}

/** An error of prepareRecord or the writer as row messages under the column titles. */
function rowErrors(error: unknown, columns: PlannedColumn[], language: Language): ImportedRow['errors'] {
  const e = translateDbError(error);
  if (!(e instanceof ApiError) || e.httpStatus >= 500) throw e;
  const titleOf = (field: string) => columns.find((c) => c.key === field.split(/[.[]/)[0])?.title ?? field;
  if (e.errors?.length) return e.errors.map((f) => ({ column: titleOf(f.field), message: f.message }));
  return [{ column: '', message: pickText(e.text, language) }];
}

export class ImportService {
  constructor(
    private readonly kernel: Kernel,
    private readonly files: FileService,
  ) {}

  /** The template of the menu's import page: its columns as headers, lookups as drop-downs. */
  async template(caller: ExchangeCaller): Promise<{ fileName: string; content: Buffer }> {
    const { entity, page } = await authorizeImport(this.kernel, caller);
    const language = caller.ctx.language;
    const columns = importColumns(entity, page, language);
    const lookups = await LookupTable.load(this.kernel.db, lookupTypes(columns));
    const title = pickText(page.title ?? entity.def.label, language);
    return {
      fileName: exportFileName(title, 'xlsx'),
      content: await templateWorkbook(columns, lookups, language, title),
    };
  }

  /** Imports the xlsx at `file` (already on disk); refused rows answer 400 with their errors and an error file. */
  async importFile(caller: ExchangeCaller, file: string, originalName: string): Promise<ImportAnswer> {
    const { entity, page, scope } = await authorizeImport(this.kernel, caller);
    const language = caller.ctx.language;
    const columns = importColumns(entity, page, language);
    const lookups = await LookupTable.load(this.kernel.db, lookupTypes(columns));
    const tally = new ImportTally();
    const { registry, resources } = this.kernel;
    try {
      await this.kernel.db.transaction(async (tx) => {
        const references = new ReferenceResolver(registry, tx);
        for await (const row of importedRows(file, entity, columns, lookups, language)) {
          await resolveReferences(row, columns, references, language);
          if (!row.errors.length) {
            try {
              const record = prepareRecord(registry, entity, row.body, caller.ctx);
              await resources.writer.save(tx, entity, record, caller.ctx, scope);
            } catch (e) {
              row.errors.push(...rowErrors(e, columns, language));
            }
          }
          tally.add(row);
        }
        if (tally.failed || !tally.total) throw new ImportRefused();
      });
    } catch (e) {
      if (!(e instanceof ImportRefused)) throw e;
      if (!tally.total) throw tally.emptyError();
      const stored = await storeErrorFile(this.kernel, this.files, caller, tally, columns, originalName);
      throw tally.refusal(language, stored);
    }
    return { total: tally.total, imported: tally.total };
  }
}
