import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteEntity, tableModel } from '../modeling/modelingFixtures';
import { expectError, expectOk } from '../testing/apiAssertions';
import { startTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('lookup_admin');
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const types = (action: string, body: object) => server.call('baseServer', 'baseLookupTypeRestful', action, body);
const values = (action: string, body: object) => server.call('baseServer', 'baseLookupValuesRestful', action, body);
const findDic = async (type: string, language: 'CN' | 'EN') =>
  expectOk<Record<string, { lookupCode: string; meaning: string }[]>>(
    await server.call('baseServer', 'baseLookupValuesRestful', 'findDic', { lookupTypes: [type] }, { language }),
  )[type].map((v) => [v.lookupCode, v.meaning]);

async function typeNamed(code: string) {
  const rows = expectOk(await types('listByPage', { params: { lookupType: code } })) as Record<string, unknown>[];
  const id = rows.find((r) => r.lookupType === code)!.lookupTypeId;
  return expectOk(await types('findById', { id }));
}

describe('lookuptype / lookupTypeEdit: an administrator’s value set', () => {
  it('is created with its values (each value takes its type’s code) and read by findDic at once, in CN and EN', async () => {
    const saved = expectOk(
      await types('saveOrUpdate', {
        lookupType: 'DEMO_PRIORITY',
        meaning: '优先级',
        meaningEn: 'Priority',
        values: [
          { lookupCode: 'HIGH', meaning: '高', meaningEn: 'High', seqNum: 1 },
          { lookupCode: 'LOW', meaning: '低', meaningEn: 'Low', seqNum: 2, lookupType: 'SYS_YES_NO' },
        ],
      }),
    );
    expect(saved.values.map((v: Record<string, unknown>) => [v.lookupType, v.lookupCode])).toEqual([
      ['DEMO_PRIORITY', 'HIGH'],
      ['DEMO_PRIORITY', 'LOW'],
    ]);
    expect(await findDic('DEMO_PRIORITY', 'CN')).toEqual([
      ['HIGH', '高'],
      ['LOW', '低'],
    ]);
    expect(await findDic('DEMO_PRIORITY', 'EN')).toEqual([
      ['HIGH', 'High'],
      ['LOW', 'Low'],
    ]);
  });

  it('keeps its code once created, and refuses codes the lookups cannot carry', async () => {
    const stored = await typeNamed('DEMO_PRIORITY');
    expectError(await types('saveOrUpdate', { ...stored, lookupType: 'DEMO_RENAMED' }), 400, ['lookupType']);
    expectError(await types('saveOrUpdate', { lookupType: 'lower case', meaning: '坏', values: [] }), 400, [
      'lookupType',
    ]);
    const line = { lookupCode: 'has space', meaning: '坏' };
    expectError(await types('saveOrUpdate', { lookupType: 'DEMO_BAD', meaning: '坏', values: [line] }), 400, [
      'values[0].lookupCode',
    ]);
  });

  it('is maintained on the lookup screen (a value added, relabelled, removed) and deleted with its values', async () => {
    const { lookupTypeId } = await typeNamed('DEMO_PRIORITY');
    const added = expectOk(await values('saveOrUpdate', { lookupTypeId, lookupCode: 'MID', meaning: '中', seqNum: 3 }));
    expect(added.lookupType).toBe('DEMO_PRIORITY');
    expectOk(await values('saveOrUpdate', { ...added, meaning: '中等' }));
    expect(await findDic('DEMO_PRIORITY', 'CN')).toContainEqual(['MID', '中等']);
    expectError(await values('saveOrUpdate', { lookupCode: 'ORPHAN', meaning: '无' }), 400, ['lookupTypeId']);
    expectOk(await values('delete', { id: added.lookupValuesId }));
    expectOk(await types('delete', { id: lookupTypeId }));
    expect(await findDic('DEMO_PRIORITY', 'CN')).toEqual([]);
  });
});

describe('a value set declared in the metadata files (SLC_TAXPAYER_TYPE)', () => {
  it('takes new labels and new values, but keeps its declared values’ codes, enabled, and present', async () => {
    const stored = await typeNamed('SLC_TAXPAYER_TYPE');
    const lines = stored.values as Record<string, unknown>[];
    const relabelled = expectOk(
      await types('saveOrUpdate', {
        ...stored,
        values: [
          { ...lines[0], meaning: '一般纳税人（总部）' },
          ...lines.slice(1),
          { lookupCode: 'EXTRA', meaning: '其他' },
        ],
      }),
    );
    expect(await findDic('SLC_TAXPAYER_TYPE', 'CN')).toEqual(
      expect.arrayContaining([
        [lines[0].lookupCode, '一般纳税人（总部）'],
        ['EXTRA', '其他'],
      ]),
    );
    // The declared value first (an added value without seqNum may sort first), then the others.
    const saved = relabelled.values as Record<string, unknown>[];
    const again = [
      saved.find((v) => v.lookupCode === lines[0].lookupCode)!,
      ...saved.filter((v) => v.lookupCode !== lines[0].lookupCode),
    ];
    const base = { ...relabelled, values: again };
    expect((await types('saveOrUpdate', { ...base, values: again.slice(1) })).status).toBe(409);
    const renamed = [{ ...again[0], lookupCode: 'RENAMED' }, ...again.slice(1)];
    expectError(await types('saveOrUpdate', { ...base, values: renamed }), 400, ['values[0].lookupCode']);
    const disabled = [{ ...again[0], enabledFlag: 'N' }, ...again.slice(1)];
    expectError(await types('saveOrUpdate', { ...base, values: disabled }), 400, ['values[0].enabledFlag']);
    expectError(await values('saveOrUpdate', { ...again[0], lookupCode: 'RENAMED' }), 400, ['lookupCode']);
    expect((await values('delete', { id: again[0].lookupValuesId })).status).toBe(409);
    expect((await types('delete', { id: stored.lookupTypeId })).status).toBe(409);
    const extra = again.find((v) => v.lookupCode === 'EXTRA')!;
    expectOk(await values('delete', { id: extra.lookupValuesId })); // an administrator's value of it goes
  });
});

describe('table_model: a value set created from the designer', () => {
  const kindField = {
    name: 'noteKind',
    type: 'lookup',
    lookupType: 'DEMO_NOTE_KIND',
    label: { cn: '类别', en: 'Kind' },
  };
  const newType = {
    lookupType: 'DEMO_NOTE_KIND',
    meaning: '备忘类别',
    meaningEn: 'Note kind',
    values: [
      { lookupCode: 'IDEA', meaning: '想法', meaningEn: 'Idea' },
      { lookupCode: 'TODO', meaning: '待办', meaningEn: 'To do' },
    ],
  };

  it('needs the btnNewLookup grant and at least one value', async () => {
    expect((await tableModel(server, 'createLookupType', newType, 'buyer01')).status).toBe(403);
    expectError(await tableModel(server, 'createLookupType', { ...newType, values: [] }), 400, ['values']);
  });

  it('is used by a published field at once, survives a restart, and cannot be deleted while used', async () => {
    const created = expectOk(await tableModel(server, 'createLookupType', newType));
    expect(created.values.map((v: Record<string, unknown>) => [v.lookupCode, v.seqNum])).toEqual([
      ['IDEA', 1],
      ['TODO', 2],
    ]);
    expectOk(await tableModel(server, 'publish', { documents: [{ content: noteEntity([kindField]) }] }));
    expect(server.kernel.registry.entity('srmDemoNote')?.field('noteKind')?.lookupType).toBe('DEMO_NOTE_KIND');
    // A second instance starts on the same database: its load checks find the value set there.
    const restarted = await startTestServer('lookup_admin_b', { dbUrl: server.config.dbUrl });
    try {
      expect(restarted.kernel.registry.lookupType('DEMO_NOTE_KIND')?.meaning).toEqual({
        cn: '备忘类别',
        en: 'Note kind',
      });
    } finally {
      await restarted.close();
    }
    const answer = await types('delete', { id: created.lookupTypeId });
    expect([answer.status, answer.body.msg]).toEqual([409, expect.stringContaining('entity:srmDemoNote.noteKind')]);
  }, 120_000); // a second instance starts (its schema check takes a while on MariaDB)
});
