import { loadDocumentFiles, MetadataRegistry } from '@meridian/metadata/node';
import { describe, expect, it } from 'vitest';
import type { SqlExecutor } from '../db/sqlExecutor';
import { ApiError } from '../http/apiError';
import type { PreparedRecord } from './recordPreparation';
import { checkReferences } from './referenceCheck';

/** checkReferences against a fake executor that records its queries (docs/decisions.md, issue 13). */
const registry = MetadataRegistry.load(loadDocumentFiles());
const header = registry.entity('srmPurRequisitionHeader')!;
const existing = new Set([1, 2, 3, 5, 9]);

function fakeTx() {
  const queries: { sql: string; params: unknown[] }[] = [];
  const tx = {
    dialect: { quote: (name: string) => `"${name}"` },
    select: async (sql: string, params: unknown[]) => {
      queries.push({ sql, params });
      return params.filter((p) => existing.has(Number(p))).map((v) => ({ v }));
    },
  } as unknown as SqlExecutor;
  return { tx, queries };
}

const record = (values: Record<string, unknown>, lines: Record<string, unknown>[] = []): PreparedRecord => ({
  id: undefined,
  versionNum: undefined,
  values,
  children: { lines: lines.map((v) => ({ id: undefined, versionNum: undefined, values: v, children: {} })) },
});

describe('checkReferences', () => {
  it('runs one query per target entity for a whole batch, headers and lines together', async () => {
    const { tx, queries } = fakeTx();
    const rows = [1, 2, 3].map((i) =>
      record({ orgId: 2, invOrgId: 5, deptId: 9, requesterId: 2 }, [
        { itemId: 1, categoryId: i },
        { itemId: 2, categoryId: 2 },
      ]),
    );
    await checkReferences(
      registry,
      tx,
      header,
      rows.map((r, i) => ({ record: r, prefix: `rows[${i}].` })),
      { language: 'EN', vars: {} },
    );
    const existence = queries.filter((q) => !q.sql.includes(' AND ('));
    const tables = existence.map((q) => /FROM "([a-z_]+)"/.exec(q.sql)![1]).sort();
    expect(tables).toEqual(['base_organization', 'base_users', 'srm_base_category', 'srm_base_material_item']);
    // The ids of a target are asked for once each.
    expect(existence.find((q) => q.sql.includes('base_organization'))!.params).toEqual([2, 5, 9]);
    // Then one query per declared filter (reference.filter) as resolved, whatever the number of rows:
    // company, plant and department of company 2, requester, and the lines' item and category.
    expect(queries.length - existence.length).toBe(6);
  });

  it('names every field whose value names no row, with its row and line, in the caller language', async () => {
    const { tx } = fakeTx();
    const rows = [
      record({ requesterId: 2 }),
      record({ requesterId: 999999, orgId: 2 }, [{ itemId: 1 }, { itemId: 777 }]),
    ];
    const failure = await checkReferences(
      registry,
      tx,
      header,
      rows.map((r, i) => ({ record: r, prefix: `rows[${i}].` })),
      { language: 'CN', vars: {} },
    ).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    const errors = (failure as ApiError).errors!;
    expect(errors.map((e) => e.field).sort()).toEqual(['rows[1].lines[1].itemId', 'rows[1].requesterId']);
    expect(errors.find((e) => e.field === 'rows[1].requesterId')!.message).toMatch(/^"999999" 对应的.+不存在$/);
  });

  it('skips empty values and asks nothing when there is nothing to check', async () => {
    const { tx, queries } = fakeTx();
    await checkReferences(
      registry,
      tx,
      header,
      [{ record: record({ requesterId: null, orgId: undefined, description: 'x' }), prefix: '' }],
      { language: 'EN', vars: {} },
    );
    expect(queries).toEqual([]);
  });

  it('ANDs the scope a caller gives for a target into that target query only', async () => {
    const { tx, queries } = fakeTx();
    const scopeFor = (target: { name: string }) =>
      target.name === 'baseUsers' ? { field: 'userType', op: 'eq' as const, value: 'BUYER' } : undefined;
    await checkReferences(registry, tx, header, [{ record: record({ requesterId: 2, orgId: 2 }), prefix: '' }], {
      language: 'EN',
      vars: {},
      scopeFor,
    });
    const users = queries.find((q) => q.sql.includes('base_users'))!;
    expect(users.sql).toMatch(/ AND \(.*user_type.*\)$/);
    expect(users.params).toEqual([2, 'BUYER']);
    expect(queries.find((q) => q.sql.includes('base_organization'))!.sql).not.toContain(' AND ');
  });

  it('asks nothing about the values an update leaves as stored (stored 2, sent "2"), and checks the changed ones', async () => {
    const { tx, queries } = fakeTx();
    const line: PreparedRecord = { id: 11, versionNum: 1, values: { itemId: '1', categoryId: 777 }, children: {} };
    const updated: PreparedRecord = {
      id: 7,
      versionNum: 1,
      values: { requesterId: '2', orgId: 2 },
      children: { lines: [line] },
    };
    const stored = new Map([
      [updated, { requesterId: 2, orgId: 2 }],
      [line, { itemId: 1, categoryId: 2 }],
    ]);
    const failure = await checkReferences(registry, tx, header, [{ record: updated, prefix: '', stored }], {
      language: 'CN',
      vars: {},
    }).catch((e: unknown) => e);
    expect((failure as ApiError).errors!.map((e) => e.field)).toEqual(['lines[0].categoryId']);
    expect(queries.map((q) => /FROM "([a-z_]+)"/.exec(q.sql)![1])).toEqual(['srm_base_category']);
  });
});
