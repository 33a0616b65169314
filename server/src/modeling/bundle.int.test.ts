import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/testServer';
import { noteEntity, notePage, tableModel } from './modelingFixtures';

let dev: TestServer;
let test: TestServer;
beforeAll(async () => {
  dev = await startTestServer('table_model_dev');
  test = await startTestServer('table_model_test');
}, 120_000);
afterAll(async () => {
  await test?.close();
  await dev?.close();
});

const titled = (en: string) => notePage(['noteTitle'], { title: { cn: en, en } });
const exportAll = async () =>
  (
    await tableModel(dev, 'exportBundle', {
      documents: [
        { kind: 'entity', name: 'srmDemoNote' },
        { kind: 'page', name: 'demoNoteList' },
      ],
    })
  ).body.data;
const statuses = (answer: { body: { data: { documents: { status: string }[] } } }) =>
  answer.body.data.documents.map((d) => d.status);

describe('metadata bundles (dev → test)', () => {
  it('imports new documents, then a later version (the target is behind), and refuses a drifted target by name', async () => {
    await tableModel(dev, 'publish', { documents: [{ content: noteEntity() }, { content: titled('Notes') }] });
    const first = await exportAll();
    expect(first.documents.map((d: { version: number }) => d.version)).toEqual([1, 1]);
    expect(statuses(await tableModel(test, 'previewImport', { bundle: first }))).toEqual(['new', 'new']);
    expect((await tableModel(test, 'importBundle', { bundle: first })).status).toBe(200);
    expect((await tableModel(test, 'listDocuments', {})).body.data).toEqual([
      { kind: 'entity', name: 'srmDemoNote', version: 1, enabled: true },
      { kind: 'page', name: 'demoNoteList', version: 1, enabled: true },
    ]);

    await tableModel(dev, 'publish', { documents: [{ content: titled('Notes v2'), baseVersion: 1 }] });
    const second = await exportAll();
    const preview = await tableModel(test, 'previewImport', { bundle: second });
    expect(statuses(preview)).toEqual(['unchanged', 'update']);
    expect(preview.body.data.documents[1].diff).toEqual(
      expect.arrayContaining([{ path: '/title/en', op: 'change', before: 'Notes', after: 'Notes v2' }]),
    );
    expect((await tableModel(test, 'importBundle', { bundle: second })).status).toBe(200);

    await tableModel(test, 'publish', { documents: [{ content: titled('Changed on test'), baseVersion: 2 }] });
    await tableModel(dev, 'publish', { documents: [{ content: titled('Notes v3'), baseVersion: 2 }] });
    const third = await exportAll();
    const drifted = await tableModel(test, 'previewImport', { bundle: third });
    expect(drifted.body.data.importable).toBe(false);
    expect(statuses(drifted)).toEqual(['unchanged', 'conflict']);
    const refused = await tableModel(test, 'importBundle', { bundle: third });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toMatch(/page:demoNoteList has drifted/);
    expect(
      (await tableModel(test, 'getDocument', { kind: 'page', name: 'demoNoteList' })).body.data.content.title.en,
    ).toBe('Changed on test');
    // Publishing and importing a new entity creates its table on two databases (DDL, slow on a busy MariaDB).
  }, 120_000);

  it('refuses a tampered bundle with 400', async () => {
    const bundle = await exportAll();
    bundle.documents[1].content.title = { cn: 'x', en: 'x' };
    const answer = await tableModel(test, 'previewImport', { bundle });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0].message).toMatch(/hash or history does not match/);
  });
});
