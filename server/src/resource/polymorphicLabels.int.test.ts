/**
 * A polymorphic reference (FieldDef.polymorphic) is read with its document's label and type
 * (issue 33, item 6): the qualification review's node decided by the review itself (demo seed
 * 40i-qualify-gate-review.json: node 40 names srmSlcQualifyHeader 40) comes with the review's
 * number and the entity's label in the caller's language, never the entity name and id alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../testing/apiAssertions';
import { startTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('polymorphic');
});
afterAll(async () => {
  await server?.close();
});

type Row = Record<string, unknown>;
async function nodesOfReview(language: 'CN' | 'EN'): Promise<Row[]> {
  const answer = await server.call('srmServer', 'srmSlcQualifyHeaderRestful', 'findById', { id: 40 }, { language });
  return (expectOk<Row>(answer).nodes ?? []) as Row[];
}

describe('a polymorphic reference', () => {
  it("is read with the document's number and its type's label, in the caller's language", async () => {
    const cn = (await nodesOfReview('CN')).find((node) => node.qualifyNodeId === 40)!;
    expect(cn).toMatchObject({
      sourceDocType: 'srmSlcQualifyHeader',
      sourceDocId: 40,
      sourceDocLabel: 'QLF202611250001',
      sourceDocTypeLabel: '资质审查',
    });
    const en = (await nodesOfReview('EN')).find((node) => node.qualifyNodeId === 40)!;
    expect(en).toMatchObject({ sourceDocLabel: 'QLF202611250001', sourceDocTypeLabel: 'Qualification review' });
  });

  it('leaves a node no document decided without either', async () => {
    const pending = (await nodesOfReview('CN')).find((node) => node.qualifyNodeId === 41)!;
    expect(pending.sourceDocLabel ?? null).toBeNull();
    expect(pending.sourceDocTypeLabel ?? null).toBeNull();
  });
});
