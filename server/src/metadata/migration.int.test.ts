import { systemContext } from '../resource/context';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKernel } from '../bootstrap';
import { SRM_MODULES } from '../srm';
import { countRows, expectOk, tableRows } from '../testing/apiAssertions';
import { describeColumn, documentsWith, fieldOf, withKernel } from '../testing/metadataVariants';
import { RATE, RATE_TABLE, rateBody, REQ_TABLE } from '../testing/srmFixtures';
import { onMysql } from '../testing/secondProcess';
import { startTestServer, testConfig, type TestServer } from '../testing/testServer';
import { migrateSchema, SchemaChangeRefusedError } from './schemaMigrator';

/** A second kernel on the SAME database with changed metadata: additive changes apply, others refuse to start. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('migration');
});
afterAll(async () => {
  await server?.close();
});

const label = { cn: '测试', en: 'Test' };
const snapshot = async () => ({
  headers: await tableRows(server, REQ_TABLE, 'requisition_header_id'),
  rates: await tableRows(server, RATE_TABLE, 'exchange_rate_id'),
});
const withRemark = (entity: Parameters<Parameters<typeof documentsWith>[0]>[0]) => {
  entity('srmBaseExchangeRate').fields.push({ name: 'remark', type: 'string', length: 200, index: true, label });
};
const noteEntity = {
  metaVersion: 1,
  kind: 'entity',
  name: 'srmTestNote',
  area: 'srmServer',
  table: 'srm_test_note',
  label,
  primaryKey: 'noteId',
  fields: [{ name: 'title', type: 'string', length: 100, label }],
  rowScope: { internalOnly: true },
};

async function refusal(documents: ReturnType<typeof documentsWith>): Promise<SchemaChangeRefusedError> {
  const error = await createKernel(testConfig(server.config.dbUrl), { documents, modules: SRM_MODULES }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SchemaChangeRefusedError);
  return error as SchemaChangeRefusedError;
}

describe('restart with unchanged metadata', () => {
  it('applies zero schema changes and seeds nothing again', async () => {
    const before = await snapshot();
    await withKernel(server.config.dbUrl, undefined, async (_kernel, report) => {
      expect(report).toEqual({ migrated: [], seeded: { lookups: 0, menus: 0, base: 0, demo: 0, accounts: [] } });
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe('reading the existing schema', () => {
  // One read per table made MariaDB scan every database on the server twice per table (its
  // information_schema joins are not narrowed): a minute at start-up beside the CI's test databases.
  it.runIf(onMysql)('takes a fixed number of information_schema queries, however many tables', async () => {
    const dataSource = server.kernel.db.dataSource;
    expect(dataSource.entityMetadatas.length).toBeGreaterThan(50);
    const create = dataSource.createQueryRunner.bind(dataSource);
    let queries = 0;
    dataSource.createQueryRunner = (...args) => {
      const runner = create(...args);
      const query = runner.query.bind(runner);
      runner.query = ((...q: Parameters<typeof query>) => {
        if (/information_schema/i.test(String(q[0]))) queries++;
        return query(...q);
      }) as typeof runner.query;
      return runner;
    };
    try {
      expect(await migrateSchema(dataSource, server.config.dbKind)).toEqual([]);
    } finally {
      dataSource.createQueryRunner = create;
    }
    expect(queries).toBeGreaterThan(0);
    expect(queries).toBeLessThan(12);
  });
});

describe('changes that are not additive refuse to start', () => {
  it('refuses a varchar length change, naming table.column, and changes neither data nor column', async () => {
    const before = await snapshot();
    const error = await refusal(
      documentsWith((entity) => {
        fieldOf(entity('srmPurRequisitionHeader'), 'billTypeCode').length = 50;
      }),
    );
    expect(error.changes).toEqual(['srm_pur_requisition_header.bill_type_code: length 30 → 50']);
    expect(error.message).toContain('srm_pur_requisition_header.bill_type_code');
    expect(await snapshot()).toEqual(before);
    expect(String((await describeColumn(server.kernel, REQ_TABLE, 'bill_type_code'))?.length)).toBe('30');
    expectOk(await server.call('srmServer', RATE, 'listByPage', {}));
  });

  it('refuses a shorter varchar too', async () => {
    const error = await refusal(
      documentsWith((entity) => {
        fieldOf(entity('srmPurRequisitionHeader'), 'billTypeCode').length = 10;
      }),
    );
    expect(error.changes).toEqual(['srm_pur_requisition_header.bill_type_code: length 30 → 10']);
  });

  it('refuses a decimal scale change and a type change, naming each', async () => {
    const error = await refusal(
      documentsWith((entity) => {
        fieldOf(entity('srmBaseExchangeRate'), 'rate').scale = 6;
        Object.assign(fieldOf(entity('srmPurRequisitionHeader'), 'description'), { type: 'integer' });
      }),
    );
    expect(error.changes).toHaveLength(2);
    expect(error.changes.find((c) => c.startsWith('srm_base_exchange_rate.rate:'))).toMatch(
      /decimal\(20,8\) → decimal\(20,6\)/,
    );
    expect(error.changes.find((c) => c.startsWith('srm_pur_requisition_header.description:'))).toMatch(
      /type text → int/,
    );
  });

  it('refuses a new NOT NULL column without a default', async () => {
    const error = await refusal(
      documentsWith((entity) => {
        entity('srmBaseExchangeRate').fields.push({ name: 'mandatoryNote', type: 'string', nullable: false, label });
      }),
    );
    expect(error.changes).toEqual([expect.stringMatching(/^srm_base_exchange_rate\.mandatory_note: /)]);
  });

  it('applies nothing of a start that mixes an additive change with a refused one', async () => {
    await refusal(
      documentsWith(
        (entity) => {
          withRemark(entity);
          fieldOf(entity('srmPurRequisitionHeader'), 'billTypeCode').length = 31;
        },
        [noteEntity],
      ),
    );
    expect(await describeColumn(server.kernel, RATE_TABLE, 'remark')).toBeUndefined();
    const runner = server.kernel.db.dataSource.createQueryRunner();
    try {
      expect(await runner.hasTable('srm_test_note')).toBe(false);
    } finally {
      await runner.release();
    }
  });
});

describe('additive changes apply', () => {
  it('adds a new field (column and index) and a new entity (table), keeping every existing row', async () => {
    const before = await snapshot();
    await withKernel(server.config.dbUrl, documentsWith(withRemark, [noteEntity]), async (kernel, report) => {
      expect([...report.migrated].sort()).toEqual(
        [
          'add column srm_base_exchange_rate.remark',
          'create index ix_srm_base_exchange_rate_remark',
          'create table srm_test_note',
        ].sort(),
      );
      expect(await describeColumn(kernel, RATE_TABLE, 'remark')).toMatchObject({ isNullable: true });
    });
    const after = await snapshot();
    expect(after.headers).toEqual(before.headers);
    expect(after.rates.map(({ remark, ...rest }) => rest)).toEqual(before.rates);
    expect(after.rates.every((r) => r.remark === null)).toBe(true);
  });

  it('serves the new field from a server started on the migrated database, while the old server keeps working', async () => {
    const upgraded = await startTestServer(
      'migration',
      { dbUrl: server.config.dbUrl },
      { documents: documentsWith(withRemark, [noteEntity]) },
    );
    try {
      const saved = expectOk(
        await upgraded.call('srmServer', RATE, 'saveOrUpdate', rateBody({ remark: 'added later' })),
      );
      expect(saved.remark).toBe('added later');
      const listed = expectOk(await upgraded.call('srmServer', RATE, 'listByPage', { params: { remark: 'later' } }));
      expect(listed.map((r: { exchangeRateId: number }) => r.exchangeRateId)).toEqual([saved.exchangeRateId]);
      // The new table has no menu yet (no one may call it over HTTP): write through the service.
      const noteModel = upgraded.kernel.registry.entity('srmTestNote')!;
      const note = (await upgraded.kernel.resources.run('saveOrUpdate', noteModel, { title: 'hello' }, systemContext()))
        .data;
      expect(note).toMatchObject({ title: 'hello', versionNum: 1 });
      const old = expectOk(await server.call('srmServer', RATE, 'findById', { id: saved.exchangeRateId }));
      expect(old).not.toHaveProperty('remark');
      expect(old.rate).toBe('9.12345678');
    } finally {
      await upgraded.close();
    }
  });

  it('applies zero changes when restarted again with the same changed metadata', async () => {
    await withKernel(server.config.dbUrl, documentsWith(withRemark, [noteEntity]), async (_kernel, report) => {
      expect(report.migrated).toEqual([]);
    });
  });

  it('adds many fields to one table in one start', async () => {
    const names = Array.from({ length: 30 }, (_, i) => `extra${i}`);
    const documents = documentsWith((entity) => {
      entity('baseOrganization').fields.push(...names.map((name) => ({ name, type: 'string', length: 20, label })));
    });
    const rows = await countRows(server, 'base_organization');
    await withKernel(server.config.dbUrl, documents, async (_kernel, report) => {
      expect(report.migrated).toHaveLength(30);
    });
    expect(await countRows(server, 'base_organization')).toBe(rows);
  }, 60_000);

  it('keeps the column and its data when a field disappears from metadata again', async () => {
    const before = await tableRows(server, RATE_TABLE, 'exchange_rate_id');
    expect(before.filter((r) => r.remark === 'added later')).toHaveLength(1);
    await withKernel(server.config.dbUrl, undefined, async (_kernel, report) => {
      expect(report.migrated).toEqual([]);
    });
    expect(await tableRows(server, RATE_TABLE, 'exchange_rate_id')).toEqual(before);
    expect(await describeColumn(server.kernel, RATE_TABLE, 'remark')).toBeDefined();
  });
});

describe('two instances migrating the same change at once', () => {
  // Both plan "add column" before either has added it; the slower one's ALTER then finds the
  // column there. That is the change done, not a failed start or a failed publish (publishRace.int.test.ts).
  it('both succeed and the column is there once', async () => {
    const dataSource = server.kernel.db.dataSource;
    const meta = dataSource.entityMetadatas.filter((m) => m.tableName === RATE_TABLE);
    await dataSource.query(`ALTER TABLE ${RATE_TABLE} DROP COLUMN valid_to`);
    expect(await describeColumn(server.kernel, RATE_TABLE, 'valid_to')).toBeUndefined();
    const kind = server.kernel.config.dbKind;
    const applied = await Promise.all([migrateSchema(dataSource, kind, meta), migrateSchema(dataSource, kind, meta)]);
    expect(applied).toEqual([
      ['add column srm_base_exchange_rate.valid_to'],
      ['add column srm_base_exchange_rate.valid_to'],
    ]);
    expect(await describeColumn(server.kernel, RATE_TABLE, 'valid_to')).toMatchObject({ isNullable: true });
  });
});
