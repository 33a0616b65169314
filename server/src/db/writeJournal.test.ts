import { describe, expect, it } from 'vitest';
import { recordWrite, tableWritten, type WriteJournal } from './writeJournal';

describe('writeJournal', () => {
  it('records the tables of inserts, updates and deletes, quoted or not, and not of reads', () => {
    const journal: WriteJournal = new Set();
    recordWrite(journal, 'INSERT INTO `base_todo` (a) VALUES (?)');
    recordWrite(journal, '  update "srm_pur_order_header" SET x = ?');
    recordWrite(journal, 'DELETE FROM srm_pur_order_line WHERE id = ?');
    recordWrite(journal, 'SELECT * FROM base_users');
    expect([...journal].sort()).toEqual(['base_todo', 'srm_pur_order_header', 'srm_pur_order_line']);
    expect(tableWritten('SELECT 1')).toBeUndefined();
  });
});
