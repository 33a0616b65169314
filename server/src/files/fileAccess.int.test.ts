import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, tableRows } from '../testing/apiAssertions';
import { fileCall, fileJson, PDF, PNG, storedObjects, upload } from '../testing/fileFixtures';
import { REQ, requisitionBody } from '../testing/srmFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';

/**
 * Who may see and delete an attachment (docs/architecture.md "File security"): an unlinked upload is its uploader's;
 * saving a record that lists it links it; then readers of the record may download it, and its
 * uploader or an editor of the record may delete it. Everyone else gets a 404 (never a hint).
 */
let server: TestServer;
let dataDir: string;
let buyer: Record<string, string>;
let qe: Record<string, string>;
let supplier: Record<string, string>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-file-access-'));
  server = await startTestServer('files_access', { dataDir });
  [buyer, qe, supplier] = await Promise.all([
    server.authHeaders(REQ, 'buyer01'),
    server.authHeaders(REQ, 'qe01'),
    server.authHeaders(REQ, 'supplier01'),
  ]);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const REQ_ENTITY = 'srmPurRequisitionHeader';
const uploadOne = async (
  headers: Record<string, string>,
  fields: Record<string, string> = {},
  name = 'spec.pdf',
  bytes = PDF,
) => expectOk(await upload(server, headers, [{ name, bytes }], fields))[0] as { id: number; fileId: string };
const download = (headers: Record<string, string>, id: number) =>
  fileCall(server, headers, `v2/file/download?id=${id}`);
const listIds = async (headers: Record<string, string>, ids: number[]) =>
  expectOk(await fileJson(server, headers, 'listBaseFile', { ids })).map((f: { id: number }) => f.id);
const link = async (id: number) => (await tableRows(server, 'base_file', 'attachment_id', { attachment_id: id }))[0];
const saveRequisition = async (headers: Record<string, string>, attachmentIds: string) =>
  expectOk(await server.call('srmServer', REQ, 'saveOrUpdate', requisitionBody({ attachmentIds }), headers));

describe('before the record is saved', () => {
  it('an unlinked upload is visible to its uploader only', async () => {
    const file = await uploadOne(buyer);
    expect((await download(buyer, file.id)).bytes.equals(PDF)).toBe(true);
    expect((await download(qe, file.id)).status).toBe(404);
    expect(await listIds(qe, [file.id])).toEqual([]);
    expect(await listIds(buyer, [file.id])).toEqual([file.id]);
  });

  it('uploading for a record the caller cannot read is a 404, and nothing is stored', async () => {
    const before = storedObjects(path.join(dataDir, 'files')).length;
    expectError(
      await upload(server, supplier, [{ name: 'x.png', bytes: PNG }], { functionId: REQ_ENTITY, businessId: '1' }),
      404,
    );
    expectError(
      await upload(server, buyer, [{ name: 'x.png', bytes: PNG }], { functionId: 'noSuchThing', businessId: '1' }),
      400,
    );
    expect(storedObjects(path.join(dataDir, 'files')).length).toBe(before);
  });
});

describe('attaching needs the right to change the record', () => {
  it('a supplier who can only read shared reference data cannot attach a file to it (403), and nothing is stored', async () => {
    const ITEM = 'srmBaseMaterialItem';
    const [reader, other] = await Promise.all([
      server.authHeaders(`${ITEM}Restful`, 'supplier01'),
      server.authHeaders(`${ITEM}Restful`, 'supplier02'),
    ]);
    const itemId = expectOk(await server.call('srmServer', `${ITEM}Restful`, 'listByPage', { pageRows: 1 }, reader))[0]
      .itemId as number;
    expectOk(await server.call('srmServer', `${ITEM}Restful`, 'findById', { id: itemId }, reader));
    const before = storedObjects(path.join(dataDir, 'files')).length;
    const refused = await upload(server, reader, [{ name: 'x.pdf', bytes: PDF }], {
      functionId: ITEM,
      businessId: String(itemId),
    });
    expectError(refused, 403);
    expect(storedObjects(path.join(dataDir, 'files')).length).toBe(before);
    const linked = await tableRows(server, 'base_file', 'attachment_id', { function_id: ITEM });
    expect(linked).toEqual([]);
    expectOk(await server.call('srmServer', `${ITEM}Restful`, 'findById', { id: itemId }, other));
  });
});

