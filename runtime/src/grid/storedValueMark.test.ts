import { describe, expect, it } from 'vitest';
import { describeColumns } from '../schema/columnDescriptor';
import { entities } from '../test/fixtures';
import { storedValueMark } from './columnBuilder';

describe('storedValueMark: what the every-menu harness compares with what a cell shows', () => {
  const header = entities.srmPurRequisitionHeader;
  const columns = describeColumns(
    { columns: [{ key: 'status' }, { key: 'orgId' }, { key: 'requisitionHeaderId' }, { key: 'title' }] },
    header,
    'CN',
  );
  const [status, org, id, title] = columns;

  it('marks coded and reference cells with their stored value and column', () => {
    expect(storedValueMark(status, 'DRAFT')).toEqual({
      'data-stored-kind': 'code',
      'data-stored': 'DRAFT',
      'data-column': 'status',
    });
    expect(storedValueMark(org, 11)).toMatchObject({ 'data-stored-kind': 'reference', 'data-stored': '11' });
  });

  it("marks another record's …Id integer, not the grid's own key, nor plain or empty cells", () => {
    expect(storedValueMark(id, 5)).toMatchObject({ 'data-stored-kind': 'id' });
    expect(storedValueMark(id, 5, 'requisitionHeaderId')).toBeUndefined();
    expect(storedValueMark(title, '办公用品')).toBeUndefined();
    expect(storedValueMark(status, null)).toBeUndefined();
  });
});
