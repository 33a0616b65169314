import * as ExcelJS from 'exceljs';
import { menuId, sessionHeaders } from './authFixtures';
import { RESP, type Proof, type ProofUser } from './proofFixtures';
import { signedHeaders } from './signedHeaders';
import type { ApiAnswer } from './testServer';

/**
 * A multipart .xlsx upload to an import action by a demo user from a menu: `sheet` as the rows of
 * one sheet named lines, `fields` as the form's other fields (the record the rows go to).
 */
export async function uploadXlsx(
  p: Proof,
  user: ProofUser,
  menu: string,
  resource: string,
  action: string,
  sheet: unknown[][],
  fields: Record<string, string>,
): Promise<ApiAnswer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('lines');
  for (const r of sheet) ws.addRow(r);
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([Buffer.from(await book.xlsx.writeBuffer())]), 'lines.xlsx');
  // fetch sets the multipart content type with its boundary; the signed JSON one must not win.
  const { 'content-type': _json, ...signed } = signedHeaders();
  const res = await fetch(`${p.server.baseUrl}/api/srmServer/v1/${resource}/${action}`, {
    method: 'POST',
    headers: { ...signed, ...sessionHeaders(p.sessions[user], RESP[user], await menuId(p.server, menu)) },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as ApiAnswer['body'] };
}
