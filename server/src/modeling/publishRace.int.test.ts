import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/testServer';
import { noteEntity, notePage, tableModel } from './modelingFixtures';

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  a = await startTestServer('publish_race');
  b = await startTestServer('publish_race_b', { dbUrl: a.config.dbUrl });
}, 120_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('two administrators publishing the same new screen at once, on two instances', () => {
  it('one publish wins; the other gets 409 and writes nothing', async () => {
    const draft = { documents: [{ content: noteEntity() }, { content: notePage() }] };
    const answers = await Promise.all([tableModel(a, 'publish', draft), tableModel(b, 'publish', draft)]);
    expect(answers.map((x) => x.status).sort(), JSON.stringify(answers.map((x) => x.body))).toEqual([200, 409]);
    const versions = await tableModel(a, 'listVersions', { kind: 'entity', name: 'srmDemoNote' });
    expect(versions.body.data).toHaveLength(1);
  });
});
