import { PassThrough } from 'node:stream';
import { writeXlsx, type SheetLayout } from './exportWriters';

/** The content type of an .xlsx file answer. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A small workbook built in memory through the export's writer (writeXlsx: titles, sheets of at most
 * sheetMaxRow rows): the content of a custom action's file answer ({ data: null, file }).
 */
export async function xlsxBuffer(layout: SheetLayout, rows: unknown[][]): Promise<Buffer> {
  return bufferOf((out) =>
    writeXlsx(
      out,
      layout,
      (async function* () {
        yield rows;
      })(),
    ),
  );
}

/** The bytes a streaming writer writes into the stream it is given, once it has ended. */
export async function bufferOf(write: (out: PassThrough) => Promise<unknown>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  await write(out);
  await done;
  return Buffer.concat(chunks);
}
