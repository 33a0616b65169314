import { createForm } from '@formily/core';
import { raw } from '@formily/reactive';
import { describe, expect, it } from 'vitest';
import type { DataRecord, EntityDef } from '../meta';
import { stripFormilyInternals } from '../schema/cleanRecord';
import { lineKeysOf, patchRecordValues, recordPatches } from './patchRecordValues';

const KEYS = { lines: 'lineId' };
const lineOf = (lineId: number | undefined, quantity: string, versionNum = 1) => ({
  lineId,
  quantity,
  amount: quantity,
  versionNum,
});
const loaded = (): DataRecord => ({
  headerId: 9,
  versionNum: 3,
  total: '6',
  lines: [lineOf(1, '1'), lineOf(2, '2'), lineOf(3, '3')],
});
const formOf = (record: DataRecord) => {
  const form = createForm();
  form.setValues(JSON.parse(JSON.stringify(record)) as DataRecord, 'overwrite');
  return form;
};
const rowsOf = (values: DataRecord) => (raw(values).lines as unknown[]).map((row) => raw(row));

describe('patchRecordValues (docs/decisions.md, issue 15)', () => {
  it("sets only what a save's answer changed; untouched lines stay the same objects", () => {
    const form = formOf(loaded());
    form.setValuesIn('lines.1.quantity', '5');
    form.setValuesIn('lines.1.__DO_NOT_USE_THIS_PROPERTY_index__', 1);
    const before = rowsOf(form.values);
    const answer = {
      ...loaded(),
      versionNum: 4,
      total: '9',
      lines: [lineOf(1, '1'), lineOf(2, '5.00', 2), lineOf(3, '3')],
    };
    expect(recordPatches(form, answer, KEYS).map((p) => p.path.join('.'))).toEqual([
      'versionNum',
      'total',
      'lines.1.quantity',
      'lines.1.amount',
      'lines.1.versionNum',
    ]);
    patchRecordValues(form, answer, KEYS);
    expect(stripFormilyInternals({ ...form.values })).toEqual(answer);
    const after = rowsOf(form.values);
    expect([after[0] === before[0], after[1] === before[1], after[2] === before[2]]).toEqual([true, true, true]);
  });

  it('replaces the lines whole when rows were added, removed or first given keys, and clears what the answer lacks', () => {
    const form = formOf(loaded());
    form.setValuesIn('lines.3', lineOf(undefined, '4'));
    form.setValuesIn('note', 'typed');
    const answer = { ...loaded(), versionNum: 4, lines: [lineOf(1, '1'), lineOf(3, '3'), lineOf(8, '4')] };
    expect(recordPatches(form, answer, KEYS).map((p) => p.path.join('.'))).toEqual(['versionNum', 'lines', 'note']);
    patchRecordValues(form, answer, KEYS);
    expect(stripFormilyInternals({ ...form.values })).toEqual({ ...answer, note: undefined });
    // The form never shares objects with the answer (the query cache holds it).
    expect(raw(form.values).lines).not.toBe(answer.lines);
  });

  it('leaves a form that already shows the record alone', () => {
    const form = formOf(loaded());
    expect(recordPatches(form, loaded(), KEYS)).toEqual([]);
  });

  it("finds each line collection's key in the line entity", () => {
    const label = { cn: 'x', en: 'x' };
    const entity = {
      name: 'h',
      primaryKey: 'headerId',
      children: [{ name: 'lines', entity: 'l', foreignKey: 'headerId' }],
      label,
    } as unknown as EntityDef;
    const line = { name: 'l', primaryKey: 'lineId', label } as unknown as EntityDef;
    expect(lineKeysOf(entity, { h: entity, l: line })).toEqual(KEYS);
  });
});
