import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantNoteMenu, noteEntity, notePage, tableModel } from '../modeling/modelingFixtures';
import { PNG, upload } from '../testing/fileFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('files_after_publish');
  await grantNoteMenu(server);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('attachments of an entity published through table_model after start-up', () => {
  it('upload to a record of the new entity without a restart', async () => {
    const published = await tableModel(server, 'publish', {
      documents: [{ content: noteEntity() }, { content: notePage() }],
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const auth = await server.authHeaders('srmDemoNoteRestful');
    const saved = await server.call(
      'srmServer',
      'srmDemoNoteRestful',
      'saveOrUpdate',
      { noteTitle: 'with a drawing' },
      auth,
    );
    expect(saved.status).toBe(200);
    const answer = await upload(server, auth, [{ name: 'drawing.png', bytes: PNG }], {
      functionId: 'srmDemoNote',
      businessId: String(saved.body.data.noteId),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data[0]).toMatchObject({ originalFileName: 'drawing.png' });
  });
});
