import { describe, expect, it } from 'vitest';
import type { EntityDef, FieldDef } from '../generated/meta-model';
import { classifyEntityChange } from './changeClassifier';

const field = (name: string, type: FieldDef['type'] = 'string', extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type,
  label: { cn: name, en: name },
  ...extra,
});
const entity = (fields: FieldDef[], extra: Partial<EntityDef> = {}): EntityDef =>
  ({
    metaVersion: 1,
    kind: 'entity',
    name: 'srmNote',
    area: 'srmServer',
    table: 'srm_note',
    label: { cn: '备忘', en: 'Note' },
    primaryKey: 'noteId',
    fields,
    ...extra,
  }) as EntityDef;

const live = entity([field('title', 'string', { length: 80 }), field('amount', 'money')]);
const kinds = (r: ReturnType<typeof classifyEntityChange>) => r.changes.map((c) => `${c.kind}:${c.field ?? ''}`);

describe('classifyEntityChange', () => {
  it('a new entity and a new field migrate', () => {
    expect(kinds(classifyEntityChange(undefined, live))).toEqual(['createEntity:']);
    const r = classifyEntityChange(live, entity([...live.fields, field('remark', 'text')]));
    expect(r.refusals).toEqual([]);
    expect(r.changes).toEqual([expect.objectContaining({ kind: 'addField', field: 'remark', migrates: true })]);
  });

  it('label changes are metadata only', () => {
    const r = classifyEntityChange(
      live,
      entity([field('title', 'string', { length: 80, label: { cn: '标题', en: 'Title' } }), live.fields[1]], {
        label: { cn: '便条', en: 'Memo' },
      }),
    );
    expect(r.refusals).toEqual([]);
    expect(kinds(r)).toEqual(['changeEntity:', 'changeField:title']);
    expect(r.changes.every((c) => !c.migrates)).toBe(true);
  });

  it('a rename that keeps the column is metadata only', () => {
    const r = classifyEntityChange(
      live,
      entity([field('subject', 'string', { length: 80, column: 'title' }), live.fields[1]]),
    );
    expect(r.refusals).toEqual([]);
    expect(kinds(r)).toContain('renameField:subject');
    expect(r.changes.some((c) => c.migrates)).toBe(false);
  });

  it('a removed field is refused with the way out; a retired one is accepted', () => {
    const removed = classifyEntityChange(live, entity([live.fields[0]]));
    expect(removed.refusals).toEqual([
      expect.objectContaining({ field: 'amount', message: expect.stringMatching(/"amount" was removed.*retire it/) }),
    ]);
    const retired = classifyEntityChange(live, entity([live.fields[0], { ...live.fields[1], retired: true }]));
    expect(retired.refusals).toEqual([]);
    expect(kinds(retired)).toEqual(['retireField:amount']);
  });

  it('type changes, shrinking and table changes are refused, naming the field and the pointer', () => {
    const r = classifyEntityChange(
      live,
      entity([field('title', 'integer'), field('amount', 'money', { scale: 1 })], { table: 'srm_memo' }),
    );
    expect(r.refusals.map((x) => x.pointer)).toEqual(['/table', '/fields/0', '/fields/1']);
    expect(r.refusals[1].message).toMatch(
      /field "title" cannot be changed: its type would change from varchar\(80\) to int/,
    );
    expect(r.refusals[2].message).toMatch(/decimal\(20,2\) to decimal\(20,1\)/);
    const shrink = classifyEntityChange(live, entity([field('title', 'string', { length: 40 }), live.fields[1]]));
    expect(shrink.refusals[0].message).toMatch(/length would shrink from 80 to 40/);
  });

  it('a storage-compatible type change (string(60) → lookup) passes; a new NOT NULL column without default does not', () => {
    const before = entity([field('kind', 'string', { length: 60 })]);
    expect(classifyEntityChange(before, entity([field('kind', 'lookup', { lookupType: 'X' })])).refusals).toEqual([]);
    const r = classifyEntityChange(before, entity([before.fields[0], field('code', 'string', { nullable: false })]));
    expect(r.refusals).toEqual([expect.objectContaining({ pointer: '/fields/1/nullable', field: 'code' })]);
  });

  it('growing a stored column is an explicit migration; restoring a retired field is metadata only', () => {
    const grown = classifyEntityChange(live, entity([field('title', 'string', { length: 120 }), live.fields[1]]));
    expect(grown.refusals[0].message).toMatch(
      /varchar\(80\) to varchar\(120\); growing a stored column is an explicit migration/,
    );
    const retired = entity([live.fields[0], { ...live.fields[1], retired: true }]);
    expect(kinds(classifyEntityChange(retired, live))).toEqual(['restoreField:amount']);
    expect(classifyEntityChange(retired, entity([live.fields[0]])).refusals[0].message).toMatch(
      /"amount" is retired and cannot be left out.*purge it/,
    );
  });

  it('moving a field to another column is refused', () => {
    const r = classifyEntityChange(
      live,
      entity([field('title', 'string', { length: 80, column: 'title2' }), live.fields[1]]),
    );
    expect(r.refusals[0]).toMatchObject({ pointer: '/fields/0/column', field: 'title' });
  });
});