describe('linked to a record', () => {
  it("saving the record links the uploader's files; its readers may then download, others get 404", async () => {
    const [a, b] = [await uploadOne(buyer), await uploadOne(buyer, {}, 'photo.png', PNG)];
    const saved = await saveRequisition(buyer, `${a.id},${b.id}`);
    expect(await link(a.id)).toMatchObject({ function_id: REQ_ENTITY, business_id: saved.requisitionHeaderId });
    expect((await download(qe, b.id)).bytes.equals(PNG)).toBe(true);
    expect(await listIds(qe, [a.id, b.id])).toEqual([a.id, b.id]);
    const foreign = await download(supplier, a.id);
    expect(foreign.status).toBe(404);
    expect(JSON.parse(foreign.bytes.toString())).toMatchObject({
      status: 'E',
      msg: 'The attachment does not exist or was deleted',
    });
    expect((await fileCall(server, supplier, 'v2/file/batchDownload', { body: { fileIds: [a.id] } })).status).toBe(404);
    expect(await listIds(supplier, [a.id, b.id])).toEqual([]);
  });

  it("naming someone else's unlinked upload in a record does not take it over", async () => {
    const file = await uploadOne(buyer);
    await saveRequisition(qe, String(file.id));
    expect(await link(file.id)).toMatchObject({ function_id: null, business_id: null });
    expect((await download(qe, file.id)).status).toBe(404);
  });

  it('an upload naming a readable record is linked at once', async () => {
    const file = await uploadOne(buyer, { functionId: `${REQ_ENTITY}Restful`, businessId: '2' });
    expect(await link(file.id)).toMatchObject({ function_id: REQ_ENTITY, business_id: 2 });
    expect((await download(qe, file.id)).status).toBe(200);
  });
});

describe('deleting', () => {
  it('lets the uploader or an editor of the record delete; bytes go with the row', async () => {
    const [mine, theirs] = [await uploadOne(buyer), await uploadOne(buyer)];
    await saveRequisition(buyer, `${mine.id},${theirs.id}`);
    expect(expectOk(await fileJson(server, buyer, 'batchDelete', { ids: [mine.id] }))).toEqual({ count: 1 });
    expect(expectOk(await fileJson(server, qe, 'batchDelete', { ids: [theirs.id] }))).toEqual({ count: 1 });
    expect(await link(mine.id)).toBeUndefined();
    const names = storedObjects(path.join(dataDir, 'files')).map((p) => path.basename(p));
    expect(names).not.toContain(mine.fileId);
    expect(names).not.toContain(theirs.fileId);
  });

  it('refuses others: 404 when they cannot read the record, 403 when the record cannot be edited; all or nothing', async () => {
    const onSubmitted = await uploadOne(buyer, { functionId: REQ_ENTITY, businessId: '2' });
    const draftFile = await uploadOne(buyer);
    await saveRequisition(buyer, String(draftFile.id));
    expectError(await fileJson(server, supplier, 'batchDelete', { ids: [draftFile.id] }), 404);
    expectError(await fileJson(server, qe, 'batchDelete', { ids: [onSubmitted.id] }), 403);
    expectError(await fileJson(server, qe, 'batchDelete', { ids: [draftFile.id, onSubmitted.id] }), 403);
    expect(await link(draftFile.id)).toBeDefined();
    const unlinked = await uploadOne(buyer);
    expectError(await fileJson(server, qe, 'batchDelete', { ids: [unlinked.id] }), 404);
    expectOk(await fileJson(server, buyer, 'batchDelete', { fileIds: [onSubmitted.id, unlinked.id] }));
  });
});

describe('signed preview links for the external preview service', () => {
  it('are issued only to readers, work without a session or appsign, and refuse a tampered or expired link', async () => {
    const file = await uploadOne(
      buyer,
      { functionId: REQ_ENTITY, businessId: '2' },
      'offer.docx',
      Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), PNG]),
    );
    expectError(await fileJson(server, supplier, 'previewLink', { id: file.id }), 404);
    const { url } = expectOk(await fileJson(server, qe, 'previewLink', { id: file.id }));
    expect(url).toMatch(new RegExp(`^/api/fileServer/v1/file/preview\\?id=${file.id}&expires=\\d+&sig=[\\w-]+$`));
    const plain = await fetch(server.baseUrl + url);
    expect([plain.status, plain.headers.get('x-content-type-options')]).toEqual([200, 'nosniff']);
    expect(
      Buffer.from(await plain.arrayBuffer())
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('PK\x03\x04');
    const other = url.replace(`id=${file.id}`, `id=${file.id - 1}`);
    const expired = url.replace(/expires=\d+/, `expires=${Date.now() - 1000}`);
    for (const bad of [other, expired, url.replace(/sig=.*$/, 'sig=x'), url.replace(/&sig=.*$/, '')]) {
      expect((await fetch(server.baseUrl + bad)).status).toBe(404);
    }
  });
});
