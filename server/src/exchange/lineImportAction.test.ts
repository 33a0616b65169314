import { describe, expect, it, vi } from 'vitest';
import type { ActionRequest, Kernel } from '../kernel';
import type { ResourceContext } from '../resource/context';
import { importLinesAction } from './lineImport';

/** importLinesAction up to the sheet: the upload, the header's id, the writing scope and the 404 (the sheet itself: simple.int.test.ts). */
describe('importLinesAction', () => {
  const ctx = { userId: 2, language: 'EN' } as ResourceContext;
  const spec = { header: 'h', child: 'lines', idFields: ['headId', 'id'], fields: ['a'] };
  const scope = { field: 'orgId', op: 'eq', value: 2 };
  const kernelWith = (found: unknown) => {
    const authorizeEntityAction = vi.fn(async () => scope);
    const byId = vi.fn(async () => found);
    const kernel = {
      registry: { entity: (name: string) => ({ name }) },
      auth: { guard: { authorizeEntityAction } },
      resources: { reader: { byId, withChildren: vi.fn() } },
    } as unknown as Kernel;
    return { kernel, authorizeEntityAction, byId };
  };
  const upload = (fields: Record<string, unknown>): ActionRequest =>
    ({
      identity: {},
      headers: {},
      xlsxUpload: async () => ({ file: '/tmp/x.xlsx', fields }),
    }) as unknown as ActionRequest;

  it('is 400 when the call is no upload', async () => {
    const { kernel } = kernelWith(undefined);
    await expect(importLinesAction(kernel, { headers: {} } as ActionRequest, ctx, {}, spec)).rejects.toMatchObject({
      httpStatus: 400,
    });
  });

  it('reads the header the form names, through the caller’s saveOrUpdate scope; 404 when it is not there', async () => {
    const { kernel, authorizeEntityAction, byId } = kernelWith(undefined);
    await expect(importLinesAction(kernel, upload({ headId: '12' }), ctx, {}, spec)).rejects.toMatchObject({
      httpStatus: 404,
    });
    expect(authorizeEntityAction.mock.calls[0]).toEqual([{}, {}, { name: 'h' }, 'saveOrUpdate', ctx]);
    expect(byId.mock.calls[0]).toEqual([{ name: 'h' }, 12, ctx, scope]);
  });

  it('is 400 naming the id fields when neither the form nor the body names the header', async () => {
    const { kernel, byId } = kernelWith(undefined);
    await expect(importLinesAction(kernel, upload({}), ctx, {}, spec)).rejects.toMatchObject({ httpStatus: 400 });
    expect(byId).not.toHaveBeenCalled();
  });
});
