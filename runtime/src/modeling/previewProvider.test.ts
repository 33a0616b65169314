import { describe, expect, it } from 'vitest';
import { createFakeProvider } from '../test/fakeProvider';
import { createPreviewProvider } from './previewProvider';

describe('createPreviewProvider column layouts', () => {
  it('never asks the server for a draft page layout (it answers 400 for unpublished paths)', async () => {
    // The base is a DataProvider only: the preview has no way to reach the server's layouts.
    const base = createFakeProvider();
    const preview = createPreviewProvider(base, {}, []);
    await expect(preview.getTableConfig({ pagePath: 'draft/list' })).resolves.toBeNull();
    expect('getTableConfig' in base).toBe(false);
  });

  it('keeps a layout changed in the preview in memory, per page and grid', async () => {
    const base = createFakeProvider();
    const preview = createPreviewProvider(base, {}, []);
    const columns = [{ key: 'code', hidden: true }] as never;
    await preview.createOrUpdateTableConfig({ pagePath: 'draft/list' }, columns);
    await expect(preview.getTableConfig({ pagePath: 'draft/list' })).resolves.toBe(columns);
    await expect(preview.getTableConfig({ pagePath: 'draft/list', gridName: 'lines' })).resolves.toBeNull();
    await preview.deleteTableConfig({ pagePath: 'draft/list' });
    await expect(preview.getTableConfig({ pagePath: 'draft/list' })).resolves.toBeNull();
  });
});
