import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteEntity, notePage, tableModel } from '../modeling/modelingFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';

process.env.METADATA_POLL_MS = '0'; // the second instance checks the metadata revision on every request

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  a = await startTestServer('api_docs_publish');
  b = await startTestServer('api_docs_publish_b', { dbUrl: a.config.dbUrl });
}, 120_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const paths = async (server: TestServer) => {
  const doc = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as { paths: object };
  return Object.keys(doc.paths);
};

describe('the API document after a table_model publish', () => {
  it('describes the new endpoints on the publishing instance and on another one, without a restart', async () => {
    const listPath = '/api/srmServer/v1/srmDemoNoteRestful/listByPage';
    expect(await paths(a)).not.toContain(listPath);
    expect(await paths(b)).not.toContain(listPath);
    const published = await tableModel(a, 'publish', {
      documents: [{ content: noteEntity() }, { content: notePage() }],
      comment: 'notes',
    });
    expect(published.status).toBe(200);
    expect(await paths(a)).toContain(listPath);
    expect(await paths(b)).toContain(listPath);
  });
});
