import { describe, expect, it } from 'vitest';
import { journaled, recordWrite } from './writeJournal';

describe('writeJournal', () => {
  it('records the tables of the writes inside a journal, not reads or writes outside one', async () => {
    recordWrite('UPDATE outside SET a = 1');
    const { result, tables } = await journaled(async () => {
      recordWrite('INSERT INTO `base_todo` (a) VALUES (?)');
      await Promise.resolve();
      recordWrite('  update "srm_pur_order_header" SET x = ?');
      recordWrite('DELETE FROM srm_pur_order_line WHERE id = ?');
      recordWrite('SELECT * FROM base_users');
      return 7;
    });
    expect(result).toBe(7);
    expect([...tables].sort()).toEqual(['base_todo', 'srm_pur_order_header', 'srm_pur_order_line']);
  });

  it('keeps two journals apart', async () => {
    const [a, b] = await Promise.all([
      journaled(async () => {
        await new Promise((r) => setTimeout(r, 5));
        recordWrite('UPDATE a SET x = 1');
      }),
      journaled(async () => recordWrite('UPDATE b SET x = 1')),
    ]);
    expect([...a.tables]).toEqual(['a']);
    expect([...b.tables]).toEqual(['b']);
  });
});
